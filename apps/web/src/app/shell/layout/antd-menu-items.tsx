/** The menu tree (router/menu-routes.ts) as antd Menu items, shared by the shell menu and the aggregate host. */
import type { MenuProps } from 'antd';
import type { MenuEntry } from '../../router/menu-routes.ts';
import { menuIcon } from './menu-icon.tsx';

export type AntdItems = NonNullable<MenuProps['items']>;

export function toItems(entries: readonly MenuEntry[]): AntdItems {
  return entries.map((e) =>
    e.kind === 'submenu'
      ? { key: e.key, icon: menuIcon(e.icon), label: e.title, children: toItems(e.children ?? []) }
      : { key: e.key, icon: menuIcon(e.icon), label: e.title },
  );
}

/** The entry with `key` anywhere in the tree. */
export function findEntry(entries: readonly MenuEntry[], key: string): MenuEntry | undefined {
  for (const e of entries) {
    if (e.key === key) return e;
    const below = e.children && findEntry(e.children, key);
    if (below) return below;
  }
  return undefined;
}
