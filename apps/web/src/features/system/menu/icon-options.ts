/** The icon picker's names: those lib/menu-icons.tsx draws. */
import { MENU_ICON_NAMES } from '../../../lib/menu-icons.tsx';

export { MENU_ICON_NAMES };

/** The names containing what was typed in the picker's search box. */
export function matchingIcons(search: string): readonly string[] {
  const needle = search.trim().toLowerCase();
  return needle === '' ? MENU_ICON_NAMES : MENU_ICON_NAMES.filter((n) => n.includes(needle));
}
