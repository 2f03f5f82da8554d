/** The current user's menu and permission entries (contract §2.2). */

export interface MenuMeta {
  title: string;
  icon?: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName: string;
  url?: string;
  permissionList?: PermissionEntry[];
  hideTab?: boolean;
  hideMenu?: boolean;
  hiddenHeaderContent?: boolean;
}

export interface MenuNode {
  id: string;
  route: '0' | '1';
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden?: true;
  alwaysShow?: true;
  meta: MenuMeta;
  children?: MenuNode[];
}

export interface PermissionEntry {
  action: string;
  type: string;
  status?: string;
  describe?: string;
}

export interface PermissionResult {
  menu: MenuNode[];
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
  sysSafeMode: boolean;
}

/**
 * Our web app names itself in every request with this header (`X-Client: houtai`), so that the server can tell it
 * from the JeecgBoot clients: the Vue3 UI sends `X-Version: v3`, the Vue2 UI neither (docs/decisions.md, issue 11).
 */
export const CLIENT_HEADER = 'X-Client';
export const HOUTAI_CLIENT = 'houtai';
export const VERSION_HEADER = 'X-Version';
