/**
 * The header's menu search (spec §2.5, §6): every visible menu entry that opens something (pages and
 * external links, not submenus), titled with its menu path, filtered by a case-insensitive substring.
 * Wiring: `const options = searchableMenu(table.menu)` once per menu; antd Select with
 * `filterOption={false}` and `options = filterMenuSearch(options, query)`; on select an `external`
 * option opens `url` in a new tab, any other navigates to `path` (modal 搜索菜单 on mobile).
 */
import type { MenuEntry } from './menu-routes.ts';

export const MENU_SEARCH_SEPARATOR = ' / ';

export interface MenuSearchOption {
  id: string;
  /** The entry's own title. */
  title: string;
  /** Titles from the top menu down, e.g. '系统管理 / 用户管理'. */
  titlePath: string;
  /** The in-app path to open (for external links the menu key). */
  path: string;
  external: boolean;
  url?: string;
}

/**
 * Built from the visible menu (already without hidden, unpermitted and unrouted entries), so the
 * children of a hidden entry are not searchable either.
 */
export function searchableMenu(menu: readonly MenuEntry[]): MenuSearchOption[] {
  const out: MenuSearchOption[] = [];
  const walk = (entries: readonly MenuEntry[], titles: readonly string[]) => {
    for (const entry of entries) {
      const path = [...titles, entry.title];
      if (entry.kind === 'submenu') {
        walk(entry.children ?? [], path);
        continue;
      }
      out.push({
        id: entry.id,
        title: entry.title,
        titlePath: path.join(MENU_SEARCH_SEPARATOR),
        path: entry.key,
        external: entry.kind === 'external',
        ...(entry.url ? { url: entry.url } : {}),
      });
    }
  };
  walk(menu, []);
  return out;
}

/** Options whose title path contains the query, ignoring case and surrounding spaces; all for an empty query. */
export function filterMenuSearch(options: readonly MenuSearchOption[], query: string): MenuSearchOption[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...options];
  return options.filter((o) => o.titlePath.toLowerCase().includes(needle));
}
