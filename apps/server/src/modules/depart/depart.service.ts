/**
 * The department module's published API. The department screens (tree, add/edit, delete) come with the
 * administration issue; today other modules ask it for names.
 */
import type { Db } from '../../db/connection.ts';
import * as repo from './depart.repository.ts';

/** Department names by org code, for the codes that exist (a user's department full names are built from them). */
export async function departNamesByCodes(db: Db, orgCodes: readonly string[]): Promise<Map<string, string>> {
  return new Map((await repo.findDepartsByCodes(db, orgCodes)).map((d) => [d.orgCode, d.departName]));
}
