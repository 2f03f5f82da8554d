import { describe, expect, it } from 'vitest';
import { Outlet, createMemoryRouter } from 'react-router';
import { EXTRA_MENU } from '../router/extra-menu.fixture.ts';
import { buildMenuRoutes } from '../router/menu-routes.ts';
import { toRouteObjects } from './menu-route-objects.tsx';

const table = buildMenuRoutes(EXTRA_MENU, { held: new Set(), config: {} });

function routerAt(path: string) {
  return createMemoryRouter([{ id: 'shell', path: '/', element: <Outlet />, children: toRouteObjects(table) }], {
    initialEntries: [path],
  });
}

describe('menu route objects', () => {
  it('sends the path of an alwaysShow node on to its first child before the location changes', async () => {
    const router = routerAt('/online/cgformList');
    await router.navigate('/profile');
    expect(router.state.location.pathname).toBe('/profile/base');
    expect(router.state.matches.at(-1)?.route.id).toBe('menu:profile-base');
  });

  it('registers the pages below an alwaysShow node as routes of their own, each with its menu route', async () => {
    const router = routerAt('/online/cgformList');
    await router.navigate('/profile/security');
    expect(router.state.location.pathname).toBe('/profile/security');
    const handle = router.state.matches.at(-1)?.route.handle as {
      title: string;
      menuRoute: { aggregateParent?: string };
    };
    expect(handle.title).toBe('安全设置');
    expect(handle.menuRoute.aggregateParent).toBe('/profile');
  });

  it('gives the alwaysShow node a redirecting loader instead of a page', () => {
    const node = toRouteObjects(table).find((r) => r.path === '/profile');
    expect(node?.loader).toBeTypeOf('function');
    expect(node?.lazy).toBeUndefined();
  });
});
