/**
 * The navigation menu, inline (side menu, mobile drawer) or horizontal (top menu). Highlight and open
 * submenus follow the route (app/router/menu-highlight.ts): parameter routes by their full path,
 * hidden routes through their parent, one root submenu open at a time, and collapsing remembers the
 * open submenus. External entries open in a new tab.
 */
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu, Tooltip, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import {
  collapsedChanged,
  highlightFor,
  indexMenu,
  initialMenuOpenState,
  openChanged,
  routeOpened,
  type MenuMode,
} from '../../router/menu-highlight.ts';
import { matchMenuRoute, type MenuRouteTable } from '../../router/menu-routes.ts';
import { findEntry, toItems } from './antd-menu-items.tsx';

/** The horizontal menu's overflow entry, and its tooltip. */
export const OVERFLOW_LABEL = '更多';
export const OVERFLOW_TOOLTIP = '更多菜单';

export interface ShellMenuProps {
  table: MenuRouteTable;
  mode: MenuMode;
  theme: 'light' | 'dark';
  /** The side menu is collapsed (antd collapses the inline menu through the Sider itself). */
  collapsed?: boolean;
  /** After a selection (the mobile drawer closes). */
  onSelected?: () => void;
}

export function ShellMenu({ table, mode, theme, collapsed = false, onSelected }: ShellMenuProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const index = useMemo(() => indexMenu(table.menu), [table]);
  const items = useMemo(() => toItems(table.menu), [table]);
  const highlight = useMemo(
    () => highlightFor(index, matchMenuRoute(table.routes, pathname), pathname, mode),
    [index, table, pathname, mode],
  );
  const [open, setOpen] = useState(() => routeOpened(initialMenuOpenState(collapsed), highlight.openKeys));

  // Route and collapse changes adjust the open submenus during render (React's "state from props"
  // pattern); keyed by content, since a new array with the same keys is no move to another submenu.
  const openKeysKey = highlight.openKeys.join('\n');
  const [seen, setSeen] = useState({ openKeysKey, collapsed });
  if (seen.openKeysKey !== openKeysKey || seen.collapsed !== collapsed) {
    setSeen({ openKeysKey, collapsed });
    let next = open;
    if (seen.openKeysKey !== openKeysKey) next = routeOpened(next, highlight.openKeys);
    if (seen.collapsed !== collapsed) next = collapsedChanged(next, collapsed);
    setOpen(next);
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = findEntry(table.menu, key);
    if (entry?.kind === 'external' && entry.url) window.open(entry.url, '_blank', 'noopener,noreferrer');
    else if (key !== pathname) void navigate(key);
    onSelected?.();
  };

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={highlight.selectedKeys}
      {...(mode === 'inline' ? { openKeys: open.openKeys } : {})}
      onOpenChange={(keys) =>
        // antd closes every submenu itself when the menu collapses, before our collapse effect runs;
        // that call must not overwrite the open keys the collapse is about to remember.
        setOpen((s) => (s.collapsed !== collapsed ? s : openChanged(s, keys, index, mode)))
      }
      onClick={onClick}
      // When the horizontal menu is too narrow for its entries, the rest sits behind a named 更多 (not a bare ···).
      overflowedIndicator={
        <Tooltip title={OVERFLOW_TOOLTIP} placement="bottom">
          <span data-testid="menu-overflow">
            {OVERFLOW_LABEL} <DownOutlined style={{ fontSize: 10 }} />
          </span>
        </Tooltip>
      }
      data-testid="side-menu"
      style={{
        borderInlineEnd: 'none',
        ...(mode === 'horizontal' ? { flex: 1, minWidth: 0, lineHeight: '58px' } : {}),
      }}
    />
  );
}
