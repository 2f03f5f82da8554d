/** The menu tree (sys_permission) seeded for every installation: an entry for every screen the specs name. */
import type { Db } from '../connection.ts';

export interface MenuSeed {
  /** Stable id so that later seeds and migrations can refer to it. */
  id: string;
  name: string;
  url?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  /** 0 top menu, 1 sub menu, 2 button or field rule; defaults from the position in the tree. */
  menuType?: 0 | 1 | 2;
  perms?: string;
  permsType?: '1' | '2';
  sortNo?: number;
  alwaysShow?: boolean;
  icon?: string;
  isRoute?: boolean;
  keepAlive?: boolean;
  hidden?: boolean;
  hideTab?: boolean;
  hiddenHeaderContent?: boolean;
  internalOrExternal?: boolean;
  status?: '0' | '1';
  description?: string;
  children?: MenuSeed[];
}

/** 开发文档: the server's page of the product's documentation (was the third-party framework's help site). */
export const MANUAL_MENU = {
  id: 'menu-monitor-manual',
  url: "{{ window._CONFIG['domianURL'] }}/docs/manual",
  componentName: 'monitor-manual',
  /** Where installations seeded before issue 11 point the entry. */
  formerUrl: 'https://help.jeecg.com/',
} as const;

export const MENUS: readonly MenuSeed[] = [
  {
    id: 'menu-home',
    name: '首页',
    url: '/dashboard/analysis',
    component: 'dashboard/Analysis',
    componentName: 'dashboard-analysis',
    icon: 'dashboard',
    keepAlive: true,
  },
  {
    id: 'menu-work-order',
    name: '工单管理',
    url: '/bi/workOrder',
    component: 'layouts/RouteView',
    icon: 'tool',
    children: [
      {
        id: 'menu-work-order-list',
        name: '工单列表',
        url: '/bi/workOrder/WorkOrderList',
        component: 'bi/workOrder/WorkOrderList',
        componentName: 'bi-workOrder-WorkOrderList',
        keepAlive: true,
      },
      // A detail page reached from the list: registered as a route, never shown in the menu (its parent is highlighted).
      {
        id: 'menu-work-order-detail',
        name: '工单详情',
        url: '/bi/workOrder/WorkOrderDetail/:id',
        component: 'bi/workOrder/WorkOrderDetail',
        componentName: 'bi-workOrder-WorkOrderDetail',
        hidden: true,
      },
    ],
  },
  {
    id: 'menu-accounting',
    name: '财务核算',
    url: '/accounting',
    component: 'layouts/RouteView',
    icon: 'account-book',
    children: [
      {
        id: 'menu-accounting-workspace',
        name: '核算工作台',
        url: '/accounting/workspace',
        component: 'accounting/Workspace',
        componentName: 'accounting-workspace',
        keepAlive: true,
      },
    ],
  },
  {
    id: 'menu-hr',
    name: '人事考勤',
    url: '/hr',
    component: 'layouts/RouteView',
    icon: 'team',
    children: [
      {
        id: 'menu-hr-shift',
        name: '考勤班次',
        url: '/hr/attendance/shift',
        component: 'hr/attendance/ShiftList',
        componentName: 'hr-attendance-shift',
      },
      {
        id: 'menu-hr-position',
        name: '职务管理',
        url: '/hr/position',
        component: 'hr/PositionList',
        componentName: 'hr-position',
      },
    ],
  },
  {
    id: 'menu-message',
    name: '消息中心',
    url: '/message',
    component: 'layouts/RouteView',
    icon: 'message',
    children: [
      {
        id: 'menu-my-announcement',
        name: '我的消息',
        url: '/isps/userAnnouncement',
        component: 'system/UserAnnouncementList',
        componentName: 'isps-userAnnouncement',
      },
    ],
  },
  {
    id: 'menu-system',
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    icon: 'setting',
    children: [
      {
        id: 'btn-login-by-admin',
        name: '以用户身份登录',
        menuType: 2,
        perms: 'system:user:loginByAdmin',
        permsType: '1',
      },
      { id: 'btn-online-list', name: '在线用户查询', menuType: 2, perms: 'system:online:list', permsType: '1' },
      { id: 'btn-force-logout', name: '强制退出', menuType: 2, perms: 'system:online:forceLogout', permsType: '1' },
      { id: 'btn-docs-view', name: '接口文档', menuType: 2, perms: 'system:docs:view', permsType: '1' },
      {
        id: 'btn-file-all',
        name: '查看全部上传文件',
        menuType: 2,
        perms: 'system:file:all',
        permsType: '1',
      },
      {
        id: 'btn-operate-log-all',
        name: '查看全部操作日志',
        menuType: 2,
        perms: 'system:operateLog:all',
        permsType: '1',
      },
      {
        id: 'menu-system-user',
        name: '用户管理',
        url: '/isystem/user',
        component: 'system/UserList',
        componentName: 'isystem-user',
        sortNo: 10,
        children: [
          { id: 'btn-user-add', name: '添加用户', menuType: 2, perms: 'user:add', permsType: '1' },
          { id: 'btn-user-edit', name: '编辑用户', menuType: 2, perms: 'user:edit', permsType: '1' },
          { id: 'btn-user-delete', name: '删除用户', menuType: 2, perms: 'user:delete', permsType: '1' },
          // Field rule (type 1): the phone column shows only for holders of the code.
          { id: 'btn-user-phone', name: '手机号字段', menuType: 2, perms: 'user:phone', permsType: '1' },
          // Disable rule (type 2) switched off (status 0): kept to show how a rule is parked without deleting it.
          {
            id: 'btn-user-form-birthday',
            name: '生日禁用',
            menuType: 2,
            perms: 'user:form:birthday',
            permsType: '2',
            status: '0',
          },
        ],
      },
      {
        id: 'menu-system-role',
        name: '角色管理',
        url: '/isystem/roleUserList',
        component: 'system/RoleUserList',
        sortNo: 11,
      },
      {
        id: 'menu-system-permission',
        name: '菜单管理',
        url: '/isystem/newPermissionList',
        component: 'system/NewPermissionList',
        sortNo: 12,
      },
      {
        id: 'menu-system-depart',
        name: '部门管理',
        url: '/isystem/depart',
        component: 'system/DepartList',
        sortNo: 13,
      },
      { id: 'menu-system-dict', name: '数据字典', url: '/isystem/dict', component: 'system/DictList', sortNo: 14 },
      {
        id: 'menu-system-category',
        name: '分类字典',
        url: '/isys/category',
        component: 'system/SysCategoryList',
        sortNo: 15,
      },
      {
        id: 'menu-system-announcement',
        name: '系统通告',
        url: '/isystem/annountCement',
        component: 'system/SysAnnouncementList',
        sortNo: 16,
      },
      // Shown only to holders of the listed code (meta.permissionList), besides the menu grant itself.
      {
        id: 'menu-system-online',
        name: '在线用户',
        url: '/isystem/online',
        component: 'system/SysUserOnlineList',
        perms: 'system:online:list',
        permsType: '1',
        sortNo: 17,
      },
      {
        id: 'menu-system-notice',
        name: '通知横幅',
        url: '/isystem/noticeBanner',
        component: 'system/SysConfigNotice',
        sortNo: 18,
      },
      {
        id: 'menu-system-operate-log',
        name: '操作日志',
        url: '/isystem/operateLog',
        component: 'system/OperateLogList',
        sortNo: 19,
      },
    ],
  },
  {
    id: 'menu-monitor',
    name: '系统监控',
    url: '/monitor',
    component: 'layouts/RouteView',
    icon: 'dashboard',
    children: [
      // Iframe page: the client evaluates the {{ }} placeholder against its runtime config.
      {
        id: 'menu-monitor-api-docs',
        name: '接口文档',
        url: "{{ window._CONFIG['domianURL'] }}/docs",
        component: 'layouts/IframePageView',
        componentName: 'monitor-api-docs',
      },
      // This product's own documentation, served by the server (plugins/manual.ts), in an iframe page like 接口文档.
      {
        id: MANUAL_MENU.id,
        name: '开发文档',
        url: MANUAL_MENU.url,
        component: 'layouts/IframePageView',
        componentName: MANUAL_MENU.componentName,
      },
      // Not registered as a route (route '0'): a placeholder entry until the page exists.
      {
        id: 'menu-monitor-metrics',
        name: '性能监控',
        url: '/monitor/metrics',
        component: 'monitor/Metrics',
        isRoute: false,
      },
    ],
  },
  {
    id: 'menu-account',
    name: '个人页',
    url: '/account',
    component: 'layouts/RouteView',
    icon: 'user',
    hidden: true,
    alwaysShow: false,
    children: [
      {
        id: 'menu-account-center',
        name: '个人中心',
        url: '/account/center',
        component: 'account/center/Index',
        componentName: 'account-center',
      },
      {
        id: 'menu-account-settings',
        name: '个人设置',
        url: '/account/settings/base',
        component: 'account/settings/Index',
        componentName: 'account-settings-base',
        keepAlive: true,
      },
    ],
  },
  { id: 'btn-erp-entrance', name: 'ERP入口', menuType: 2, perms: 'hz:entrance', permsType: '1' },
];

