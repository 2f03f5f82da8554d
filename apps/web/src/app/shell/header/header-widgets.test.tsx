import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PARTNER_ORG_NAMES } from '@houtai/shared/constants';
import type * as RuntimeConfigModule from '../../../lib/runtime-config.ts';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../../../lib/runtime-config.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import type { MenuSearchOption } from '../../router/menu-search.ts';
import { ErpEntrance } from './erp-entrance.tsx';
import { HeaderGreeting } from './header-greeting.tsx';
import { MenuSearch } from './menu-search.tsx';
import { QuickLinks } from './quick-links.tsx';

const config = vi.hoisted(() => ({ current: null as RuntimeConfig | null }));
vi.mock('../../../lib/runtime-config.ts', async (importOriginal) => {
  const real = await importOriginal<typeof RuntimeConfigModule>();
  return { ...real, getRuntimeConfig: () => config.current ?? real.DEFAULT_RUNTIME_CONFIG };
});

function withLinks(links: Partial<RuntimeConfig['externalLinks']>) {
  config.current = { ...DEFAULT_RUNTIME_CONFIG, externalLinks: { ...DEFAULT_RUNTIME_CONFIG.externalLinks, ...links } };
}

const ENTRANCE = [{ action: 'hz:entrance', type: '1', status: '1' }];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  config.current = null;
  useSessionStore.getState().clear();
});

describe('header greeting', () => {
  it("says 欢迎进入 with the partner's name for a known thirdOrgCode, else the company name", () => {
    signInAs({ thirdOrgCode: 'P001' });
    renderInShell(<HeaderGreeting />);
    expect(screen.getByTestId('welcome').textContent).toBe(`欢迎进入 ${PARTNER_ORG_NAMES.P001}`);
    cleanup();
    signInAs({ thirdOrgCode: null });
    renderInShell(<HeaderGreeting />);
    expect(screen.getByTestId('welcome').textContent).toMatch(/^欢迎进入 \S+$/);
    expect(screen.getByTestId('welcome').textContent).not.toContain(PARTNER_ORG_NAMES.P001);
  });

  it('short, says the name alone and keeps the whole greeting in its title', () => {
    signInAs({ thirdOrgCode: 'P001' });
    renderInShell(<HeaderGreeting short />);
    const welcome = screen.getByTestId('welcome');
    expect(welcome.textContent).toBe(PARTNER_ORG_NAMES.P001);
    expect(welcome.getAttribute('title')).toBe(`欢迎进入 ${PARTNER_ORG_NAMES.P001}`);
  });
});

describe('quick links', () => {
  it('renders nothing when no address is configured', () => {
    withLinks({});
    const { container } = renderInShell(<QuickLinks />);
    expect(container.querySelector('[data-testid="header-quick-links"]')).toBeNull();
  });

  it('links the configured systems in a new tab and leaves out the unset one', () => {
    withLinks({ accounting: 'https://acc.example.com/', logistics: 'https://track.example.com/' });
    renderInShell(<QuickLinks />);
    expect(screen.getByTestId('quick-link-accounting').getAttribute('href')).toBe('https://acc.example.com/');
    expect(screen.getByTestId('quick-link-accounting').getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('quick-link-logistics').textContent).toContain('物流跟踪系统');
    expect(screen.queryByTestId('quick-link-warehouse')).toBeNull();
  });

  it('compact, are icon-only buttons named by their titles, still opening in a new tab', async () => {
    withLinks({
      accounting: 'https://acc.example.com/',
      warehouse: 'https://wh.example.com/',
      logistics: 'https://t/',
    });
    renderInShell(<QuickLinks compact />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual(['运营核算系统', '电商仓储系统', '物流跟踪系统']);
    expect(links.map((a) => a.textContent)).toEqual(['', '', '']);
    const warehouse = screen.getByTestId('quick-link-warehouse');
    expect(warehouse.classList.contains('ant-btn')).toBe(true);
    expect(warehouse.getAttribute('href')).toBe('https://wh.example.com/');
    expect(warehouse.getAttribute('target')).toBe('_blank');
    fireEvent.mouseEnter(warehouse);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '电商仓储系统');
  });
});

