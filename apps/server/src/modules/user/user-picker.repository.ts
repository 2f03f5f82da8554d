/**
 * SQL of the user pickers' reads (sys_user): a page of users by filters, and users by a list of ids or usernames.
 * Only the picker columns are selected (never password, salt, settings or tokens). The where-clause is a list of
 * predicates (one per filter), each value bound; the advanced query's evaluator can add its own to the list.
 */
import { sql, type ExpressionBuilder, type Expression, type SqlBool, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { like } from '../../lib/like.ts';
import { sortFor } from '../../registry/index.ts';

/** JeecgBoot's reserved account for external callers never appears in a user list. */
const RESERVED_USERNAME = '_reserve_user_external';

const PICKER_COLUMNS = [
  'id',
  'username',
  'realname',
  'workNo',
  'sex',
  'orgCode',
  'departIds',
  'post',
  'status',
  'createTime',
  'phone',
  'email',
  // The administration screen's columns (present() hands them to user administrators only).
  'avatar',
  'nickname',
  'telephone',
  'birthday',
  'userIdentity',
  'createBy',
  'updateBy',
  'updateTime',
] as const;

export interface UserPickerFilter {
  /** The advanced query (superQueryParams), compiled by the registry; bound values only. */
  where?: RawBuilder<SqlBool> | null;
  username?: string | undefined;
  realname?: string | undefined;
  status?: number | undefined;
  /** Contains-match (the administration screen's filters). */
  phone?: string | undefined;
  workNo?: string | undefined;
  sex?: number | undefined;
  /** Only members of these departments (empty: nobody). */
  departIds?: readonly string[] | undefined;
  /** Only these user ids. */
  ids?: readonly string[] | undefined;
  /** Only holders of this role (sys_user_role, read by bound id). */
  roleId?: string | undefined;
}

/** A predicate nothing satisfies (an empty id list); a literal, since SQLite cannot bind a boolean. */
const NONE = sql<SqlBool>`1 = 0`;

type Eb = ExpressionBuilder<Database, 'sysUser'>;

export function userPredicates(eb: Eb, f: UserPickerFilter): Expression<SqlBool>[] {
  const preds: Expression<SqlBool>[] = [eb('delFlag', '=', 0), eb('username', '<>', RESERVED_USERNAME)];
  if (f.username !== undefined) preds.push(like(eb.ref('username'), f.username));
  if (f.realname !== undefined) preds.push(like(eb.ref('realname'), f.realname));
  if (f.status !== undefined) preds.push(eb('status', '=', f.status));
  if (f.phone !== undefined) preds.push(like(eb.ref('phone'), f.phone));
  if (f.workNo !== undefined) preds.push(like(eb.ref('workNo'), f.workNo));
  if (f.sex !== undefined) preds.push(eb('sex', '=', f.sex));
  if (f.where) preds.push(f.where);
  if (f.ids !== undefined) preds.push(f.ids.length ? eb('id', 'in', [...f.ids]) : NONE);
  if (f.roleId !== undefined) {
    preds.push(eb('id', 'in', eb.selectFrom('sysUserRole').select('userId').where('roleId', '=', f.roleId)));
  }
  if (f.departIds !== undefined) {
    preds.push(
      f.departIds.length
        ? eb(
            'id',
            'in',
            eb
              .selectFrom('sysUserDepart')
              .select('userId')
              .where('depId', 'in', [...f.departIds]),
          )
        : NONE,
    );
  }
  return preds;
}

export async function countPickerUsers(db: Db, f: UserPickerFilter): Promise<number> {
  const row = await db
    .selectFrom('sysUser')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.and(userPredicates(eb, f)))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface UserSort {
  /** API column names resolved through the registry (sys_user); unknown ones are refused there. */
  column: string;
  order: string | undefined;
}

export function pagePickerUsers(db: Db, f: UserPickerFilter, sort: UserSort, offset: number, limit: number) {
  return (
    db
      .selectFrom('sysUser')
      .select([...PICKER_COLUMNS])
      .where((eb) => eb.and(userPredicates(eb, f)))
      .orderBy(sortFor('sys_user', sort.column, sort.order))
      // A stable order across pages when the sort values are equal.
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute()
  );
}

export type PickerUserRow = Awaited<ReturnType<typeof pagePickerUsers>>[number];

/** Active users whose `field` is one of the values, in no particular order. */
export function findPickerUsersBy(db: Db, field: 'id' | 'username', values: readonly string[]) {
  if (values.length === 0) return Promise.resolve([] as PickerUserRow[]);
  return db
    .selectFrom('sysUser')
    .select([...PICKER_COLUMNS])
    .where('delFlag', '=', 0)
    .where(field, 'in', [...values])
    .execute();
}
