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

function column(reportSql: string, name: string): RawBuilder<unknown> {
  if (!checkReportSql(reportSql).columns.includes(name)) throw new Error(`report-query: no result column ${name}`);
  return sql.ref(`t.${name}`);
}

function whereOf(reportSql: string, filters: readonly ReportFilter[]): RawBuilder<SqlBool> {
  if (filters.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${sql.join(
    filters.map((f) => {
      const ref = column(reportSql, f.field);
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
  return sql<{ n: unknown }>`select count(*) as n from (${inner}) as t where ${whereOf(reportSql, filters)}`;
}

/** Rows of one page, keyed c0, c1 … in the order of the report's result columns. */
export function reportPageQuery(
  reportSql: string,
  inner: RawBuilder<unknown>,
  page: ReportPage,
): RawBuilder<Record<string, unknown>> {
  const columns = checkReportSql(reportSql).columns;
  const items = sql.join(columns.map((c, i) => sql`${column(reportSql, c)} as ${sql.id(`c${i}`)}`));
  const order = page.sort
    ? sql`order by ${column(reportSql, page.sort.field)} ${page.sort.dir === 'desc' ? sql`desc` : sql`asc`}`
    : sql``;
  return sql<Record<string, unknown>>`select ${items} from (${inner}) as t where ${whereOf(reportSql, page.filters)}
    ${order} limit ${page.limit} offset ${page.offset}`;
}
