/**
 * Seed step '0003-work-orders': the permission codes of the work-order screen under 工单列表, the history's
 * dictionary work_order_action, and the grants: every code to the admin role; the screen and 新建 (list, add) to the
 * staff role where it exists (an installation seeded with demo data), so that ordinary staff report and handle work
 * orders while assigning any order and closing others' stay with dispatchers. New installations give the demo roles
 * their codes in demo.ts (the demo roles are made after the base steps).
 */
import { WORK_ORDER_ACTION_DICT, WORK_ORDER_PERMISSIONS } from '@houtai/shared/contract/work-order-rules';
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { ADMIN_ROLE } from '../../modules/role/role.service.ts';
import { ensureMenus } from './base.ts';
import { buttonSeed, type MenuSeed } from './menus.ts';

const LIST_MENU = 'menu-work-order-list';

const button = buttonSeed;

export const WORK_ORDER_BUTTONS: readonly MenuSeed[] = [
  button('btn-work-order-list', '查看工单', WORK_ORDER_PERMISSIONS.list),
  button('btn-work-order-add', '新建工单', WORK_ORDER_PERMISSIONS.add),
  button('btn-work-order-assign', '指派工单', WORK_ORDER_PERMISSIONS.assign),
  button('btn-work-order-close', '关闭他人工单', WORK_ORDER_PERMISSIONS.close),
];

/** Codes ordinary staff hold. */
export const STAFF_WORK_ORDER_CODES: readonly string[] = [WORK_ORDER_PERMISSIONS.list, WORK_ORDER_PERMISSIONS.add];

const ACTIONS: readonly (readonly [value: string, text: string, color: string])[] = [
  ['create', '创建', 'blue'],
  ['assign', '指派', 'orange'],
  ['complete', '完成', 'green'],
  ['close', '关闭', 'default'],
  ['reopen', '重新打开', 'purple'],
  ['comment', '评论', 'cyan'],
];

/** Dictionaries this step adds (the base step's DICTIONARIES has the others). */
export const WORK_ORDER_DICT_CODES: readonly string[] = [WORK_ORDER_ACTION_DICT];

async function ensureActionDictionary(db: Db): Promise<void> {
  const existing = await db
    .selectFrom('sysDict')
    .select('id')
    .where('dictCode', '=', WORK_ORDER_ACTION_DICT)
    .executeTakeFirst();
  if (existing) return;
  const dictId = newId();
  await db
    .insertInto('sysDict')
    .values({
      id: dictId,
      dictName: '工单操作',
      dictCode: WORK_ORDER_ACTION_DICT,
      description: '工单历史中的操作：创建、指派、完成、关闭、重新打开、评论',
      type: 0,
      createBy: 'system',
      createTime: nowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
  await db
    .insertInto('sysDictItem')
    .values(
      ACTIONS.map(([value, text, color], index) => ({
        id: newId(),
        dictId,
        itemText: text,
        itemValue: value,
        itemColor: color,
        description: null,
        sortOrder: index + 1,
        status: 1,
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })),
    )
    .execute();
}

/** Grants the permission rows to a role, skipping those it has. */
export async function grant(db: Db, roleId: string, permissionIds: readonly string[]): Promise<void> {
  if (permissionIds.length === 0) return;
  const have = new Set(
    (
      await db
        .selectFrom('sysRolePermission')
        .select('permissionId')
        .where('roleId', '=', roleId)
        .where('permissionId', 'in', permissionIds)
        .execute()
    ).map((r) => r.permissionId),
  );
  const missing = permissionIds.filter((id) => !have.has(id));
  if (missing.length === 0) return;
  await db
    .insertInto('sysRolePermission')
    .values(
      missing.map((permissionId) => ({
        id: newId(),
        roleId,
        permissionId,
        dataRuleIds: null,
        operateDate: nowIso(),
        operateIp: null,
      })),
    )
    .execute();
}

async function roleId(db: Db, code: string): Promise<string | null> {
  return (await db.selectFrom('sysRole').select('id').where('roleCode', '=', code).executeTakeFirst())?.id ?? null;
}

export async function seedWorkOrderBase(db: Db): Promise<void> {
  await ensureActionDictionary(db);
  const parent = await db.selectFrom('sysPermission').select('id').where('id', '=', LIST_MENU).executeTakeFirst();
  // An installation whose administrator removed the screen gets the codes at the top level.
  await ensureMenus(db, WORK_ORDER_BUTTONS, parent ? parent.id : null);
  if (parent) await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parent.id).execute();

  const admin = await roleId(db, ADMIN_ROLE);
  if (admin)
    await grant(
      db,
      admin,
      WORK_ORDER_BUTTONS.map((b) => b.id),
    );
  const staff = await roleId(db, 'staff');
  if (staff) {
    const staffButtons = WORK_ORDER_BUTTONS.filter((b) => b.perms && STAFF_WORK_ORDER_CODES.includes(b.perms));
    await grant(
      db,
      staff,
      staffButtons.map((b) => b.id),
    );
  }
  await db
    .updateTable('sysCacheEpoch')
    .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
    .where('name', '=', 'permission')
    .execute();
}
