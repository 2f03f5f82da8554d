/**
 * The 前端组件 suggestions of the menu form: the component paths the client has a screen for — the keys of the page
 * registry (lib/page-registry.ts: the online lists and the built screens), the iframe host and the route layout. Any
 * other path may still be typed (its menu then opens the not-built page).
 */
import { IFRAME_COMPONENT, ONLINE_COMPONENTS, PAGE_COMPONENTS } from '../../../lib/page-registry.ts';

export const MENU_COMPONENT_OPTIONS: readonly string[] = [
  'layouts/RouteView',
  IFRAME_COMPONENT,
  ...Object.keys(PAGE_COMPONENTS),
  ...Object.keys(ONLINE_COMPONENTS),
];

/** The suggestions that contain what was typed (all of them for nothing typed). */
export function componentSuggestions(typed: string | undefined): { value: string }[] {
  const needle = (typed ?? '').trim().toLowerCase();
  return MENU_COMPONENT_OPTIONS.filter((c) => needle === '' || c.toLowerCase().includes(needle)).map((value) => ({
    value,
  }));
}
