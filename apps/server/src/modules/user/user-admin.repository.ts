/**
 * SQL of user administration (issue 14): account rows written by an administrator, the account's own links
 * (departments: sys_user_depart, settlement organisations: sys_user_settlement_org — the user module's, decisions
 * "Walls (issue 10)"), and the reads the guards need. Reads of other modules' tables are joins or existence checks
 * by bound ids that never write (decisions "Walls": a repository may read another module's table in one statement).
 */
import type { Db } from '../../db/connection.ts';
import type { UserUpdate } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

// ---- lookups -----------------------------------------------------------------------------------------

/** Live (not deleted) users among the ids. */
export function findLiveUsers(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname', 'status'])
    .where('id', 'in', [...ids])
    .where('delFlag', '=', 0)
    .execute();
}

/** Which of the ids name a department that is not deleted, with its org code. */
export function findLiveDeparts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDepart')
    .select(['id', 'orgCode', 'departName'])
    .where('id', 'in', [...ids])
    .where('delFlag', '=', '0')
    .execute();
}

/** Which of the ids name an enabled settlement organisation. */
export async function findEnabledSettlementOrgIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('settlementOrg')
    .select('id')
    .where('id', 'in', [...ids])
    .where('status', '=', '1')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Department ids of a user (sys_user_depart). */
export async function findDepartIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', userId).execute();
  return rows.map((r) => r.depId);
}

/** Settlement organisation ids of a user, enabled or not (sys_user_settlement_org). */
export async function findSettlementOrgIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysUserSettlementOrg')
    .select('settlementOrgId')
    .where('userId', '=', userId)
    .execute();
  return rows.map((r) => r.settlementOrgId);
}

