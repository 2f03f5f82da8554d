/** SQL about users and what they belong to (departments, settlement organisations, roles). */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysUserTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

export type NewUserFields = Pick<Insertable<SysUserTable>, 'id' | 'username'> & Partial<Insertable<SysUserTable>>;

/** A sys_user row: every optional column empty (a member, created now) unless given. */
export function newUserRow(fields: NewUserFields): Insertable<SysUserTable> {
  return {
    realname: fields.username,
    nickname: null,
    password: null,
    avatar: null,
    birthday: null,
    sex: null,
    email: null,
    phone: null,
    orgCode: null,
    workNo: null,
    post: null,
    telephone: null,
    thirdOrgCode: null,
    accountId: null,
    userIdentity: 1,
    departIds: null,
    settings: null,
    createBy: null,
    createTime: nowIso(),
    updateBy: null,
    updateTime: null,
    ...fields,
  };
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('sysUser').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string) {
  return db
    .selectFrom('sysUser')
    .selectAll()
    .where('username', '=', username)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
}

export function findUserByPhone(db: Db, phone: string) {
  return db.selectFrom('sysUser').selectAll().where('phone', '=', phone).where('delFlag', '=', 0).executeTakeFirst();
}

export function findUserByWorkNo(db: Db, workNo: string) {
  return db.selectFrom('sysUser').selectAll().where('workNo', '=', workNo).where('delFlag', '=', 0).executeTakeFirst();
}

/** Departments of a user (not deleted), in tree order. */
export function findUserDeparts(db: Db, userId: string) {
  return db
    .selectFrom('sysDepart as d')
    .innerJoin('sysUserDepart as ud', 'ud.depId', 'd.id')
    .selectAll('d')
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', '0')
    .orderBy('d.orgCode')
    .execute();
}

/** Every department whose org code is a prefix of one of the given codes (for full names). */
export function findDepartsByCodes(db: Db, orgCodes: readonly string[]) {
  if (orgCodes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDepart')
    .select(['orgCode', 'departName'])
    .where('orgCode', 'in', [...orgCodes])
    .execute();
}

export function findUserSettlementOrgs(db: Db, userId: string) {
  return db
    .selectFrom('settlementOrg as s')
    .innerJoin('sysUserSettlementOrg as us', 'us.settlementOrgId', 's.id')
    .select(['s.id', 's.code', 's.name'])
    .where('us.userId', '=', userId)
    .where('s.status', '=', '1')
    .orderBy('s.sortOrder')
    .orderBy('s.code')
    .execute();
}

export function findUserRoleCodes(db: Db, userId: string) {
  return db
    .selectFrom('sysRole as r')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'r.id')
    .select('r.roleCode')
    .where('ur.userId', '=', userId)
    .execute()
    .then((rows) => rows.map((r) => r.roleCode));
}

/** Real names of users by id (deleted ones too: history keeps naming them). */
export function findUserNamesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('sysUser').select(['id', 'username', 'realname']).where('id', 'in', ids).execute();
}

export function findUserNamesByUsernames(db: Db, usernames: readonly string[]) {
  if (usernames.length === 0) return Promise.resolve([]);
  return db.selectFrom('sysUser').select(['id', 'username', 'realname']).where('username', 'in', usernames).execute();
}

/** An account that can be given work: not deleted, not frozen. */
export function findActiveUser(db: Db, id: string) {
  return db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname'])
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .where('status', '=', 1)
    .executeTakeFirst();
}