/** Menu ids the seeded roles refer to; keep them stable. */
export const MENU_IDS = {
  home: 'menu-home',
  system: 'menu-system',
  /** Entries every signed-in user keeps (home, personal centre, account settings, my messages). */
  everyone: [
    'menu-home',
    'menu-account',
    'menu-account-center',
    'menu-account-settings',
    'menu-message',
    'menu-my-announcement',
  ],
} as const;

/** A button (menu type 2) carrying one permission code, shown ('1') when granted. */
export const buttonSeed = (id: string, name: string, perms: string): MenuSeed => ({
  id,
  name,
  menuType: 2,
  perms,
  permsType: '1',
});

/**
 * Seed step for installations seeded before issue 11: 开发文档 opens this product's documentation instead of the
 * third-party help site. An entry an administrator already changed is left as it is.
 */
export async function seedManualMenu(db: Db): Promise<void> {
  const changed = await db
    .updateTable('sysPermission')
    .set({ url: MANUAL_MENU.url, internalOrExternal: 0, componentName: MANUAL_MENU.componentName })
    .where('id', '=', MANUAL_MENU.id)
    .where('url', '=', MANUAL_MENU.formerUrl)
    .executeTakeFirst();
  if (changed.numUpdatedRows > 0n) {
    await db
      .updateTable('sysCacheEpoch')
      .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
      .where('name', '=', 'permission')
      .execute();
  }
}
