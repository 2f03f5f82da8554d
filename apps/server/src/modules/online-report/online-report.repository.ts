/** Storage of online reports (onl_cgreport_head / _item / _param) and the execution of their checked queries. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { OnlCgreportHeadTable, OnlCgreportItemTable, OnlCgreportParamTable } from '../../db/schema.ts';
import { compileReportSql } from '../../registry/report-sql.ts';
import { reportCountQuery, reportPageQuery, type ReportFilter, type ReportPage } from '../../registry/report-query.ts';

export function findHeadByCode(db: Db, code: string) {
  return db.selectFrom('onlCgreportHead').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findHeadById(db: Db, id: string) {
  return db.selectFrom('onlCgreportHead').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findItems(db: Db, headId: string) {
  return db
    .selectFrom('onlCgreportItem')
    .selectAll()
    .where('cgrheadId', '=', headId)
    .orderBy('orderNum', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findParams(db: Db, headId: string) {
  return db
    .selectFrom('onlCgreportParam')
    .selectAll()
    .where('cgrheadId', '=', headId)
    .orderBy('orderNum', 'asc')
    .execute();
}

/** Replaces a report's definition (head, items, parameters) in one transaction. */
export async function replaceReport(
  db: Db,
  head: Insertable<OnlCgreportHeadTable>,
  items: Insertable<OnlCgreportItemTable>[],
  params: Insertable<OnlCgreportParamTable>[],
): Promise<void> {
  const run = async (trx: Db) => {
    await trx.deleteFrom('onlCgreportItem').where('cgrheadId', '=', head.id).execute();
    await trx.deleteFrom('onlCgreportParam').where('cgrheadId', '=', head.id).execute();
    await trx.deleteFrom('onlCgreportHead').where('id', '=', head.id).execute();
    await trx.insertInto('onlCgreportHead').values(head).execute();
    if (items.length > 0) await trx.insertInto('onlCgreportItem').values(items).execute();
    if (params.length > 0) await trx.insertInto('onlCgreportParam').values(params).execute();
  };
  // The seed calls this inside its step's transaction.
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

export async function countReportRows(
  db: Db,
  reportSql: string,
  values: Readonly<Record<string, string | null>>,
  filters: readonly ReportFilter[],
): Promise<number> {
  const { rows } = await reportCountQuery(reportSql, compileReportSql(reportSql, values), filters).execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** One page of rows, keyed c0, c1 … in the order of the report's result columns. */
export async function pageReportRows(
  db: Db,
  reportSql: string,
  values: Readonly<Record<string, string | null>>,
  page: ReportPage,
): Promise<Record<string, unknown>[]> {
  const { rows } = await reportPageQuery(reportSql, compileReportSql(reportSql, values), page).execute(db);
  return rows;
}
