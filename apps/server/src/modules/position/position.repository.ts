/** SQL of positions (sys_position): the position picker's page and names by code. */
import type { Expression, SqlBool, RawBuilder } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { like } from '../../lib/like.ts';
import { sortFor } from '../../registry/index.ts';

export interface PositionFilter {
  /** The advanced query (superQueryParams), compiled by the registry; bound values only. */
  where?: RawBuilder<SqlBool> | null;
  /** Contains-match on the name. */
  name?: string | undefined;
}

function filtered(db: Db, f: PositionFilter) {
  return db.selectFrom('sysPosition').where((eb) => {
    const preds: Expression<SqlBool>[] = [];
    if (f.name !== undefined) preds.push(like(eb.ref('name'), f.name));
    if (f.where) preds.push(f.where);
    return eb.and(preds);
  });
}

export async function countPositions(db: Db, f: PositionFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pagePositions(
  db: Db,
  f: PositionFilter,
  sort: { column: string | undefined; order: string | undefined },
  offset: number,
  limit: number,
) {
  return filtered(db, f)
    .select(['id', 'code', 'name', 'postRank'])
    .orderBy(sortFor('sys_position', sort.column, sort.order))
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findPositionNames(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysPosition')
    .select(['code', 'name'])
    .where('code', 'in', [...codes])
    .execute();
}
