/**
 * The page of an alwaysShow menu node (spec §2.1): a left-side menu of the node's visible children
 * and, in its <Outlet/>, the child page being shown. The tab workspace renders one host per tab of a
 * page below the node (tab-views.tsx supplies the page as the outlet), so each child page keeps its own
 * tab, title and keep-alive like any other menu page. Below the desktop width the menu goes on top.
 */
import { useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { highlightFor, indexMenu } from '../../router/menu-highlight.ts';
import type { MenuRoute, RouteMatch } from '../../router/menu-routes.ts';
import { useLayoutDevice } from '../layout/use-layout-device.ts';
import { findEntry, toItems } from '../layout/antd-menu-items.tsx';

/** Width of the left-side menu on desktop. */
export const AGGREGATE_MENU_WIDTH = 224;

export interface AggregateHostProps {
  /** The alwaysShow node's route (its `aggregate` is the menu). */
  host: MenuRoute;
  /** The child page shown in the outlet. */
  current: RouteMatch;
}

export function AggregateHost({ host, current }: AggregateHostProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const stacked = useLayoutDevice() !== 'desktop';
  const entries = useMemo(() => host.aggregate ?? [], [host]);
  const index = useMemo(() => indexMenu(entries), [entries]);
  const items = useMemo(() => toItems(entries), [entries]);
  const { selectedKeys, openKeys } = highlightFor(index, current, pathname, 'inline');

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = findEntry(entries, key);
    if (entry?.kind === 'external' && entry.url) window.open(entry.url, '_blank', 'noopener,noreferrer');
    else if (key !== pathname) void navigate(key);
  };

  return (
    <div
      data-testid="aggregate-host"
      data-host={host.path}
      style={{
        display: 'flex',
        flexDirection: stacked ? 'column' : 'row',
        background: 'var(--ant-color-bg-container, #fff)',
        padding: '16px 0',
      }}
    >
      <nav aria-label={host.title} style={{ flex: 'none', width: stacked ? '100%' : AGGREGATE_MENU_WIDTH }}>
        <Menu
          mode={stacked ? 'horizontal' : 'inline'}
          items={items}
          selectedKeys={selectedKeys}
          defaultOpenKeys={openKeys}
          onClick={onClick}
          data-testid="aggregate-menu"
          style={{ height: '100%' }}
        />
      </nav>
      <div data-testid="aggregate-outlet" style={{ flex: 1, minWidth: 0, padding: stacked ? '16px' : '8px 40px' }}>
        <Outlet />
      </div>
    </div>
  );
}
