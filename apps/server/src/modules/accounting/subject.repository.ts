/**
 * SQL of the chart of accounts administration (acc_subject), and the uses of a subject the service checks before a
 * change: voucher lines, ledger balances and voucher template lines.
 */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { AccSubjectTable } from '../../db/schema.ts';

const COLUMNS = [
  'id',
  'code',
  'name',
  'parentCode',
  'direction',
  'category',
  'level',
  'status',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'version',
] as const;

export function allSubjects(db: Db) {
  return db.selectFrom('accSubject').select(COLUMNS).orderBy('code').execute();
}

export function findSubjectById(db: Db, id: string) {
  return db.selectFrom('accSubject').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findSubjectByCode(db: Db, code: string) {
  return db.selectFrom('accSubject').select(COLUMNS).where('code', '=', code).executeTakeFirst();
}

export async function insertSubject(db: Db, row: Insertable<AccSubjectTable>): Promise<void> {
  await db.insertInto('accSubject').values(row).execute();
}

export async function updateSubject(
  db: Db,
  id: string,
  version: number | undefined,
  changes: Updateable<AccSubjectTable>,
): Promise<number> {
  let q = db
    .updateTable('accSubject')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Deletes the subject unless a sub-account has appeared meanwhile; the number deleted. */
export async function deleteLeafSubject(db: Db, id: string, code: string): Promise<number> {
  const res = await db
    .deleteFrom('accSubject')
    .where('id', '=', id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('accSubject as c').select('c.id').where('c.parentCode', '=', code))))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Direct sub-accounts of a subject, all of them and the enabled ones. */
export async function countChildren(db: Db, code: string): Promise<{ all: number; enabled: number }> {
  const rows = await db
    .selectFrom('accSubject')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('parentCode', '=', code)
    .groupBy('status')
    .execute();
  const all = rows.reduce((s, r) => s + Number(r.n), 0);
  const enabled = Number(rows.find((r) => r.status === '1')?.n ?? 0);
  return { all, enabled };
}

export async function countVoucherLines(db: Db, code: string): Promise<number> {
  const row = await db
    .selectFrom('accVoucherLine')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subjectCode', '=', code)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function hasBalances(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('accLedgerBalance')
    .select('id')
    .where('subjectCode', '=', code)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The names of the voucher templates with a line on the subject (any template status). */
export async function templateNamesUsing(db: Db, code: string): Promise<string[]> {
  const rows = await db
    .selectFrom('accVoucherTemplateLine as l')
    .innerJoin('accVoucherTemplate as t', 't.id', 'l.templateId')
    .select(['t.name', 't.dataSource'])
    .distinct()
    .where('l.subjectCode', '=', code)
    .orderBy('t.dataSource')
    .execute();
  return rows.map((r) => r.name);
}