/** Ids of the active administrators: holders of the role `adminRoleCode`, status 1, not deleted. */
export async function findActiveAdminIds(db: Db, adminRoleCode: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysUser as u')
    .innerJoin('sysUserRole as ur', 'ur.userId', 'u.id')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('u.id')
    .distinct()
    .where('r.roleCode', '=', adminRoleCode)
    .where('u.status', '=', 1)
    .where('u.delFlag', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes the row locks of the active administrators (a no-op update) at the start of a transaction that may take
 * the last one away: on PostgreSQL two such transactions queue on the same rows, so the second one counts what
 * the first committed; SQLite serialises writers anyway.
 */
export async function lockActiveAdmins(db: Db, adminRoleCode: string): Promise<void> {
  await db
    .updateTable('sysUser')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('delFlag', '=', 0)
    .where('status', '=', 1)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('sysUserRole as ur')
        .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
        .select('ur.userId')
        .where('r.roleCode', '=', adminRoleCode),
    )
    .execute();
}

/** A unique value held by a live user other than `exceptId`; username is compared ignoring case over every row. */
export async function findHolder(
  db: Db,
  field: 'phone' | 'email' | 'workNo',
  value: string,
  exceptId: string | undefined,
): Promise<boolean> {
  let q = db.selectFrom('sysUser').select('id').where('delFlag', '=', 0);
  q =
    field === 'email'
      ? q.where((eb) => eb(eb.fn<string>('lower', [eb.ref('email')]), '=', value.toLowerCase()))
      : q.where(field, '=', value);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export interface OnlyUserFields {
  username?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  workNo?: string | undefined;
}

/** Whether one row matches every given field (username over every row ignoring case; the others live rows). */
export async function anyUserMatching(db: Db, f: OnlyUserFields): Promise<boolean> {
  let q = db.selectFrom('sysUser').select('id');
  if (f.username !== undefined) {
    const name = f.username.toLowerCase();
    q = q.where((eb) => eb(eb.fn<string>('lower', [eb.ref('username')]), '=', name));
  } else q = q.where('delFlag', '=', 0);
  if (f.phone !== undefined) q = q.where('phone', '=', f.phone);
  if (f.email !== undefined) {
    const email = f.email.toLowerCase();
    q = q.where((eb) => eb(eb.fn<string>('lower', [eb.ref('email')]), '=', email));
  }
  if (f.workNo !== undefined) q = q.where('workNo', '=', f.workNo);
  return !!(await q.executeTakeFirst());
}

// ---- writes ------------------------------------------------------------------------------------------

export type AdminChanges = Pick<
  UserUpdate,
  | 'realname'
  | 'nickname'
  | 'workNo'
  | 'phone'
  | 'email'
  | 'telephone'
  | 'sex'
  | 'birthday'
  | 'avatar'
  | 'userIdentity'
  | 'departIds'
  | 'post'
>;

/** The administrator's edit of a live account; with `expectedVersion` only while the row has it. Rows changed. */
export async function updateAccount(
  db: Db,
  id: string,
  changes: AdminChanges,
  expectedVersion: number | undefined,
  by: string,
  at: string,
): Promise<number> {
  let q = db
    .updateTable('sysUser')
    .set((eb) => ({ ...changes, updateBy: by, updateTime: at, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('delFlag', '=', 0);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/** Sets the status of live accounts; answers the rows changed. */
export async function updateStatus(db: Db, ids: readonly string[], status: number, by: string, at: string) {
  const r = await db
    .updateTable('sysUser')
    .set((eb) => ({ status, updateBy: by, updateTime: at, version: eb('version', '+', 1) }))
    .where('id', 'in', [...ids])
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Logical delete (del_flag 1) of live accounts; answers the rows changed. */
export async function markDeleted(db: Db, ids: readonly string[], by: string, at: string) {
  const r = await db
    .updateTable('sysUser')
    .set((eb) => ({ delFlag: 1, updateBy: by, updateTime: at, version: eb('version', '+', 1) }))
    .where('id', 'in', [...ids])
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** A password an administrator set: the holder must change it at the next sign-in. */
export async function updatePasswordForcingChange(db: Db, id: string, hash: string, by: string, at: string) {
  await db
    .updateTable('sysUser')
    .set({ password: hash, mustChangePassword: 1, updateBy: by, updateTime: at })
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .execute();
}

/** The user's departments become exactly `departIds`. */
export async function replaceUserDeparts(db: Db, userId: string, departIds: readonly string[]): Promise<void> {
  await db.deleteFrom('sysUserDepart').where('userId', '=', userId).execute();
  if (departIds.length === 0) return;
  await db
    .insertInto('sysUserDepart')
    .values(departIds.map((depId) => ({ id: newId(), userId, depId })))
    .execute();
}

/** The user's settlement organisations become exactly `ids`. */
export async function replaceUserSettlementOrgs(db: Db, userId: string, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('sysUserSettlementOrg').where('userId', '=', userId).execute();
  if (ids.length === 0) return;
  await db
    .insertInto('sysUserSettlementOrg')
    .values(ids.map((settlementOrgId) => ({ id: newId(), userId, settlementOrgId })))
    .execute();
}

// ---- 用户导入 (user-transfer.service.ts) ---------------------------------------------------------------

export interface TakenIdentifiers {
  /** Lower-cased usernames held by any row (deleted ones too: the column is unique over every row). */
  usernames: Set<string>;
  phones: Set<string>;
  /** Lower-cased. */
  emails: Set<string>;
  workNos: Set<string>;
}

/** Which of the values an existing account already holds (phone, e-mail, work number: live accounts only). */
export async function findTakenIdentifiers(
  db: Db,
  v: { usernames: readonly string[]; phones: readonly string[]; emails: readonly string[]; workNos: readonly string[] },
): Promise<TakenIdentifiers> {
  const out: TakenIdentifiers = { usernames: new Set(), phones: new Set(), emails: new Set(), workNos: new Set() };
  if (v.usernames.length) {
    const lower = v.usernames.map((u) => u.toLowerCase());
    const rows = await db
      .selectFrom('sysUser')
      .select((eb) => eb.fn<string>('lower', [eb.ref('username')]).as('name'))
      .where((eb) => eb(eb.fn<string>('lower', [eb.ref('username')]), 'in', lower))
      .execute();
    for (const r of rows) out.usernames.add(r.name);
  }
  if (v.phones.length) {
    const rows = await db
      .selectFrom('sysUser')
      .select('phone')
      .where('delFlag', '=', 0)
      .where('phone', 'in', [...v.phones])
      .execute();
    for (const r of rows) if (r.phone) out.phones.add(r.phone);
  }
  if (v.emails.length) {
    const lower = v.emails.map((e) => e.toLowerCase());
    const rows = await db
      .selectFrom('sysUser')
      .select((eb) => eb.fn<string>('lower', [eb.ref('email')]).as('email'))
      .where('delFlag', '=', 0)
      .where((eb) => eb(eb.fn<string>('lower', [eb.ref('email')]), 'in', lower))
      .execute();
    for (const r of rows) out.emails.add(r.email);
  }
  if (v.workNos.length) {
    const rows = await db
      .selectFrom('sysUser')
      .select('workNo')
      .where('delFlag', '=', 0)
      .where('workNo', 'in', [...v.workNos])
      .execute();
    for (const r of rows) if (r.workNo) out.workNos.add(r.workNo);
  }
  return out;
}

/** Live departments whose org code or name is one of the keys. */
export function findLiveDepartsByCodeOrName(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDepart')
    .select(['id', 'orgCode', 'departName'])
    .where('delFlag', '=', '0')
    .where((eb) => eb.or([eb('orgCode', 'in', [...keys]), eb('departName', 'in', [...keys])]))
    .execute();
}

/** Positions whose code or name is one of the keys. */
export function findPositionsByCodeOrName(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysPosition')
    .select(['code', 'name'])
    .where((eb) => eb.or([eb('code', 'in', [...keys]), eb('name', 'in', [...keys])]))
    .execute();
}

/** Department links of new accounts (an import's batch), in one statement. */
export async function insertUserDeparts(db: Db, links: readonly { userId: string; depId: string }[]): Promise<void> {
  if (links.length === 0) return;
  await db
    .insertInto('sysUserDepart')
    .values(links.map((l) => ({ id: newId(), userId: l.userId, depId: l.depId })))
    .execute();
}
