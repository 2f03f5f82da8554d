/** Demo people (in different departments and roles) so that a newcomer sees a living system on first start. */
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { newUserRow } from '../../modules/user/user.service.ts';
import { linkUser } from './base.ts';
import { seedDemoAccounting } from './demo-accounting.ts';
import { seedDemoAnnouncements } from './demo-announcements.ts';
import { MENU_IDS } from './menus.ts';
import { seedDemoWorkOrders } from './demo-work-orders.ts';
import { STAFF_WORK_ORDER_CODES } from './work-orders.ts';
import { PICKER_PERMISSIONS } from '@houtai/shared/contract/pickers';
import { ACCOUNTING_PERMISSIONS } from '@houtai/shared/contract/accounting';

export interface DemoSeedOptions {
  /** Demo users share the admin's first password (nothing is fixed in code). */
  passwordHash: string;
}

interface DemoUser {
  username: string;
  realname: string;
  phone: string;
  workNo: string;
  sex: number;
  email: string;
  thirdOrgCode?: string;
  roles: string[];
  departs: string[];
  settlements: string[];
}

/**
 * zhangsan: A03…; lisi: A10…; wangwu: a partner thirdOrgCode; zhaoliu: several departments and several
 * settlement organisations; guest: few permissions.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'zhangsan',
    realname: '张三',
    phone: '13800000001',
    workNo: 'E0001',
    sex: 1,
    email: 'zhangsan@example.com',
    roles: ['staff'],
    departs: ['A03A01'],
    settlements: ['SO001'],
  },
  {
    username: 'lisi',
    realname: '李四',
    phone: '13800000002',
    workNo: 'E0002',
    sex: 1,
    email: 'lisi@example.com',
    roles: ['staff', 'finance'],
    departs: ['A10A01'],
    settlements: ['SO002'],
  },
  {
    username: 'wangwu',
    realname: '王五',
    phone: '13800000003',
    workNo: 'E0003',
    sex: 1,
    email: 'wangwu@example.com',
    thirdOrgCode: 'P001',
    roles: ['staff'],
    departs: ['A02A01'],
    settlements: ['SO003'],
  },
  {
    username: 'zhaoliu',
    realname: '赵六',
    phone: '13800000004',
    workNo: 'E0004',
    sex: 2,
    email: 'zhaoliu@example.com',
    roles: ['staff', 'finance'],
    departs: ['A01A03', 'A03A02', 'A10A02'],
    settlements: ['SO001', 'SO002', 'SO003'],
  },
  {
    username: 'guest',
    realname: '访客',
    phone: '13800000005',
    workNo: 'E0005',
    sex: 2,
    email: 'guest@example.com',
    roles: ['guest'],
    departs: ['A01A02'],
    settlements: [],
  },
];

const ROLES = [
  { code: 'staff', name: '普通员工', description: '业务菜单，无系统管理' },
  { code: 'finance', name: '财务人员', description: '财务与结算' },
  { code: 'guest', name: '访客', description: '仅首页与个人中心' },
] as const;

/** Menu subtrees only administrators see: system administration and system monitoring. */
const ADMIN_ONLY = ['menu-system', 'menu-monitor'];
/** Business areas each demo role leaves out: staff do no accounting; finance does no work orders or HR. */
const LEFT_OUT: Record<'staff' | 'finance', readonly string[]> = {
  staff: ['menu-accounting'],
  finance: ['menu-work-order', 'menu-hr'],
};

/** Button codes the staff roles hold besides their menus. */
/** The accounting codes reach only finance (staff leave the accounting menu out); reopening stays the admin's. */
const FINANCE_CODES = [
  ACCOUNTING_PERMISSIONS.view,
  ACCOUNTING_PERMISSIONS.generate,
  ACCOUNTING_PERMISSIONS.sync,
  ACCOUNTING_PERMISSIONS.close,
  ACCOUNTING_PERMISSIONS.bizRecordView,
  ACCOUNTING_PERMISSIONS.bizRecordEdit,
  ACCOUNTING_PERMISSIONS.bizRecordImport,
  ACCOUNTING_PERMISSIONS.bizRecordExport,
];
const STAFF_BUTTONS = new Set(['hz:entrance', PICKER_PERMISSIONS.read, ...STAFF_WORK_ORDER_CODES, ...FINANCE_CODES]);

async function roleGrants(db: Db): Promise<Record<string, string[]>> {
  const rows = await db.selectFrom('sysPermission').select(['id', 'parentId', 'menuType', 'perms']).execute();
  const parent = new Map(rows.map((r) => [r.id, r.parentId]));
  const under = (id: string, roots: readonly string[]): boolean => {
    for (let cur: string | null | undefined = id; cur; cur = parent.get(cur)) if (roots.includes(cur)) return true;
    return false;
  };
  const business = (leftOut: readonly string[]) =>
    rows
      .filter((r) => !under(r.id, [...ADMIN_ONLY, ...leftOut]))
      .filter((r) => r.menuType !== 2 || (r.perms && STAFF_BUTTONS.has(r.perms)))
      .map((r) => r.id);
  const everyone = rows.filter((r) => (MENU_IDS.everyone as readonly string[]).includes(r.id)).map((r) => r.id);
  return { staff: business(LEFT_OUT.staff), finance: business(LEFT_OUT.finance), guest: everyone };
}

export async function seedDemo(db: Db, opts: DemoSeedOptions): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const grants = await roleGrants(trx);
    const roleIds = new Map<string, string>();
    for (const r of ROLES) {
      const existing = await trx.selectFrom('sysRole').select('id').where('roleCode', '=', r.code).executeTakeFirst();
      const id = existing?.id ?? newId();
      if (!existing) {
        await trx
          .insertInto('sysRole')
          .values({
            id,
            roleCode: r.code,
            roleName: r.name,
            description: r.description,
            createBy: 'system',
            createTime: nowIso(),
            updateBy: null,
            updateTime: null,
          })
          .execute();
        const perms = grants[r.code] ?? [];
        if (perms.length) {
          await trx
            .insertInto('sysRolePermission')
            .values(
              perms.map((permissionId) => ({
                id: newId(),
                roleId: id,
                permissionId,
                dataRuleIds: null,
                operateDate: nowIso(),
                operateIp: null,
              })),
            )
            .execute();
        }
      }
      roleIds.set(r.code, id);
    }
    const created: string[] = [];
    for (const u of DEMO_USERS) {
      const exists = await trx.selectFrom('sysUser').select('id').where('username', '=', u.username).executeTakeFirst();
      if (exists) continue;
      const id = newId();
      await trx
        .insertInto('sysUser')
        .values(
          newUserRow({
            id,
            username: u.username,
            realname: u.realname,
            nickname: u.realname,
            password: opts.passwordHash,
            sex: u.sex,
            email: u.email,
            phone: u.phone,
            orgCode: u.departs[0] ?? null,
            workNo: u.workNo,
            thirdOrgCode: u.thirdOrgCode ?? null,
            createBy: 'system',
          }),
        )
        .execute();
      for (const code of u.roles) {
        const roleId = roleIds.get(code);
        if (roleId) await trx.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId }).execute();
      }
      await linkUser(trx, id, u.departs, u.settlements);
      created.push(u.username);
    }
    if (created.length > 0) await seedDemoAnnouncements(trx);
    if (created.length > 0) await seedDemoWorkOrders(trx);
    if (created.length > 0) await seedDemoAccounting(trx);
    await trx
      .updateTable('sysCacheEpoch')
      .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
      .where('name', '=', 'permission')
      .execute();
    return created;
  });
}
