/**
 * Where an announcement with openType 'component' leads (spec §3): the menu route named by `openPage` (its
 * component path, route name, component name or path), with `busId` as the route's one parameter or as the
 * `busId` query. Null when the user has no such route or it cannot be filled: the message is opened instead.
 * The header hands this to the features' header items as their `links` (the bell opens pages with it).
 */
import type { MenuLinks } from '../../../lib/feature-entry.ts';
import { hasParams, type MenuRoute } from '../../router/menu-routes.ts';

function normalise(page: string): string {
  return page
    .trim()
    .replace(/^\/+/, '')
    .replace(/\.vue$/, '');
}

export function findOpenPageRoute(routes: readonly MenuRoute[], openPage: string): MenuRoute | undefined {
  const wanted = normalise(openPage);
  if (!wanted) return undefined;
  return (
    routes.find((r) => normalise(r.component) === wanted) ??
    routes.find((r) => r.name === wanted || r.componentName === wanted) ??
    routes.find((r) => normalise(r.path) === wanted)
  );
}

export function openPageTarget(
  routes: readonly MenuRoute[],
  openPage: string | null | undefined,
  busId: string | null | undefined,
): string | null {
  if (!openPage) return null;
  const route = findOpenPageRoute(routes, openPage);
  if (!route || route.landing !== undefined) return null;
  const params = route.path.split('/').filter((s) => s.startsWith(':'));
  if (hasParams(route.path)) {
    if (params.length !== 1 || !busId) return null;
    return route.path.replace(/\/:[^/]+/, `/${encodeURIComponent(busId)}`);
  }
  return busId ? `${route.path}?busId=${encodeURIComponent(busId)}` : route.path;
}

/** The user's menu as a header item sees it. */
export function menuLinks(routes: readonly MenuRoute[]): MenuLinks {
  return {
    hasPath: (path) => routes.some((r) => r.path === path),
    pageTarget: (page, busId) => openPageTarget(routes, page, busId),
  };
}
