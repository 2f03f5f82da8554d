/**
 * SQL of the settlement organisation administration (settlement_org) and of its users (sys_user_settlement_org,
 * read joined to the live users of sys_user — decisions.md "Walls"). Ledgers are only counted here (the accounting
 * module administers them).
 */
import type { Expression, Insertable, RawBuilder, SqlBool, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SettlementOrgTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { like } from '../../lib/like.ts';
import { sortFor } from '../../registry/index.ts';

export interface SettlementFilter {
  where?: RawBuilder<SqlBool> | null;
  name?: string | undefined;
  code?: string | undefined;
  status?: string | undefined;
}

const COLUMNS = [
  'id',
  'code',
  'name',
  'status',
  'sortOrder',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'version',
] as const;

function filtered(db: Db, f: SettlementFilter) {
  return db.selectFrom('settlementOrg').where((eb) => {
    const preds: Expression<SqlBool>[] = [];
    if (f.name !== undefined) preds.push(like(eb.ref('name'), f.name));
    if (f.code !== undefined) preds.push(like(eb.ref('code'), f.code));
    if (f.status !== undefined) preds.push(eb('status', '=', f.status));
    if (f.where) preds.push(f.where);
    return eb.and(preds);
  });
}

export async function countOrgs(db: Db, f: SettlementFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageOrgs(
  db: Db,
  f: SettlementFilter,
  sort: { column: string | undefined; order: string | undefined },
  offset: number,
  limit: number,
) {
  return filtered(db, f)
    .select(COLUMNS)
    .orderBy(sortFor('settlement_org', sort.column, sort.order))
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findOrgById(db: Db, id: string) {
  return db.selectFrom('settlementOrg').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findOrgsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('settlementOrg')
    .select(COLUMNS)
    .where('id', 'in', [...ids])
    .execute();
}

export function findOrgByCode(db: Db, code: string, exceptId?: string) {
  let q = db.selectFrom('settlementOrg').select('id').where('code', '=', code);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insertOrg(db: Db, row: Insertable<SettlementOrgTable>): Promise<void> {
  await db.insertInto('settlementOrg').values(row).execute();
}

export async function updateOrg(
  db: Db,
  id: string,
  version: number | undefined,
  changes: Updateable<SettlementOrgTable>,
): Promise<number> {
  let q = db
    .updateTable('settlementOrg')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Deletes the organisations and every user link left to them (links of logically deleted users). */
export async function deleteOrgs(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await db
    .deleteFrom('sysUserSettlementOrg')
    .where('settlementOrgId', 'in', [...ids])
    .execute();
  const res = await db
    .deleteFrom('settlementOrg')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Live users linked, by organisation id. */
export async function countLiveUsersByOrg(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('sysUserSettlementOrg as us')
    .innerJoin('sysUser as u', 'u.id', 'us.userId')
    .select(['us.settlementOrgId as orgId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('us.settlementOrgId', 'in', [...ids])
    .where('u.delFlag', '=', 0)
    .groupBy('us.settlementOrgId')
    .execute();
  return new Map(rows.map((r) => [r.orgId, Number(r.n)]));
}

/** Ledgers (any status), by organisation id. */
export async function countLedgersByOrg(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger')
    .select(['settlementOrgId as orgId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('settlementOrgId', 'in', [...ids])
    .groupBy('settlementOrgId')
    .execute();
  return new Map(rows.map((r) => [r.orgId, Number(r.n)]));
}

// ---- users of an organisation ----------------------------------------------------------------------------------

export interface OrgUserFilter {
  orgId: string;
  username?: string | undefined;
  realname?: string | undefined;
}

function orgUsers(db: Db, f: OrgUserFilter) {
  return db
    .selectFrom('sysUserSettlementOrg as us')
    .innerJoin('sysUser as u', 'u.id', 'us.userId')
    .where((eb) => {
      const preds: Expression<SqlBool>[] = [eb('us.settlementOrgId', '=', f.orgId), eb('u.delFlag', '=', 0)];
      if (f.username !== undefined) preds.push(like(eb.ref('u.username'), f.username));
      if (f.realname !== undefined) preds.push(like(eb.ref('u.realname'), f.realname));
      return eb.and(preds);
    });
}

export async function countOrgUsers(db: Db, f: OrgUserFilter): Promise<number> {
  const row = await orgUsers(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the ids of the organisation's live users, newest account first. */
export async function pageOrgUserIds(db: Db, f: OrgUserFilter, offset: number, limit: number): Promise<string[]> {
  const rows = await orgUsers(db, f)
    .select('u.id')
    .orderBy('u.createTime', 'desc')
    .orderBy('u.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Which of these users are linked to the organisation already. */
export async function findLinkedUserIds(db: Db, orgId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('sysUserSettlementOrg')
    .select('userId')
    .where('settlementOrgId', '=', orgId)
    .where('userId', 'in', [...userIds])
    .execute();
  return rows.map((r) => r.userId);
}

export async function insertUserLinks(db: Db, orgId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('sysUserSettlementOrg')
    .values(userIds.map((userId) => ({ id: newId(), userId, settlementOrgId: orgId })))
    .execute();
}

export async function deleteUserLinks(db: Db, orgId: string, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const res = await db
    .deleteFrom('sysUserSettlementOrg')
    .where('settlementOrgId', '=', orgId)
    .where('userId', 'in', [...userIds])
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The settlement organisations a user belongs to (ids). */
export async function orgIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysUserSettlementOrg')
    .select('settlementOrgId')
    .where('userId', '=', userId)
    .execute();
  return rows.map((r) => r.settlementOrgId);
}
