/**
 * The header (spec §2.5): collapse/expand toggle (the drawer toggle on mobile) with the greeting (the
 * organisation's name alone on phones), or in top-menu mode the logo and the horizontal menu, which take
 * all but the right side (at most the 403 px the spec reserves, only what its parts need). The ERP entrance is attached to the logo or greeting.
 * Fixed header: pinned to the top beside the side menu; with auto-hide it slides away after 100 px of
 * scrolling.
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Button, ConfigProvider, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { searchableMenu, type MenuSearchOption } from '../../router/menu-search.ts';
import { FeatureHeaderItems } from '../header/feature-header-items.tsx';
import { HeaderGreeting } from '../header/header-greeting.tsx';
import { LogoArea } from '../header/logo-area.tsx';
import { MenuSearch } from '../header/menu-search.tsx';
import { menuLinks } from '../header/open-page.ts';
import { QuickLinks } from '../header/quick-links.tsx';
import { UserMenu } from '../header/user-menu.tsx';
import type { MenuRouteTable } from '../../router/menu-routes.ts';
import { LAYOUT_SIZES } from './layout-sizes.ts';
import { ShellMenu } from './shell-menu.tsx';
import { useLayoutDevice } from './use-layout-device.ts';

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

/**
 * The header's right side: menu search, quick links, the features' items (task list, bell) and the user menu. In the
 * top-menu layout it is at most the 403 px the spec reserves and takes what its parts need, like everywhere else
 * (the greeting at most 160 px, ellipsised), so that every top-level menu fits at 1440 px.
 */
function HeaderRight({
  table,
  isMobile,
  topMenu,
  dark,
}: {
  table: MenuRouteTable;
  isMobile: boolean;
  topMenu: boolean;
  dark: boolean;
}) {
  const navigate = useNavigate();
  const options = useMemo(() => searchableMenu(table.menu), [table]);
  const links = useMemo(() => menuLinks(table.routes), [table]);
  const open = (o: MenuSearchOption) => {
    if (o.external) window.open(o.url ?? o.path, '_blank', 'noopener');
    else void navigate(o.path);
  };
  const reserve = LAYOUT_SIZES.topMenuRightReserve;
  return (
    <div
      data-testid="header-right"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        // Inside the 403 px of the top menu, every pixel goes to the greeting first.
        gap: topMenu ? 4 : 8,
        color: dark ? '#fff' : undefined,
        // At most the 403 px the spec reserves, no more than its parts need: the menu gets the rest, so that every
        // top-level entry shows at 1440 px.
        ...(topMenu ? { flex: '0 1 auto', maxWidth: reserve, minWidth: 0 } : { flex: 'none' }),
      }}
    >
      {/* Spec §1: the header always greets; at most 160 px, ellipsised with the full text in its title. */}
      {topMenu && (
        <span style={{ display: 'inline-flex', minWidth: 0, maxWidth: LAYOUT_SIZES.topMenuGreetingMax }}>
          <HeaderGreeting color={dark ? '#fff' : undefined} />
        </span>
      )}
      {/* In the 403 px the search rests as an icon and grows over the greeting while used. */}
      <MenuSearch
        options={options}
        onSelect={open}
        mobile={isMobile}
        width={200}
        collapsedWidth={topMenu ? 36 : undefined}
      />
      <QuickLinks compact={isMobile || topMenu} />
      <FeatureHeaderItems links={links} dark={dark} compact={isMobile} />
      <UserMenu />
    </div>
  );
}

export function HeaderBar(props: HeaderBarProps) {
  const { table, topMenu, isMobile, collapsed, onToggle, theme, fixed, hidden, offsetLeft, fixedWidth } = props;
  const phone = useLayoutDevice() === 'small-mobile';
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
          gap: 8,
          height: '100%',
          padding: '0 16px',
          ...(fixedWidth ? { maxWidth: LAYOUT_SIZES.fixedContentWidth, margin: '0 auto' } : {}),
        }}
      >
        {topMenu ? (
          <div data-testid="header-left" style={{ display: 'flex', alignItems: 'center', flex: '1 1 0', minWidth: 0 }}>
            <LogoArea variant="logo" theme={theme} />
            {/* The header draws the only line under it: the horizontal menu's own border would stop short. */}
            {/* Narrower entries than antd's 20 px paddings: the administrator's seven menus fit at 1440 px. */}
            <ConfigProvider
              menu={{ style: { borderBottom: 'none' } }}
              theme={{ components: { Menu: { itemPaddingInline: LAYOUT_SIZES.topMenuItemPadding } } }}
            >
              <ShellMenu table={table} mode="horizontal" theme={theme} />
            </ConfigProvider>
          </div>
        ) : (
          <div style={{ display: 'flex', alignItems: 'center', flex: '1 1 0', minWidth: 0, gap: 12 }}>
            <Button
              type="text"
              icon={<Toggle />}
              onClick={onToggle}
              aria-label={collapsed ? '展开菜单' : '收起菜单'}
              data-testid="menu-toggle"
              style={{ flex: 'none' }}
            />
            {/* On phones the organisation's name alone. With the side menu on a desktop the logo (and its ERP
                entrance) is at the top of the side menu; on smaller screens it is in the closed drawer, so the
                entrance comes with the greeting. */}
            {isMobile ? <LogoArea variant="greeting" short={phone} /> : <HeaderGreeting />}
          </div>
        )}
        <HeaderRight table={table} isMobile={isMobile} topMenu={topMenu} dark={dark} />
      </div>
    </Layout.Header>
  );
}
