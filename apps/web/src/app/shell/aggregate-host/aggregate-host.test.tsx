import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLayoutEffect } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { EXTRA_MENU } from '../../router/extra-menu.fixture.ts';
import { buildMenuRoutes } from '../../router/menu-routes.ts';
import { TabViews } from '../tab-bar/tab-views.tsx';
import { tabRouteFor } from '../tab-bar/use-tab-workspace.ts';
import { createTabState } from '../tabs/tab-model.ts';
import { tabsStore } from '../tabs/tabs-store.ts';

const table = buildMenuRoutes(EXTRA_MENU, { held: new Set(), config: {} });

/** The tab workspace as the shell runs it: every location is a visit, the open tabs are rendered. */
function Workspace() {
  const location = useLocation();
  useLayoutEffect(() => {
    const route = tabRouteFor(table, location.pathname, location.search);
    if (route) tabsStore.getState().visit(route);
  }, [location]);
  return <TabViews table={table} locations={new Map()} current={location} />;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Workspace /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** The view of the active tab (kept-alive ones are rendered too, hidden). */
function activeView(): HTMLElement {
  const active = tabsStore.getState().model.activeFullPath;
  const view = screen.getAllByTestId('tab-view').find((v) => v.dataset.tab === active);
  if (!view) throw new Error(`no view for ${active}`);
  return view;
}

const menuLabels = (view: HTMLElement) =>
  within(within(view).getByTestId('aggregate-menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
const selectedLabel = (view: HTMLElement) =>
  within(view).getByTestId('aggregate-menu').querySelector('.ant-menu-item-selected')?.textContent ?? null;

beforeEach(() => {
  tabsStore.setState({ model: createTabState(), userKey: null });
});
afterEach(cleanup);

describe('aggregate host', () => {
  it('shows a page below an alwaysShow node beside a menu of the node’s visible children, the page selected', async () => {
    renderAt('/profile/security');
    const view = activeView();
    expect(within(view).getByTestId('aggregate-host').dataset.host).toBe('/profile');
    expect(menuLabels(view)).toEqual(['基本设置', '安全设置']);
    expect(selectedLabel(view)).toBe('安全设置');
    const outlet = within(view).getByTestId('aggregate-outlet');
    expect((await within(outlet).findByTestId('not-built-page')).textContent).toContain('安全设置');
  });

  it('opens another child from its menu in a tab of its own, the first page keeping its tab', async () => {
    const router = renderAt('/profile/security');
    await within(activeView()).findByTestId('not-built-page');
    act(() => {
      fireEvent.click(within(within(activeView()).getByTestId('aggregate-menu')).getByText('基本设置'));
    });
    expect(router.state.location.pathname).toBe('/profile/base');
    const { model } = tabsStore.getState();
    expect(model.tabs.map((t) => [t.fullPath, t.meta.title])).toEqual([
      ['/dashboard/analysis', '首页'],
      ['/profile/security', '安全设置'],
      ['/profile/base', '基本设置'],
    ]);
    const view = activeView();
    expect(selectedLabel(view)).toBe('基本设置');
    expect((await within(view).findByTestId('not-built-page')).textContent).toContain('基本设置');
  });

  it('hosts a hidden child too, with nothing selected in the menu', async () => {
    renderAt('/profile/hidden');
    const view = activeView();
    expect(menuLabels(view)).toEqual(['基本设置', '安全设置']);
    expect(selectedLabel(view)).toBeNull();
    expect((await within(view).findByTestId('not-built-page')).textContent).toContain('隐藏设置');
  });

  it('shows a page outside any alwaysShow node without a host', async () => {
    renderAt('/online/cgformList/abc123');
    const view = activeView();
    expect(within(view).queryByTestId('aggregate-host')).toBeNull();
    expect(await within(view).findByTestId('not-built-page')).toBeTruthy();
  });
});
