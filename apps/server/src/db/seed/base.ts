/**
 * Base data every installation needs: the admin account and roles, the menu tree, departments,
 * dictionaries, categories, check rules, settlement organisations, ledgers and system config.
 * Idempotent: rows are inserted by natural key when missing, never overwritten. Applied once per database
 * as a seed step (seed/index.ts), so that rows an administrator deletes later stay deleted.
 */
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { ADMIN_ROLE } from '../../modules/role/role.service.ts';
import { newUserRow } from '../../modules/user/user.service.ts';
import { MENUS, type MenuSeed } from './menus.ts';
import { seedOrganisation } from './organisation.ts';
import { seedDictionaries } from './dictionaries.ts';
import { seedCategories } from './categories.ts';
import { seedCheckRules } from './check-rules.ts';
import { seedConfig } from './config.ts';
import { seedPositions } from './positions.ts';

async function ensureRole(db: Db, code: string, name: string, description: string): Promise<string> {
  const row = await db.selectFrom('sysRole').select('id').where('roleCode', '=', code).executeTakeFirst();
  if (row) return row.id;
  const id = newId();
  await db
    .insertInto('sysRole')
    .values({
      id,
      roleCode: code,
      roleName: name,
      description,
      createBy: 'system',
      createTime: nowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
  return id;
}

export async function ensureMenus(db: Db, menus: readonly MenuSeed[], parentId: string | null): Promise<void> {
  for (const [index, m] of menus.entries()) {
    const existing = await db.selectFrom('sysPermission').select('id').where('id', '=', m.id).executeTakeFirst();
    if (!existing) {
      await db
        .insertInto('sysPermission')
        .values({
          id: m.id,
          parentId,
          name: m.name,
          url: m.url ?? null,
          component: m.component ?? null,
          componentName: m.componentName ?? null,
          redirect: m.redirect ?? null,
          menuType: m.menuType ?? (parentId ? 1 : 0),
          perms: m.perms ?? null,
          permsType: m.permsType ?? '1',
          sortNo: m.sortNo ?? index + 1,
          alwaysShow: m.alwaysShow ? 1 : 0,
          icon: m.icon ?? null,
          isRoute: m.isRoute === false ? 0 : 1,
          isLeaf: m.children && m.children.length > 0 ? 0 : 1,
          keepAlive: m.keepAlive ? 1 : 0,
          hidden: m.hidden ? 1 : 0,
          hideTab: m.hideTab ? 1 : 0,
          hiddenHeaderContent: m.hiddenHeaderContent ? 1 : 0,
          description: m.description ?? null,
          status: m.status ?? '1',
          internalOrExternal: m.internalOrExternal ? 1 : 0,
          createBy: 'system',
          createTime: nowIso(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
    }
    if (m.children) await ensureMenus(db, m.children, m.id);
  }
}

async function grantAll(db: Db, roleId: string): Promise<void> {
  const all = await db.selectFrom('sysPermission').select('id').execute();
  const have = new Set(
    (await db.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', roleId).execute()).map(
      (r) => r.permissionId,
    ),
  );
  const missing = all.filter((p) => !have.has(p.id));
  if (missing.length === 0) return;
  await db
    .insertInto('sysRolePermission')
    .values(
      missing.map((p) => ({
        id: newId(),
        roleId,
        permissionId: p.id,
        dataRuleIds: null,
        operateDate: nowIso(),
        operateIp: null,
      })),
    )
    .execute();
}

/** Links a user to departments (by org code) and settlement organisations (by code); sets the current account. */
export async function linkUser(
  db: Db,
  userId: string,
  orgCodes: readonly string[],
  settlementCodes: readonly string[],
): Promise<void> {
  for (const code of orgCodes) {
    const d = await db.selectFrom('sysDepart').select('id').where('orgCode', '=', code).executeTakeFirstOrThrow();
    await db.insertInto('sysUserDepart').values({ id: newId(), userId, depId: d.id }).execute();
  }
  let first: string | null = null;
  for (const code of settlementCodes) {
    const s = await db.selectFrom('settlementOrg').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    await db.insertInto('sysUserSettlementOrg').values({ id: newId(), userId, settlementOrgId: s.id }).execute();
    first ??= s.id;
  }
  if (first) await db.updateTable('sysUser').set({ accountId: first }).where('id', '=', userId).execute();
}

async function bumpPermissionEpoch(db: Db): Promise<void> {
  await db
    .updateTable('sysCacheEpoch')
    .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
    .where('name', '=', 'permission')
    .execute();
}

/** The base data of the first seed step: menus, organisation, dictionaries, … and the admin role with every grant. */
export async function seedBase(db: Db): Promise<void> {
  await ensureMenus(db, MENUS, null);
  await seedOrganisation(db);
  await seedDictionaries(db);
  await seedCategories(db);
  await seedCheckRules(db);
  await seedConfig(db);
  await seedPositions(db);
  const adminRole = await ensureRole(db, ADMIN_ROLE, '管理员', '系统管理员，拥有全部权限');
  await grantAll(db, adminRole);
  await bumpPermissionEpoch(db);
}

/** The `admin` account of a first start (the base data must be there). */
export async function seedAdmin(db: Db, passwordHash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const adminRole = await trx
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', ADMIN_ROLE)
      .executeTakeFirstOrThrow();
    const adminId = newId();
    await trx
      .insertInto('sysUser')
      .values(
        newUserRow({
          id: adminId,
          username: 'admin',
          realname: '管理员',
          nickname: '管理员',
          password: passwordHash,
          sex: 1,
          orgCode: 'A01',
          workNo: 'A1000',
          userIdentity: 2,
          createBy: 'system',
        }),
      )
      .execute();
    await trx.insertInto('sysUserRole').values({ id: newId(), userId: adminId, roleId: adminRole.id }).execute();
    await linkUser(trx, adminId, ['A01', 'A01A04'], ['SO001', 'SO002', 'SO003']);
    await bumpPermissionEpoch(trx);
  });
}
