/** LIKE searches with bound, escaped patterns; the same on SQLite and PostgreSQL. */
import { sql, type Expression, type SqlBool } from 'kysely';

export type LikeMode = 'contains' | 'prefix' | 'suffix';

export const LIKE_MAX_LENGTH = 64;

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function likePattern(value: string, mode: LikeMode): string {
  const v = escapeLike(value.slice(0, LIKE_MAX_LENGTH));
  return mode === 'contains' ? `%${v}%` : mode === 'prefix' ? `${v}%` : `%${v}`;
}

/** `column LIKE ? ESCAPE '\'` with the value escaped and bound. */
export function like(column: Expression<unknown>, value: string, mode: LikeMode = 'contains'): Expression<SqlBool> {
  return sql<SqlBool>`${column} like ${likePattern(value, mode)} escape '\\'`;
}
