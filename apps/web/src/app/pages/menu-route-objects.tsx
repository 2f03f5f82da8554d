/**
 * The signed-in user's menu table (buildMenuRoutes over the permission result) and the React Router
 * objects made from it, patched under the shell route once permissions are loaded (spec §2.2).
 * Pages are not rendered by the router's <Outlet/>: the tab workspace renders them (several at once,
 * kept alive). A route's `lazy` only fetches the page's chunk, so a navigation completes with the
 * screen ready; its `handle` carries the menu route for breadcrumb and title.
 *
 * The routes below an alwaysShow node stay flat here: the tab workspace, not a router <Outlet/>, puts
 * them into the node's aggregate host (tab-views.tsx), and Jeecg's absolute child paths need not sit
 * under the node's path, which nested React Router routes would require.
 */
import { Navigate, redirect, type RouteObject } from 'react-router';
import type { PermissionResult } from '@houtai/shared/contract/permission';
import { heldActions } from '../shell/menu-items.ts';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import { buildMenuRoutes, type MenuRoute, type MenuRouteTable } from '../router/menu-routes.ts';
import { loadPage } from './page-loaders.tsx';

const tables = new WeakMap<PermissionResult, MenuRouteTable>();

/** `window._CONFIG`-style values menu urls may reference: domianURL is the API base as an absolute URL. */
function placeholderConfig(): Record<string, string> {
  const base = new URL(getRuntimeConfig().apiBase || '/', window.location.origin).href.replace(/\/$/, '');
  return { domianURL: base };
}

/** The route table of a permission result, built once per result. */
export function menuTableFor(permissions: PermissionResult): MenuRouteTable {
  let table = tables.get(permissions);
  if (!table) {
    table = buildMenuRoutes(permissions.menu, { held: heldActions(permissions.auth), config: placeholderConfig() });
    tables.set(permissions, table);
  }
  return table;
}

/** `title`/`icon` are what the visit counter (lib/analysis-navigate.ts) reads from a handle. */
export interface MenuRouteHandle {
  menuRoute: MenuRoute;
  title: string;
  icon?: string;
}

/** The route's own element: the tab workspace renders the page, so the router's outlet stays empty. */
function RenderedByWorkspace() {
  return null;
}

export function toRouteObjects(table: MenuRouteTable): RouteObject[] {
  const routes: RouteObject[] = table.routes.map((route) => {
    const common = {
      id: `menu:${route.id}`,
      path: route.path,
      handle: {
        menuRoute: route,
        title: route.title,
        ...(route.icon ? { icon: route.icon } : {}),
      } satisfies MenuRouteHandle,
    };
    const { landing } = route;
    // An alwaysShow node is its own landing page (spec §2.1). Of the two ways to show it, the node's
    // path redirects to its first child rather than rendering that child inside the host at the node's
    // path: one page then has one tab, title and keep-alive entry whichever way it was opened. The
    // loader redirects before the location changes, so the workspace never sees the node's path.
    if (landing !== undefined) return { ...common, loader: () => redirect(landing) };
    return {
      ...common,
      lazy: async () => {
        await loadPage(route.page);
        return { Component: RenderedByWorkspace };
      },
    };
  });
  for (const redirect of table.redirects) {
    routes.push({ path: redirect.from, element: <Navigate to={redirect.to} replace /> });
  }
  return routes;
}
