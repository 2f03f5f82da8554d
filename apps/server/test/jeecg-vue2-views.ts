/** Components of the JeecgBoot Vue2 UI 3.4.3 (src/views) that our menus may name: what the Vue2 client can show. */
export const VUE2_VIEWS: ReadonlySet<string> = new Set([
  'layouts/RouteView',
  'layouts/IframePageView',
  'dashboard/Analysis',
  'system/UserList',
  'system/RoleUserList',
  'system/NewPermissionList',
  'system/DepartList',
  'system/DictList',
  'system/SysCategoryList',
  'system/SysAnnouncementList',
  'system/SysUserOnlineList',
  'system/UserAnnouncementList',
  'system/SysPositionList',
  'account/center/Index',
  'account/settings/Index',
]);
