/**
 * The pages of the open tabs (spec §2.2, §2.4): the active one visible, the kept-alive ones hidden
 * with React <Activity> (state kept, effects paused), keyed by tabViewKey so 刷新 remounts a page.
 * Each page sees the location it was opened with (useLocation/useParams/useSearchParams), so a
 * hidden page does not react to the visible page's address. A page below an alwaysShow node is shown
 * inside that node's aggregate host, as the host's <Outlet/>.
 */
import { Activity, Suspense, createElement, useContext, useMemo, type ReactElement, type ReactNode } from 'react';
import { UNSAFE_LocationContext, UNSAFE_RouteContext, parsePath, type Location } from 'react-router';
import { PageSpinner } from '../../route-fallbacks.tsx';
import { pageComponent } from '../../pages/page-loaders.tsx';
import { MenuRouteContext } from '../../pages/page-context.ts';
import { aggregateHostOf, matchMenuRoute, type MenuRouteTable, type RouteMatch } from '../../router/menu-routes.ts';
import { AggregateHost } from '../aggregate-host/aggregate-host.tsx';
import { selectMountedTabs, tabViewKey, type Tab } from '../tabs/tab-model.ts';
import { useTabsStore } from '../tabs/tabs-store.ts';

function locationOf(fullPath: string): Location {
  const { pathname = '/', search = '', hash = '' } = parsePath(fullPath);
  return { pathname, search, hash, state: null, key: `tab:${fullPath}` };
}

/**
 * Gives the page its own location and route match instead of the router's current ones. With `outlet`,
 * the children are a host whose <Outlet/> shows `outlet` (the page, itself without an outlet).
 */
function PageRouting({
  location,
  match,
  outlet,
  children,
}: {
  location: Location;
  match: RouteMatch;
  outlet?: ReactElement;
  children: ReactNode;
}) {
  const locationContext = useContext(UNSAFE_LocationContext);
  const routeContext = useContext(UNSAFE_RouteContext);
  const locationValue = useMemo(() => ({ ...locationContext, location }), [locationContext, location]);
  const routeValue = useMemo(
    () => ({
      ...routeContext,
      outlet: null,
      matches: [
        ...routeContext.matches,
        {
          params: match.params,
          pathname: location.pathname,
          pathnameBase: location.pathname,
          route: { id: `menu:${match.route.id}`, path: match.route.path },
        },
      ],
    }),
    [routeContext, match, location.pathname],
  );
  const value = outlet
    ? {
        ...routeValue,
        outlet: <UNSAFE_RouteContext.Provider value={routeValue}>{outlet}</UNSAFE_RouteContext.Provider>,
      }
    : routeValue;
  return (
    <UNSAFE_LocationContext.Provider value={locationValue}>
      <UNSAFE_RouteContext.Provider value={value}>{children}</UNSAFE_RouteContext.Provider>
    </UNSAFE_LocationContext.Provider>
  );
}

function TabView({ tab, table, location }: { tab: Tab; table: MenuRouteTable; location: Location }) {
  const match = useMemo(() => matchMenuRoute(table.routes, location.pathname), [table, location.pathname]);
  if (!match) return null;
  const page = <Suspense fallback={<PageSpinner />}>{createElement(pageComponent(match.route.page))}</Suspense>;
  const host = aggregateHostOf(table.routes, match.route);
  return (
    <MenuRouteContext.Provider value={match.route}>
      <PageRouting location={location} match={match} {...(host ? { outlet: page } : {})}>
        <div data-testid="tab-view" data-tab={tab.fullPath}>
          {host ? <AggregateHost host={host} current={match} /> : page}
        </div>
      </PageRouting>
    </MenuRouteContext.Provider>
  );
}

export function TabViews({
  table,
  locations,
  current,
}: {
  table: MenuRouteTable;
  locations: ReadonlyMap<string, Location>;
  /** The router's location: the active page gets it as is (with its state and key). */
  current: Location;
}) {
  const model = useTabsStore((s) => s.model);
  const mounted = useMemo(() => selectMountedTabs(model), [model]);
  const currentFullPath = current.pathname + current.search;
  return (
    <>
      {mounted.map((tab) => {
        const active = tab.fullPath === model.activeFullPath;
        const location =
          active && tab.fullPath === currentFullPath
            ? current
            : (locations.get(tab.fullPath) ?? locationOf(tab.fullPath));
        return (
          <Activity key={tabViewKey(tab)} mode={active ? 'visible' : 'hidden'}>
            <TabView tab={tab} table={table} location={location} />
          </Activity>
        );
      })}
    </>
  );
}