describe('ERP entrance', () => {
  it('is hidden without hz:entrance, outside A03/A10, or without an ERP address', () => {
    withLinks({ erp: 'https://erp.example.com/sso' });
    signInAs({ orgCode: 'A03A01' }, []);
    renderInShell(<ErpEntrance />);
    expect(screen.queryByTestId('erp-entrance')).toBeNull();
    cleanup();
    signInAs({ orgCode: 'A02A01' }, ENTRANCE);
    renderInShell(<ErpEntrance />);
    expect(screen.queryByTestId('erp-entrance')).toBeNull();
    cleanup();
    withLinks({});
    signInAs({ orgCode: 'A03A01' }, ENTRANCE);
    renderInShell(<ErpEntrance />);
    expect(screen.queryByTestId('erp-entrance')).toBeNull();
  });

  it('is a small ERP badge named 进入ERP', async () => {
    withLinks({ erp: 'https://erp.example.com/sso' });
    signInAs({ username: 'xA1000y', orgCode: 'A01' }, ENTRANCE);
    renderInShell(<ErpEntrance />);
    const entrance = screen.getByRole('button', { name: '进入ERP' });
    expect(entrance.getAttribute('data-testid')).toBe('erp-entrance');
    expect(entrance.textContent).toBe('ERP');
    fireEvent.mouseEnter(entrance);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '进入ERP');
  });

  it('opens the ERP with the encrypted user info as data', async () => {
    withLinks({ erp: 'https://erp.example.com/sso' });
    signInAs({ orgCode: 'A10A01' }, ENTRANCE);
    const calls = mockApi({ 'GET /sys/user/getCryptUserInfo': () => ({ result: 'ENC+TEXT' }) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderInShell(<ErpEntrance />);
    fireEvent.click(screen.getByTestId('erp-entrance'));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://erp.example.com/sso?data=ENC%2BTEXT', '_blank', 'noopener'),
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /sys/user/getCryptUserInfo']);
  });

  it('warns 获取用户信息失败 and opens nothing when the answer is empty', async () => {
    withLinks({ erp: 'https://erp.example.com/sso' });
    signInAs({ orgCode: 'A03A01' }, ENTRANCE);
    mockApi({ 'GET /sys/user/getCryptUserInfo': () => ({ result: '' }) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderInShell(<ErpEntrance />);
    fireEvent.click(screen.getByTestId('erp-entrance'));
    expect(await screen.findByText('获取用户信息失败')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('menu search', () => {
  const options: MenuSearchOption[] = [
    { id: '1', title: '用户管理', titlePath: '系统管理 / 用户管理', path: '/system/user', external: false },
    { id: '2', title: '角色管理', titlePath: '系统管理 / 角色管理', path: '/system/role', external: false },
  ];

  it('on mobile opens a modal titled 搜索菜单 and hands the chosen entry over', async () => {
    const onSelect = vi.fn();
    renderInShell(<MenuSearch options={options} onSelect={onSelect} mobile />);
    expect(screen.queryByTestId('menu-search')).toBeNull();
    fireEvent.click(screen.getByTestId('menu-search-button'));
    await waitFor(() => expect(document.querySelector('.ant-modal-title')?.textContent).toBe('搜索菜单'));
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: '角色' } });
    fireEvent.click(await screen.findByText('角色管理'));
    expect(onSelect).toHaveBeenCalledWith(options[1]);
    expect(screen.queryByText('用户管理')).toBeNull();
  });

  it('on desktop is a select filtering by title', async () => {
    const onSelect = vi.fn();
    renderInShell(<MenuSearch options={options} onSelect={onSelect} mobile={false} />);
    expect(screen.queryByTestId('menu-search-button')).toBeNull();
    // The select's code loads after the first paint.
    const input = await screen.findByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '用户' } });
    fireEvent.click(await screen.findByText('用户管理'));
    expect(onSelect).toHaveBeenCalledWith(options[0]);
  });
});
