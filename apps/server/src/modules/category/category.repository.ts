/** SQL over sys_category (tree by pid, root pid '0'). */
import type { RawBuilder, SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { like } from '../../lib/like.ts';

const NODE_COLUMNS = ['id', 'pid', 'name', 'code', 'hasChild'] as const;
/** A category tree is a picker: this many rows per call at most. */
export const CATEGORY_MAX_ROWS = 5000;

export function findByCode(db: Db, code: string) {
  return db.selectFrom('sysCategory').select(['id']).where('code', '=', code).limit(2).execute();
}

export function findChildren(db: Db, pids: readonly string[], condition: RawBuilder<SqlBool> | null = null) {
  if (pids.length === 0) return Promise.resolve([]);
  let q = db.selectFrom('sysCategory').select(NODE_COLUMNS).where('pid', 'in', pids);
  if (condition) q = q.where(condition);
  return q.orderBy('code').orderBy('id').limit(CATEGORY_MAX_ROWS).execute();
}

/** Rows matching one allow-listed field (code, name or id); two at most, to tell "not unique" apart. */
export function findByField(db: Db, field: 'code' | 'name' | 'id', value: string) {
  return db
    .selectFrom('sysCategory')
    .select(['id', 'pid', 'name', 'code', 'sysOrgCode', 'hasChild', 'createBy', 'createTime', 'updateBy', 'updateTime'])
    .where(field, '=', value)
    .limit(2)
    .execute();
}

export function findNamesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('sysCategory').select(['id', 'name']).where('id', 'in', ids).execute();
}

/** Rows whose code starts with `codePrefix` (all rows when null), LIKE escaped. */
export function findByCodePrefix(db: Db, codePrefix: string | null) {
  let q = db.selectFrom('sysCategory').select(['id', 'name', 'code']);
  if (codePrefix !== null) q = q.where((eb) => like(eb.ref('code'), codePrefix, 'prefix'));
  return q.orderBy('code').orderBy('id').limit(CATEGORY_MAX_ROWS).execute();
}
