/** SQL of departments (sys_depart) and of their members (sys_user_depart). */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { like } from '../../lib/like.ts';

/** A predicate nothing satisfies (an empty id list); a literal, since SQLite cannot bind a boolean. */
const NONE = sql<SqlBool>`1 = 0`;

/** More departments than any organisation has: the trees are built from one bounded read. */
export const DEPART_READ_MAX = 5000;

/** Departments by org code (deleted ones too: a full name still names them). */
export function findDepartsByCodes(db: Db, orgCodes: readonly string[]) {
  if (orgCodes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDepart')
    .select(['orgCode', 'departName'])
    .where('orgCode', 'in', [...orgCodes])
    .execute();
}

const TREE_COLUMNS = [
  'id',
  'parentId',
  'departName',
  'orgCode',
  'orgCategory',
  'orgType',
  'departOrder',
  'status',
  'delFlag',
] as const;

export interface DepartFilter {
  /** Only this department and its descendants (org code prefix). */
  orgCodePrefix?: string | undefined;
  /** Only org codes of at most this many characters (levels × 3). */
  maxCodeLength?: number | undefined;
  /** Contains-match on the name. */
  keyword?: string | undefined;
  /** Only these ids. */
  ids?: readonly string[] | undefined;
  /** Only these org codes. */
  orgCodes?: readonly string[] | undefined;
  /** Only children of this parent ('' = roots). */
  parentId?: string | undefined;
}

/**
 * Departments (deleted ones included: the pickers show or disable them per showDelDepart / selectedDelDepart),
 * in tree order. The where-clause is a list of predicates, each bound.
 */
export function findDeparts(db: Db, f: DepartFilter) {
  return db
    .selectFrom('sysDepart')
    .select([...TREE_COLUMNS])
    .select((eb) =>
      eb
        .selectFrom('sysDepart as c')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('c.parentId', '=', 'sysDepart.id')
        .as('childCount'),
    )
    .where((eb) => {
      const preds: Expression<SqlBool>[] = [];
      if (f.orgCodePrefix !== undefined) preds.push(like(eb.ref('orgCode'), f.orgCodePrefix, 'prefix'));
      if (f.maxCodeLength !== undefined) preds.push(eb(eb.fn('length', [eb.ref('orgCode')]), '<=', f.maxCodeLength));
      if (f.keyword !== undefined) preds.push(like(eb.ref('departName'), f.keyword, 'contains'));
      if (f.ids !== undefined) preds.push(f.ids.length ? eb('id', 'in', [...f.ids]) : NONE);
      if (f.orgCodes !== undefined) preds.push(f.orgCodes.length ? eb('orgCode', 'in', [...f.orgCodes]) : NONE);
      if (f.parentId !== undefined)
        preds.push(
          f.parentId === ''
            ? eb.or([eb('parentId', 'is', null), eb('parentId', '=', '')])
            : eb('parentId', '=', f.parentId),
        );
      return eb.and(preds);
    })
    .orderBy('departOrder')
    .orderBy('orgCode')
    .limit(DEPART_READ_MAX)
    .execute();
}

export type DepartTreeRow = Awaited<ReturnType<typeof findDeparts>>[number];

/** The departments a user belongs to (ids). */
export async function findMemberDepartIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', userId).execute();
  return rows.map((r) => r.depId);
}

/** Org codes of departments by id. */
export function findOrgCodesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDepart')
    .select(['id', 'orgCode', 'departName'])
    .where('id', 'in', [...ids])
    .execute();
}

/** (user id, department) links of some users, with the department's name and code. */
export function findMemberships(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysUserDepart as ud')
    .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
    .select(['ud.userId', 'd.id', 'd.orgCode', 'd.departName'])
    .where('ud.userId', 'in', [...userIds])
    .orderBy('d.orgCode')
    .execute();
}
