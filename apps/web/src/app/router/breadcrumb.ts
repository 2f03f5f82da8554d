/**
 * The page header's breadcrumb (spec §2.3): home first, then each menu step down to the current page,
 * each with its menu title; the current page is plain text, the others are links (a menu group links
 * to the page it redirects to). A location that is a route-'0' menu entry's own address (an alias of a
 * parameter route) follows that entry's menu path and title. Wiring: `breadcrumbFor(table.routes, matchMenuRoute(table.routes, pathname))`
 * → antd Breadcrumb items (`href` → <Link to>, none → text); `isHeaderContentHidden(match)` hides the
 * page header content per route (`meta.hiddenHeaderContent`).
 */
import { HOME_PATH } from '@houtai/shared/constants';
import type { MenuRoute, RouteMatch } from './menu-routes.ts';

export const HOME_TITLE = '首页';

export interface BreadcrumbItem {
  key: string;
  title: string;
  /** Link target; absent for the current page and for steps with nothing to open. */
  href?: string;
}

export function breadcrumbFor(routes: readonly MenuRoute[], match: RouteMatch | null): BreadcrumbItem[] {
  const homeTitle = routes.find((r) => r.path === HOME_PATH)?.title ?? HOME_TITLE;
  const current = match?.route;
  if (!current || current.path === HOME_PATH) {
    // On home (or a page outside the menu) the trail is just home, linked only when elsewhere.
    return [current ? { key: HOME_PATH, title: homeTitle } : { key: HOME_PATH, title: homeTitle, href: HOME_PATH }];
  }
  const items: BreadcrumbItem[] = [{ key: HOME_PATH, title: homeTitle, href: HOME_PATH }];
  const chain = match?.alias?.chain ?? current.chain;
  const last = chain.length - 1;
  chain.forEach((crumb, i) => {
    if (crumb.path === HOME_PATH) return;
    const item: BreadcrumbItem = { key: crumb.path, title: crumb.title };
    if (i < last && crumb.href) item.href = crumb.href;
    items.push(item);
  });
  return items;
}

export function isHeaderContentHidden(match: RouteMatch | null): boolean {
  return match?.route.hiddenHeaderContent ?? false;
}
