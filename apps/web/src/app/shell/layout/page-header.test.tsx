import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { EXTRA_MENU } from '../../router/extra-menu.fixture.ts';
import { buildMenuRoutes, matchMenuRoute } from '../../router/menu-routes.ts';
import { PageHeader } from './page-header.tsx';

const table = buildMenuRoutes(EXTRA_MENU, { held: new Set(), config: {} });

function headerAt(pathname: string) {
  render(
    <MemoryRouter>
      <PageHeader routes={table.routes} match={matchMenuRoute(table.routes, pathname)} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('page header', () => {
  it('titles a parameter route reached at a menu entry’s address with that entry’s title', () => {
    headerAt('/online/cgformList/abc123');
    expect(screen.getByTestId('page-title').textContent).toBe('订单列表');
    expect(screen.getByTestId('breadcrumb').textContent).toContain('订单列表');
    expect(screen.getByTestId('breadcrumb').textContent).not.toContain('AUTO');
  });

  it('titles the same route at any other address with the route’s own title', () => {
    headerAt('/online/cgformList/zzz');
    expect(screen.getByTestId('page-title').textContent).toBe('AUTO');
  });

  it('titles a page below an alwaysShow node with its own title, under the node', () => {
    headerAt('/profile/security');
    expect(screen.getByTestId('page-title').textContent).toBe('安全设置');
    expect(screen.getByRole('link', { name: '个人资料' }).getAttribute('href')).toBe('/profile');
  });
});
