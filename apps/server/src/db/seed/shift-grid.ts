/**
 * Seed step '0009-shift-grid': the permission codes of the shift grid (考勤班次) as buttons under its menu — save
 * (hr:shift:edit), 新增 (hr:shift:add) and 批量删除 (hr:shift:batch_delete) — granted to the admin role; other
 * roles get them when an administrator grants them.
 */
import { SHIFT_PERMISSIONS } from '@houtai/shared/contract/shift';
import type { Db } from '../connection.ts';
import { ADMIN_ROLE } from '../../modules/role/role.service.ts';
import { ensureMenus } from './base.ts';
import { buttonSeed, type MenuSeed } from './menus.ts';
import { grant } from './work-orders.ts';

const SHIFT_MENU = 'menu-hr-shift';

export const SHIFT_BUTTONS: readonly MenuSeed[] = [
  buttonSeed('btn-hr-shift-edit', '保存班次', SHIFT_PERMISSIONS.edit),
  buttonSeed('btn-hr-shift-add', '新增班次', SHIFT_PERMISSIONS.add),
  buttonSeed('btn-hr-shift-batch-delete', '批量删除班次', SHIFT_PERMISSIONS.batchDelete),
];

export async function seedShiftGrid(db: Db): Promise<void> {
  const parent = await db.selectFrom('sysPermission').select('id').where('id', '=', SHIFT_MENU).executeTakeFirst();
  // An installation whose administrator removed the screen gets the codes at the top level.
  await ensureMenus(db, SHIFT_BUTTONS, parent ? parent.id : null);
  if (parent) await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parent.id).execute();
  const admin = await db.selectFrom('sysRole').select('id').where('roleCode', '=', ADMIN_ROLE).executeTakeFirst();
  if (admin)
    await grant(
      db,
      admin.id,
      SHIFT_BUTTONS.map((b) => b.id),
    );
  await db
    .updateTable('sysCacheEpoch')
    .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
    .where('name', '=', 'permission')
    .execute();
}
