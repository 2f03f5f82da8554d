/**
 * Seed step 0006: 组件示例 (`/test/home`, the widget gallery) under 系统管理, for administrators only. Granted to
 * the admin role; other roles get it when an administrator grants it.
 */
import type { Db } from '../connection.ts';
import { ADMIN_ROLE } from '../../modules/role/role.service.ts';
import { ensureMenus } from './base.ts';
import type { MenuSeed } from './menus.ts';
import { grant } from './work-orders.ts';

export const GALLERY_MENU: MenuSeed = {
  id: 'menu-test-home',
  name: '组件示例',
  url: '/test/home',
  component: 'test/WidgetGallery',
  componentName: 'test-home',
  icon: 'appstore',
  sortNo: 90,
};

export async function seedGalleryMenu(db: Db): Promise<void> {
  const parent = await db.selectFrom('sysPermission').select('id').where('id', '=', 'menu-system').executeTakeFirst();
  await ensureMenus(db, [GALLERY_MENU], parent ? parent.id : null);
  if (parent) await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parent.id).execute();
  const admin = await db.selectFrom('sysRole').select('id').where('roleCode', '=', ADMIN_ROLE).executeTakeFirst();
  if (admin) await grant(db, admin.id, [GALLERY_MENU.id]);
  await db
    .updateTable('sysCacheEpoch')
    .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
    .where('name', '=', 'permission')
    .execute();
}
