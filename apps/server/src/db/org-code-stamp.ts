/**
 * JeecgBoot's department stamp: rows of some business tables carry `sys_org_code`, the org code of the department
 * their writer was in, which data rules (`#{sys_org_code}`) and department filters compare with. A department's
 * code changes when it moves (depart-admin.service.ts recodes its subtree); the stamps follow here, in the move's
 * transaction. A schema-level fact like the audit columns, so it lives with the schema rather than in one module;
 * test/seed-migrations.test.ts checks that every table with the column is listed.
 */
import type { Db } from './connection.ts';

export const ORG_STAMPED_TABLES = ['sysCategory', 'sysPosition', 'hrAttendanceShift'] as const;

/** Rewrites every stamp `from` → `to` of `moves` (codes never collide: a move's new codes are fresh). */
export async function restampOrgCodes(db: Db, moves: ReadonlyMap<string, string>): Promise<void> {
  for (const [from, to] of moves) {
    if (from === to) continue;
    for (const table of ORG_STAMPED_TABLES) {
      await db.updateTable(table).set({ sysOrgCode: to }).where('sysOrgCode', '=', from).execute();
    }
  }
}
