import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type * as RuntimeConfigModule from '../../../lib/runtime-config.ts';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../../../lib/runtime-config.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { ADMIN_AUTH, ADMIN_MENU } from '../../router/admin-menu.fixture.ts';
import { buildMenuRoutes } from '../../router/menu-routes.ts';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { HeaderBar, type HeaderBarProps } from './header-bar.tsx';

const config = vi.hoisted(() => ({ current: null as RuntimeConfig | null }));
vi.mock('../../../lib/runtime-config.ts', async (importOriginal) => {
  const real = await importOriginal<typeof RuntimeConfigModule>();
  return { ...real, getRuntimeConfig: () => config.current ?? real.DEFAULT_RUNTIME_CONFIG };
});

const table = buildMenuRoutes(ADMIN_MENU, { held: new Set(ADMIN_AUTH.map((a) => a.action)), config: {} });
const ENTRANCE = [{ action: 'hz:entrance', type: '1', status: '1' }];
const TITLES = ['运营核算系统', '电商仓储系统', '物流跟踪系统'];

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
function viewport(width: number, height: number) {
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });
}

function renderHeader(props: Partial<HeaderBarProps>) {
  config.current = {
    ...DEFAULT_RUNTIME_CONFIG,
    externalLinks: {
      accounting: 'https://acc.example.com/',
      warehouse: 'https://wh.example.com/',
      logistics: 'https://track.example.com/',
      erp: 'https://erp.example.com/sso',
    },
  };
  signInAs({ orgCode: 'A03A01', thirdOrgCode: null }, ENTRANCE);
  // The bell asks for the unread lists; nothing leaves the test.
  mockApi({
    'GET /sys/annountCement/listByUser': () => ({
      result: { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 },
    }),
  });
  return renderInShell(
    <HeaderBar
      table={table}
      topMenu={false}
      isMobile={false}
      collapsed={false}
      onToggle={vi.fn()}
      theme="light"
      fixed={false}
      hidden={false}
      offsetLeft={0}
      fixedWidth={false}
      {...props}
    />,
  );
}

const quickLinkNames = () =>
  within(screen.getByTestId('header-quick-links'))
    .getAllByRole('link')
    .map((a) => [a.getAttribute('aria-label') ?? '', a.textContent]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  viewport(1024, 768);
  config.current = null;
  useSessionStore.getState().clear();
});

describe('header bar', () => {
  it('top menu at 1440 px: the greeting stays (spec §1), capped and ellipsised so that the menu keeps its room', () => {
    viewport(1440, 900);
    renderHeader({ topMenu: true });
    const welcome = within(screen.getByTestId('header-right')).getByTestId('welcome');
    expect(welcome.textContent).toBe('欢迎进入 后台');
    expect(welcome.getAttribute('title')).toBe('欢迎进入 后台');
    expect(welcome.parentElement!.style.maxWidth).toBe('160px');
    expect(screen.getByTestId('header-right').style.maxWidth).toBe('403px');
  });

  it('top menu: the logo carries the ERP entrance, the menu draws no line of its own, the right side is at most 403 px', () => {
    viewport(1600, 900);
    renderHeader({ topMenu: true });
    const logoArea = screen.getByTestId('logo-area');
    expect(within(logoArea).getByTestId('logo').getAttribute('href')).toBe('/dashboard/analysis');
    expect(within(logoArea).getByTestId('erp-entrance')).toBeTruthy();
    expect(screen.getAllByTestId('erp-entrance')).toHaveLength(1);

    expect(screen.getByTestId('side-menu').style.borderBottomStyle).toBe('none');

    const right = screen.getByTestId('header-right');
    // What its parts need, never more than the spec's 403 px: the menu takes the rest.
    expect(right.style.maxWidth).toBe('403px');
    expect(right.style.flex).toBe('0 1 auto');
    // One greeting, inside the right side, which it shares with search, quick links and the user menu.
    expect(screen.getAllByTestId('welcome')).toHaveLength(1);
    expect(within(right).getByTestId('welcome').textContent).toBe('欢迎进入 后台');
    expect(within(right).getByTestId('user-menu')).toBeTruthy();
    expect(quickLinkNames()).toEqual(TITLES.map((t) => [t, '']));
    expect(screen.queryByTestId('menu-toggle')).toBeNull();
  });

  it('side menu on desktop: toggle, the greeting (the ERP entrance is on the side menu logo), quick links with titles', () => {
    viewport(1440, 900);
    renderHeader({});
    expect(screen.getByTestId('menu-toggle')).toBeTruthy();
    expect(screen.getByTestId('welcome').textContent).toBe('欢迎进入 后台');
    expect(screen.queryByTestId('erp-entrance')).toBeNull();
    expect(screen.getAllByTestId('welcome')).toHaveLength(1);
    expect(screen.queryByTestId('logo')).toBeNull();
    expect(quickLinkNames()).toEqual(TITLES.map((t) => ['', t]));
    expect(screen.getByTestId('header-right').style.width).toBe('');
  });

  it('tablet: the whole greeting, icon-only quick links and the search behind a button', () => {
    viewport(1000, 800);
    renderHeader({ isMobile: true });
    expect(screen.getByTestId('welcome').textContent).toBe('欢迎进入 后台');
    expect(quickLinkNames()).toEqual(TITLES.map((t) => [t, '']));
    expect(screen.getByTestId('menu-search-button')).toBeTruthy();
  });

  it('phone: the organisation name alone, still with the ERP entrance, and icon-only quick links', () => {
    viewport(375, 812);
    renderHeader({ isMobile: true });
    const welcome = screen.getByTestId('welcome');
    expect(welcome.textContent).toBe('后台');
    expect(welcome.getAttribute('title')).toBe('欢迎进入 后台');
    expect(within(screen.getByTestId('logo-area')).getByTestId('erp-entrance')).toBeTruthy();
    expect(quickLinkNames()).toEqual(TITLES.map((t) => [t, '']));
  });
});
