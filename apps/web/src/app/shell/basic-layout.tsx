/**
 * The signed-in frame (spec §2.3–§2.5): side-menu or top-menu layout from the display settings, the
 * mobile drawer below 1088 px, fixed / auto-hiding header, the tab workspace, the page header and the
 * pages themselves (rendered by the tab workspace, kept alive per tab).
 */
import { useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Drawer, Layout, theme } from 'antd';
import { useRecordNavigation } from '../../lib/analysis-navigate.ts';
import { documentTitle, orgDisplayName } from '../../lib/org-name.ts';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { menuTableFor, type MenuRouteHandle } from '../pages/menu-route-objects.tsx';
import { NOT_FOUND_PATH } from '../route-guard.tsx';
import { matchMenuRoute, matchTitle, type MenuRouteTable } from '../router/menu-routes.ts';
import { ForcedPasswordChange } from './dialogs/forced-password-change.tsx';
import { HeaderBar } from './layout/header-bar.tsx';
import { LAYOUT_SIZES } from './layout/layout-sizes.ts';
import { LogoArea } from './header/logo-area.tsx';
import { NoticeBanner } from './notice-banner/notice-banner.tsx';
import { useShellRealtime } from './realtime/use-shell-realtime.ts';
import { Logo } from './layout/logo.tsx';
import { PageHeader } from './layout/page-header.tsx';
import { ShellMenu } from './layout/shell-menu.tsx';
import { useLayoutDevice } from './layout/use-layout-device.ts';
import { useScrollHidden } from './layout/use-scroll-hidden.ts';
import { settingsStore, useSettings } from './settings-drawer/settings-store.ts';
import { TabBar } from './tab-bar/tab-bar.tsx';
import { TabViews } from './tab-bar/tab-views.tsx';
import { useTabWorkspace } from './tab-bar/use-tab-workspace.ts';
import { isMultiTab } from './tabs/tab-model.ts';
import { useTabsStore } from './tabs/tabs-store.ts';

export function BasicLayout() {
  const permissions = useSessionStore((s) => s.permissions);
  const mustChangePassword = useSessionStore((s) => s.userInfo?.mustChangePassword === true);
  // RequireAuth renders the shell only once permissions are in.
  if (!permissions) return null;
  if (mustChangePassword) return <ForcedPasswordChange />;
  return <Shell table={menuTableFor(permissions)} />;
}

