/** The login log as other modules read it: the home page's visit statistics count sign-ins through these. */
import type { Db } from '../../db/connection.ts';
import * as repo from './login-log.repository.ts';

/** Every sign-in ever logged. */
export function countLogins(db: Db): Promise<number> {
  return repo.countLogins(db);
}

/** Sign-ins and distinct IPs in [fromIso, toIso). */
export function countLoginsBetween(db: Db, fromIso: string, toIso: string): Promise<{ visit: number; ip: number }> {
  return repo.countLoginsBetween(db, fromIso, toIso);
}
