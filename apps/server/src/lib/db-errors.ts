/** What a database error means to a service, the same on PostgreSQL and SQLite (better-sqlite3). */

/** A unique index or primary key refused the write (PostgreSQL 23505, SQLite's constraint codes). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