function Shell({ table }: { table: MenuRouteTable }) {
  const { token } = theme.useToken();
  const settings = useSettings((s) => s.settings);
  const device = useLayoutDevice();
  const isMobile = device !== 'desktop';
  const location = useLocation();
  const thirdOrgCode = useSessionStore((s) => s.userInfo?.thirdOrgCode);
  const orgName = orgDisplayName(thirdOrgCode);
  const match = useMemo(() => matchMenuRoute(table.routes, location.pathname), [table, location.pathname]);

  useRecordNavigation();
  useShellRealtime(table);
  const locations = useTabWorkspace(table, { multiTab: settings.multipage, isMobile });
  // From this render's settings and device, not only the store's options: useTabWorkspace sets those in a layout
  // effect, after the first render, which on phones rendered a tab bar (antd Tabs and Dropdown, their styles
  // generated) only to remove it again in the same task.
  const multiTab = useTabsStore((s) => isMultiTab({ ...s.model.options, multiTab: settings.multipage, isMobile }));

  useEffect(() => {
    if (match) document.title = documentTitle(matchTitle(match), orgName);
  }, [match, orgName]);

  const [drawerWanted, setDrawerWanted] = useState(false);
  // The drawer exists only on mobile; growing the window past the breakpoint closes it.
  const drawerOpen = isMobile && drawerWanted;
  // Mounted from its first opening on: closed, antd's Drawer still had its styles generated during the frame's
  // first render on every phone load.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const setDrawerOpen = (next: boolean | ((open: boolean) => boolean)) => {
    setDrawerUsed(true);
    setDrawerWanted(next);
  };

  const sideMenu = settings.layout === 'sidemenu' && !isMobile;
  const topMenu = settings.layout === 'topmenu' && !isMobile;
  const collapsed = !settings.sidebarOpen;
  const siderWidth = collapsed ? LAYOUT_SIZES.siderCollapsed : LAYOUT_SIZES.sider;
  const fixedSider = sideMenu && settings.fixedSidebar;
  const headerHidden = useScrollHidden(settings.fixedHeader && settings.autoHideHeader);
  const fixedWidth = topMenu && settings.contentWidth === 'Fixed';
  const { copyright, filingNumber } = getRuntimeConfig();

  const toggle = () => {
    if (isMobile) setDrawerOpen((o) => !o);
    else settingsStore.getState().update({ sidebarOpen: !settings.sidebarOpen });
  };

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="basic-layout" data-layout={topMenu ? 'topmenu' : 'sidemenu'}>
      {sideMenu && (
        <Layout.Sider
          width={LAYOUT_SIZES.sider}
          collapsedWidth={LAYOUT_SIZES.siderCollapsed}
          collapsed={collapsed}
          trigger={null}
          collapsible
          theme={settings.theme}
          data-testid="sider"
          style={{
            boxShadow: '2px 0 6px rgba(0,21,41,0.08)',
            zIndex: 11,
            ...(fixedSider ? { position: 'fixed', insetInlineStart: 0, top: 0, bottom: 0, overflow: 'auto' } : {}),
          }}
        >
          <LogoArea variant="sider" collapsed={collapsed} theme={settings.theme} />
          <ShellMenu table={table} mode="inline" theme={settings.theme} collapsed={collapsed} />
        </Layout.Sider>
      )}
      {isMobile && drawerUsed && (
        <Drawer
          placement="left"
          size={LAYOUT_SIZES.mobileDrawer}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          styles={{ body: { padding: 0, background: settings.theme === 'dark' ? '#001529' : undefined } }}
          data-testid="menu-drawer"
        >
          <Logo collapsed={false} theme={settings.theme} />
          <ShellMenu table={table} mode="inline" theme={settings.theme} onSelected={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout style={{ marginInlineStart: fixedSider ? siderWidth : 0, transition: 'margin 0.2s' }}>
        <HeaderBar
          table={table}
          topMenu={topMenu}
          isMobile={isMobile}
          collapsed={isMobile ? !drawerOpen : collapsed}
          onToggle={toggle}
          theme={settings.theme}
          fixed={settings.fixedHeader}
          hidden={headerHidden}
          offsetLeft={sideMenu ? siderWidth : 0}
          fixedWidth={fixedWidth}
        />
        <Layout.Content
          style={{ paddingTop: settings.fixedHeader ? LAYOUT_SIZES.fixedHeaderOffset : 0 }}
          data-testid="content"
        >
          <div style={fixedWidth ? { maxWidth: LAYOUT_SIZES.fixedContentWidth, margin: '0 auto' } : undefined}>
            <NoticeBanner />
            {multiTab && (
              <div style={{ background: 'var(--ant-color-bg-container, #fff)', padding: '6px 12px 0' }}>
                <TabBar />
              </div>
            )}
            <PageHeader routes={table.routes} match={match} />
            <div style={{ margin: isMobile ? '0 8px' : '0 24px' }}>
              {match ? <TabViews table={table} locations={locations.current} current={location} /> : <OutsideMenu />}
            </div>
          </div>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: token.colorTextDescription }} data-testid="main-footer">
          {copyright && <div>{copyright}</div>}
          {filingNumber && <div>{filingNumber}</div>}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}

/**
 * A location no menu route of this user serves: the shell's own redirects ('/' → home, menu groups)
 * render through the outlet; a route left from an earlier session in this window is unknown here.
 */
function OutsideMenu() {
  const matches = useMatches();
  const leaf = matches[matches.length - 1]?.handle as MenuRouteHandle | undefined;
  if (leaf?.menuRoute) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <Outlet />;
}
