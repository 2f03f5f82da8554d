/**
 * Seed step '0010-admin-permissions' (issue 14): the administration screens the base menu did not have yet
 * (编码校验规则, 表字典登记, 结算组织, 系统配置 under 系统管理; 定时任务 and 登录日志 under 系统监控) and the
 * permission codes of every administration screen (ADMIN_PERMISSIONS) as buttons under their screen's menu,
 * all granted to the admin role. A code some row already carries (user:add, …) is not added twice. Also the
 * dictionary entries those screens show (ADMIN_DICTIONARIES).
 */
import { ADMIN_PERMISSION_NAMES, ADMIN_PERMISSIONS, type AdminPermissionCode } from '@houtai/shared/contract/admin';
import type { Db } from '../connection.ts';
import { ADMIN_ROLE } from '../../modules/role/role.service.ts';
import { ensureMenus } from './base.ts';
import { ensureDict, type DictSeed } from './dictionaries.ts';
import { buttonSeed, type MenuSeed } from './menus.ts';
import { grant } from './work-orders.ts';

/** The new screens, by the menu they go under. */
export const ADMIN_SCREENS: Readonly<Record<string, readonly MenuSeed[]>> = {
  'menu-system': [
    {
      id: 'menu-system-check-rule',
      name: '编码校验规则',
      url: '/isystem/checkRule',
      component: 'system/CheckRuleList',
      componentName: 'isystem-checkRule',
      sortNo: 20,
    },
    {
      id: 'menu-system-table-dict',
      name: '表字典登记',
      url: '/isystem/tableDict',
      component: 'system/TableDictList',
      componentName: 'isystem-tableDict',
      sortNo: 21,
    },
    {
      id: 'menu-system-settlement',
      name: '结算组织',
      url: '/isystem/settlement',
      component: 'system/SettlementOrgList',
      componentName: 'isystem-settlement',
      sortNo: 22,
    },
    {
      id: 'menu-system-config',
      name: '系统配置',
      url: '/isystem/config',
      component: 'system/SysConfigList',
      componentName: 'isystem-config',
      sortNo: 23,
    },
  ],
  'menu-monitor': [
    {
      id: 'menu-monitor-quartz',
      name: '定时任务',
      url: '/monitor/quartz',
      component: 'system/QuartzJobList',
      componentName: 'monitor-quartz',
      sortNo: 1,
    },
    {
      id: 'menu-monitor-log',
      name: '日志管理',
      url: '/monitor/log',
      component: 'system/LogList',
      componentName: 'monitor-log',
      sortNo: 2,
    },
  ],
};

/**
 * Dictionaries of the administration screens: 离职 (status 3, resignBatch) joins user_status; quartz_status is
 * JeecgBoot's (0 正常, -1 停止). ensureDict adds only what is missing.
 */
export const ADMIN_DICTIONARIES: readonly DictSeed[] = [
  {
    code: 'user_status',
    name: '用户状态',
    type: 1,
    // The first two exist (base seed): listed so that 离职 sorts third.
    items: [
      ['1', '正常'],
      ['2', '冻结'],
      ['3', '离职'],
    ],
  },
  {
    code: 'quartz_status',
    name: '定时任务状态',
    type: 1,
    items: [
      ['0', '正常'],
      ['-1', '停止'],
    ],
  },
];

/** The menu each area's buttons go under. */
const AREA_MENU: Readonly<Record<keyof typeof ADMIN_PERMISSIONS, string>> = {
  user: 'menu-system-user',
  role: 'menu-system-role',
  menu: 'menu-system-permission',
  depart: 'menu-system-depart',
  dict: 'menu-system-dict',
  category: 'menu-system-category',
  checkRule: 'menu-system-check-rule',
  tableDict: 'menu-system-table-dict',
  position: 'menu-hr-position',
  settlement: 'menu-system-settlement',
  config: 'menu-system-config',
  quartz: 'menu-monitor-quartz',
  log: 'menu-monitor-log',
};

/** The button id of a code: stable, so later steps and tests can refer to it. */
export function adminButtonId(code: AdminPermissionCode): string {
  return `btn-admin-${code.replace(/[^A-Za-z0-9]+/g, '-')}`;
}

async function existingId(db: Db, id: string): Promise<string | null> {
  return (await db.selectFrom('sysPermission').select('id').where('id', '=', id).executeTakeFirst())?.id ?? null;
}

export async function seedAdminPermissions(db: Db): Promise<void> {
  const granted: string[] = [];
  for (const [parentId, screens] of Object.entries(ADMIN_SCREENS)) {
    const parent = await existingId(db, parentId);
    await ensureMenus(db, screens, parent);
    if (parent) await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parent).execute();
    granted.push(...screens.map((s) => s.id));
  }
  const carried = new Set(
    (await db.selectFrom('sysPermission').select('perms').where('perms', 'is not', null).execute()).map((r) => r.perms),
  );
  for (const [area, codes] of Object.entries(ADMIN_PERMISSIONS) as [
    keyof typeof ADMIN_PERMISSIONS,
    Record<string, AdminPermissionCode>,
  ][]) {
    const buttons = Object.values(codes)
      .filter((code) => !carried.has(code))
      .map((code) => buttonSeed(adminButtonId(code), ADMIN_PERMISSION_NAMES[code], code));
    if (buttons.length === 0) continue;
    // An installation whose administrator removed the screen gets the codes at the top level.
    const parent = await existingId(db, AREA_MENU[area]);
    await ensureMenus(db, buttons, parent);
    if (parent) await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parent).execute();
    granted.push(...buttons.map((b) => b.id));
  }
  for (const d of ADMIN_DICTIONARIES) await ensureDict(db, d);
  const admin = await db.selectFrom('sysRole').select('id').where('roleCode', '=', ADMIN_ROLE).executeTakeFirst();
  if (admin) await grant(db, admin.id, granted);
  await db
    .updateTable('sysCacheEpoch')
    .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
    .where('name', '=', 'permission')
    .execute();
}
