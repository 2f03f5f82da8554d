/**
 * Wires the tab store (../tabs/tabs-store.ts) to the router and the session (spec §2.4):
 * - the store follows the signed-in user (bindUser; open tabs come back after a browser reload);
 * - multi-tab mode and the mobile flag come from the display settings and the layout;
 * - every location change inside the menu is a visit;
 * - the reducer's effects are performed here, in one place: warn → message.warning,
 *   navigate → navigate, pageClosed → window event 'houtai:page-closed' (detail: fullPath, componentName).
 * Returns the location each open tab was last shown with, so a hidden page keeps seeing its own.
 */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { HOME_PATH } from '@houtai/shared/constants';
import { useSessionStore } from '../../../lib/session-store.ts';
import { matchMenuRoute, matchTitle, type MenuRouteTable } from '../../router/menu-routes.ts';
import { DEFAULT_HOME_ROUTE, type TabEffect, type TabRoute } from '../tabs/tab-model.ts';
import { tabsStore } from '../tabs/tabs-store.ts';
import { useFeedback } from '../../../lib/feedback.ts';

export const PAGE_CLOSED_EVENT = 'houtai:page-closed';

export interface PageClosedDetail {
  fullPath: string;
  componentName: string | undefined;
}

// Sign-out (from anywhere: the user menu, a 401, a failed permission load) forgets the user's tabs here;
// the layout binds the next user.
useSessionStore.subscribe((state, previous) => {
  if (previous.token && !state.token) tabsStore.getState().bindUser(null);
});

/**
 * The tab record of a location, when a menu route serves it. A menu entry whose address is exactly
 * this location (a route-'0' entry of a parameter route) gives the tab its own title.
 */
export function tabRouteFor(table: MenuRouteTable, pathname: string, search: string): TabRoute | null {
  const match = matchMenuRoute(table.routes, pathname);
  if (!match) return null;
  const { route } = match;
  return {
    name: route.name,
    path: pathname,
    fullPath: pathname + search,
    meta: {
      title: matchTitle(match),
      keepAlive: route.keepAlive,
      componentName: route.componentName,
      ...(route.icon ? { icon: route.icon } : {}),
    },
  };
}

export function useTabWorkspace(table: MenuRouteTable, options: { multiTab: boolean; isMobile: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const userId = useSessionStore((s) => s.userInfo?.id ?? null);
  const locations = useRef(new Map<string, Location>());

  // Order matters: the user and options are settled before the first visit of this render.
  useLayoutEffect(() => {
    tabsStore.getState().bindUser(userId);
  }, [userId]);

  const home = useMemo<TabRoute>(() => tabRouteFor(table, HOME_PATH, '') ?? DEFAULT_HOME_ROUTE, [table]);
  useLayoutEffect(() => {
    tabsStore.getState().setOptions({ multiTab: options.multiTab, isMobile: options.isMobile, home });
  }, [options.multiTab, options.isMobile, home]);

  useLayoutEffect(() => {
    const route = tabRouteFor(table, location.pathname, location.search);
    if (!route) return;
    locations.current.set(route.fullPath, location);
    tabsStore.getState().visit(route);
  }, [table, location]);

  useEffect(
    () =>
      tabsStore.subscribeEffects((effect: TabEffect) => {
        switch (effect.type) {
          case 'warn':
            void message.warning(effect.text);
            return;
          case 'navigate':
            void navigate(effect.to);
            return;
          case 'pageClosed': {
            locations.current.delete(effect.fullPath);
            const detail: PageClosedDetail = { fullPath: effect.fullPath, componentName: effect.componentName };
            window.dispatchEvent(new CustomEvent(PAGE_CLOSED_EVENT, { detail }));
            return;
          }
        }
      }),
    [message, navigate],
  );

  return locations;
}
