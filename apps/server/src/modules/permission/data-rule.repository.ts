/** SQL of the data rules of menus (sys_permission_data_rule) and of a role's chosen rules (sys_role_permission). */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysPermissionDataRuleTable } from '../../db/schema.ts';
import { executeCompiledMemo } from '../../lib/compiled-query.ts';
import { like } from '../../lib/like.ts';
import { departRoleGrantRows } from './permission-codes.repository.ts';

const RULE_COLUMNS = [
  'id',
  'permissionId',
  'ruleName',
  'ruleColumn',
  'ruleConditions',
  'ruleValue',
  'status',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
] as const;

export interface DataRuleRow {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export function findRulesOf(db: Db, permissionId: string): Promise<DataRuleRow[]> {
  return db
    .selectFrom('sysPermissionDataRule')
    .select(RULE_COLUMNS)
    .where('permissionId', '=', permissionId)
    .orderBy('createTime')
    .orderBy('id')
    .execute();
}

export function searchRules(
  db: Db,
  q: { permissionId: string; ruleName?: string | undefined; ruleValue?: string | undefined },
): Promise<DataRuleRow[]> {
  let query = db.selectFrom('sysPermissionDataRule').select(RULE_COLUMNS).where('permissionId', '=', q.permissionId);
  if (q.ruleName !== undefined) query = query.where((eb) => like(eb.ref('ruleName'), q.ruleName ?? ''));
  if (q.ruleValue !== undefined) query = query.where((eb) => like(eb.ref('ruleValue'), q.ruleValue ?? ''));
  return query.orderBy('createTime').orderBy('id').execute();
}

export function findRule(db: Db, id: string): Promise<DataRuleRow | undefined> {
  return db.selectFrom('sysPermissionDataRule').select(RULE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertRule(db: Db, row: Insertable<SysPermissionDataRuleTable>): Promise<void> {
  await db.insertInto('sysPermissionDataRule').values(row).execute();
}

export async function updateRule(db: Db, id: string, set: Updateable<SysPermissionDataRuleTable>): Promise<void> {
  await db.updateTable('sysPermissionDataRule').set(set).where('id', '=', id).execute();
}

export async function deleteRule(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sysPermissionDataRule').where('id', '=', id).execute();
}

export async function countRules(db: Db, permissionId: string): Promise<number> {
  const row = await db
    .selectFrom('sysPermissionDataRule')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('permissionId', '=', permissionId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Active rules among `ids` that belong to one of `permissionIds`. */
export function findActiveRules(
  db: Db,
  ids: readonly string[],
  permissionIds: readonly string[],
): Promise<DataRuleRow[]> {
  if (ids.length === 0 || permissionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysPermissionDataRule')
    .select(RULE_COLUMNS)
    .where('id', 'in', ids)
    .where('permissionId', 'in', permissionIds)
    .where('status', '=', '1')
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------------------------------------------------
// A role's rules on a menu (sys_role_permission.data_rule_ids, a comma list)

export function findRoleLink(db: Db, roleId: string, permissionId: string) {
  return db
    .selectFrom('sysRolePermission')
    .select(['id', 'dataRuleIds'])
    .where('roleId', '=', roleId)
    .where('permissionId', '=', permissionId)
    .executeTakeFirst();
}

/** The role links of a menu that carry rule ids. */
export function findLinksWithRules(db: Db, permissionId: string) {
  return db
    .selectFrom('sysRolePermission')
    .select(['id', 'dataRuleIds'])
    .where('permissionId', '=', permissionId)
    .where('dataRuleIds', 'is not', null)
    .execute();
}

export async function setLinkRules(db: Db, linkId: string, dataRuleIds: string | null): Promise<void> {
  await db.updateTable('sysRolePermission').set({ dataRuleIds }).where('id', '=', linkId).execute();
}

/**
 * The rule ids chosen on the user's role links to the live menu rows with this url, and those rows' ids: the
 * rules that govern what the user's list at `url` shows.
 */
export async function findUserRuleLinks(
  db: Db,
  userId: string,
  url: string,
): Promise<{ permissionId: string; dataRuleIds: string | null }[]> {
  // Read on every list request that data rules may narrow: compiled once and, on SQLite, remembered while the
  // database is unchanged (exact; lib/compiled-query.ts).
  const result = await executeCompiledMemo(
    db,
    'dataRule.userRuleLinks',
    (user, menuUrl) => userRuleLinksQuery(db, user, menuUrl),
    [userId, url],
  );
  return result.rows;
}

function userRuleLinksQuery(db: Db, userId: string, url: string) {
  const byRoles = db
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select(['rp.permissionId', 'rp.dataRuleIds'])
    .where('ur.userId', '=', userId)
    .where('p.url', '=', url)
    .where('p.delFlag', '=', 0)
    .where('p.menuType', 'in', [0, 1]);
  // The user's department roles count as their roles do: roles of a live department the user still belongs to.
  const byDepartRoles = departRoleGrantRows(db, userId)
    .innerJoin('sysPermission as p', 'p.id', 'drp.permissionId')
    .select(['drp.permissionId', 'drp.dataRuleIds'])
    .where('p.url', '=', url)
    .where('p.delFlag', '=', 0)
    .where('p.menuType', 'in', [0, 1]);
  return byRoles.unionAll(byDepartRoles);
}

/** The url of a live menu row (to learn which list its rules govern). */
export function findMenuUrl(db: Db, permissionId: string) {
  return db
    .selectFrom('sysPermission')
    .select(['id', 'url', 'menuType'])
    .where('id', '=', permissionId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
}
