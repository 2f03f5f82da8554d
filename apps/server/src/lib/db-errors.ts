/** What a database error means to a service, the same on PostgreSQL and SQLite (better-sqlite3). */

/** A unique index or primary key refused the write (PostgreSQL 23505, SQLite's constraint codes). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Socket-level failures of reaching a service (Node's error codes). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * The database cannot be reached right now (stopped, restarting, crashed, the connection dropped): PostgreSQL's
 * connection exceptions (08xxx), admin/crash shutdown and "starting up" (57P01–57P03), too many connections (53300),
 * pg-pool's connect timeout and a connection ended under a query. Such an error is a 503, never a 401 or a 500.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (err === null || typeof err !== 'object' || depth > 3) return false;
  const { code, message, errors, cause } = err as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return true;
  }
  if (
    typeof message === 'string' &&
    /^(timeout exceeded when trying to connect|Connection terminated|Client (was closed|has encountered a connection error) and is not queryable)/.test(
      message,
    )
  ) {
    return true;
  }
  // Node's connect to a name with several addresses fails with an AggregateError of each attempt's error.
  if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => isDatabaseUnavailable(e, depth + 1))) {
    return true;
  }
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}
