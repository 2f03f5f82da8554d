/**
 * The header (spec §2.5): collapse/expand toggle (and the drawer toggle on mobile) with the greeting,
 * or in top-menu mode the logo and horizontal menu in the left part (all but 403 px). Fixed header:
 * pinned to the top beside the side menu; with auto-hide it slides away after 100 px of scrolling.
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Button, Layout, Space, Typography } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { SHELL_TEXT } from '@houtai/shared/constants';
import { searchableMenu, type MenuSearchOption } from '../../router/menu-search.ts';
import { ErpEntrance } from '../header/erp-entrance.tsx';
import { MenuSearch } from '../header/menu-search.tsx';
import { QuickLinks } from '../header/quick-links.tsx';
import { UserMenu } from '../header/user-menu.tsx';
import { orgDisplayName } from '../../../lib/org-name.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import type { MenuRouteTable } from '../../router/menu-routes.ts';
import { LAYOUT_SIZES } from './layout-sizes.ts';
import { Logo } from './logo.tsx';
import { ShellMenu } from './shell-menu.tsx';

export interface HeaderBarProps {
  table: MenuRouteTable;
  topMenu: boolean;
  isMobile: boolean;
  collapsed: boolean;
  onToggle: () => void;
  theme: 'light' | 'dark';
  fixed: boolean;
  hidden: boolean;
  /** Width of the side menu beside a fixed header. */
  offsetLeft: number;
  /** Top menu in Fixed content width: the header's content is centred like the page. */
  fixedWidth: boolean;
}

/** The header's right side: menu search, quick links, ERP entrance and the user menu. */
/** In top-menu mode everything here fits the 403 px the spec reserves: icon-only quick links, a narrow search. */
function HeaderRight({ table, isMobile, topMenu }: { table: MenuRouteTable; isMobile: boolean; topMenu: boolean }) {
  const navigate = useNavigate();
  const options = useMemo(() => searchableMenu(table.menu), [table]);
  const open = (o: MenuSearchOption) => {
    if (o.external) window.open(o.url ?? o.path, '_blank', 'noopener');
    else void navigate(o.path);
  };
  return (
    <Space size="small">
      <MenuSearch options={options} onSelect={open} mobile={isMobile} width={topMenu ? 120 : 200} />
      {!isMobile && <QuickLinks compact={topMenu ? true : undefined} />}
      <ErpEntrance />
      <UserMenu />
    </Space>
  );
}

export function HeaderBar(props: HeaderBarProps) {
  const { table, topMenu, isMobile, collapsed, onToggle, theme, fixed, hidden, offsetLeft, fixedWidth } = props;
  const thirdOrgCode = useSessionStore((s) => s.userInfo?.thirdOrgCode);
  const dark = topMenu && theme === 'dark';
  const style: React.CSSProperties = {
    height: LAYOUT_SIZES.header,
    lineHeight: `${LAYOUT_SIZES.header}px`,
    padding: 0,
    background: dark ? '#001529' : '#fff',
    boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
    zIndex: 10,
    transition: 'transform 0.2s, width 0.2s',
    ...(fixed
      ? { position: 'fixed', top: 0, insetInlineEnd: 0, width: `calc(100% - ${offsetLeft}px)` }
      : { position: 'relative' }),
    ...(hidden ? { transform: 'translateY(-100%)' } : {}),
  };
  const Toggle = collapsed ? MenuUnfoldOutlined : MenuFoldOutlined;

  return (
    <Layout.Header style={style} data-testid="header" data-hidden={hidden ? 'true' : 'false'}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          height: '100%',
          padding: '0 16px',
          ...(fixedWidth ? { maxWidth: LAYOUT_SIZES.fixedContentWidth, margin: '0 auto' } : {}),
        }}
      >
        {topMenu ? (
          <div
            data-testid="header-left"
            style={{
              display: 'flex',
              alignItems: 'center',
              width: `calc(100% - ${LAYOUT_SIZES.topMenuRightReserve}px)`,
              minWidth: 0,
            }}
          >
            <Logo collapsed={false} theme={theme} inline />
            <ShellMenu table={table} mode="horizontal" theme={theme} />
          </div>
        ) : (
          <div style={{ display: 'flex', alignItems: 'center', flex: 1, minWidth: 0, gap: 12 }}>
            <Button
              type="text"
              icon={<Toggle />}
              onClick={onToggle}
              aria-label={collapsed ? '展开菜单' : '收起菜单'}
              data-testid="menu-toggle"
            />
            {!isMobile && (
              <Typography.Text strong data-testid="welcome" ellipsis>
                {SHELL_TEXT.welcome} {orgDisplayName(thirdOrgCode)}
              </Typography.Text>
            )}
          </div>
        )}
        <div
          style={{ marginInlineStart: 'auto', display: 'flex', alignItems: 'center', color: dark ? '#fff' : undefined }}
        >
          {topMenu && (
            <Typography.Text
              strong
              data-testid="welcome"
              style={{ marginInlineEnd: 16, whiteSpace: 'nowrap', color: dark ? '#fff' : undefined }}
            >
              {SHELL_TEXT.welcome} {orgDisplayName(thirdOrgCode)}
            </Typography.Text>
          )}
          <HeaderRight table={table} isMobile={isMobile} topMenu={topMenu} />
        </div>
      </div>
    </Layout.Header>
  );
}
