/** The menu route a page is shown for (its title, iframe address, …), provided by the tab workspace. */
import { createContext, useContext } from 'react';
import type { MenuRoute } from '../router/menu-routes.ts';

export const MenuRouteContext = createContext<MenuRoute | null>(null);

export function useMenuRoute(): MenuRoute | null {
  return useContext(MenuRouteContext);
}
