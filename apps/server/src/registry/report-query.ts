/**
 * The statements of GET /online/cgreport/api/getData: the report's checked query (report-sql.ts) wrapped as a
 * sub-query, filtered and sorted on the report's declared result columns, paged, and counted. Column names come
 * from the checked SQL (names the checker accepted), never from the request; values are bound. Result columns
 * are read back under positional aliases (c0, c1 …) so that the database plugin's camel-casing of result keys
 * cannot rename them — the records carry the names the SQL gave them, as JeecgBoot answers.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { like } from '../lib/like.ts';
import { checkReportSql } from './report-sql.ts';

export type ReportFilter =
  { field: string; op: '=' | '>=' | '<='; value: string | number } | { field: string; op: 'like'; value: string };

export interface ReportPage {
  filters: readonly ReportFilter[];
  sort: { field: string; dir: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}

/** The result columns the checker accepted, parsed once per statement (not once per column and filter). */
function resultColumns(reportSql: string): ReadonlySet<string> {
  return new Set(checkReportSql(reportSql).columns);
}

function column(columns: ReadonlySet<string>, name: string): RawBuilder<unknown> {
  if (!columns.has(name)) throw new Error(`report-query: no result column ${name}`);
  return sql.ref(`t.${name}`);
}

function whereOf(columns: ReadonlySet<string>, filters: readonly ReportFilter[]): RawBuilder<SqlBool> {
  if (filters.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${sql.join(
    filters.map((f) => {
      const ref = column(columns, f.field);
      if (f.op === 'like') return sql`(${like(ref, f.value, 'contains')})`;
      return sql`(${ref} ${sql.raw(f.op)} ${f.value})`;
    }),
    sql` and `,
  )}`;
}

export function reportCountQuery(
  reportSql: string,
  inner: RawBuilder<unknown>,
  filters: readonly ReportFilter[],
): RawBuilder<{ n: unknown }> {
  return sql<{
    n: unknown;
  }>`select count(*) as n from (${inner}) as t where ${whereOf(resultColumns(reportSql), filters)}`;
}

/** Rows of one page, keyed c0, c1 … in the order of the report's result columns. */
export function reportPageQuery(
  reportSql: string,
  inner: RawBuilder<unknown>,
  page: ReportPage,
): RawBuilder<Record<string, unknown>> {
  const names = checkReportSql(reportSql).columns;
  const columns = new Set(names);
  const items = sql.join(names.map((c, i) => sql`${column(columns, c)} as ${sql.id(`c${i}`)}`));
  const order = page.sort
    ? sql`order by ${column(columns, page.sort.field)} ${page.sort.dir === 'desc' ? sql`desc` : sql`asc`}`
    : sql``;
  return sql<Record<string, unknown>>`select ${items} from (${inner}) as t where ${whereOf(columns, page.filters)}
    ${order} limit ${page.limit} offset ${page.offset}`;
}
