/**
 * Online reports (spec §7, contract §2.11): definitions checked when saved (saveReport — the seed now, the
 * designer screen later), and the three read calls of the popup picker. The request only ever supplies values:
 * query fields and sort columns must be the report's declared items, `self_<name>` must be a parameter of its
 * SQL, and every value is bound (registry/report-sql.ts, registry/report-query.ts).
 *
 * Cache: a report with a group id answers from a small in-memory LRU for REPORT_CACHE_TTL_MS, keyed by report id
 * and every parameter. It is per process: with two instances each keeps its own, so two callers may see answers
 * up to 30 s apart — the staleness JeecgBoot's report cache also allows. Saving a report drops its entries here.
 */
import { TEXT } from '@houtai/shared/constants';
import type { DictModel } from '@houtai/shared/contract/dict';
import {
  REPORT_MAX_PARAMS,
  REPORT_TEXT,
  type ReportColumns,
  type ReportData,
  type ReportDataQuery,
  type ReportQueryItem,
} from '@houtai/shared/contract/online-report';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import type { ReportFilter } from '../../registry/report-query.ts';
import { checkReportSql } from '../../registry/report-sql.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import * as repo from './online-report.repository.ts';

export const REPORT_CACHE_TTL_MS = 30_000;
const REPORT_CACHE_MAX_ENTRIES = 200;

const FIELD_TYPES = ['String', 'Integer', 'Date', 'Datetime'] as const;
type FieldType = (typeof FIELD_TYPES)[number];
/** Plain sys_dict codes only: a table dictionary would be a second query language. */
const DICT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const CODE = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export interface ReportItemDef {
  fieldName: string;
  fieldTxt: string;
  fieldType?: FieldType;
  fieldWidth?: number | null;
  searchMode?: 'single' | 'group';
  isOrder?: boolean;
  isSearch?: boolean;
  isShow?: boolean;
  isHidden?: boolean;
  dictCode?: string | null;
}

export interface ReportParamDef {
  paramName: string;
  paramTxt?: string | null;
  paramValue?: string | null;
}

export interface ReportDef {
  id?: string;
  code: string;
  name: string;
  sql: string;
  groupId?: string | null;
  perms?: string | null;
  content?: string | null;
  items: readonly ReportItemDef[];
  params?: readonly ReportParamDef[];
}

/**
 * Checks and stores a report (replacing the one with the same code). Refused with a Chinese message: SQL outside
 * the grammar (report-sql.ts), an item naming no result column, a dictionary code that is not a plain code, a
 * parameter the SQL does not use.
 */
export async function saveReport(db: Db, def: ReportDef, by: string | null = null): Promise<string> {
  if (!CODE.test(def.code)) throw AppError.business('报表编码只能包含字母、数字、下划线和短横线');
  if (def.name.trim() === '' || def.name.length > 100) throw AppError.business('请输入报表名称（不超过100个字符）');
  const checked = checkReportSql(def.sql);
  const seen = new Set<string>();
  for (const item of def.items) {
    if (!checked.columns.includes(item.fieldName)) throw AppError.business(REPORT_TEXT.fieldUnknown(item.fieldName));
    if (seen.has(item.fieldName)) throw AppError.business(`报表字段重复：${item.fieldName}`);
    seen.add(item.fieldName);
    if (item.dictCode && !DICT_CODE.test(item.dictCode)) throw AppError.business(REPORT_TEXT.dictCodeInvalid);
    if (item.fieldType && !FIELD_TYPES.includes(item.fieldType)) throw AppError.business('报表字段类型不正确');
  }
  for (const p of def.params ?? []) {
    if (!checked.params.includes(p.paramName)) throw AppError.business(REPORT_TEXT.paramUnknown(p.paramName));
  }
  const existing = await repo.findHeadByCode(db, def.code);
  const id = existing?.id ?? def.id ?? newId();
  const now = nowIso();
  await repo.replaceReport(
    db,
    {
      id,
      code: def.code,
      name: def.name,
      cgrSql: def.sql,
      groupId: def.groupId ?? null,
      perms: def.perms ?? null,
      content: def.content ?? null,
      createBy: existing?.createBy ?? by,
      createTime: existing?.createTime ?? now,
      updateBy: existing ? by : null,
      updateTime: existing ? now : null,
    },
    def.items.map((item, i) => ({
      id: newId(),
      cgrheadId: id,
      fieldName: item.fieldName,
      fieldTxt: item.fieldTxt,
      fieldWidth: item.fieldWidth ?? null,
      fieldType: item.fieldType ?? 'String',
      searchMode: item.searchMode ?? 'single',
      isOrder: item.isOrder ? 1 : 0,
      isSearch: item.isSearch ? 1 : 0,
      isShow: item.isShow === false ? 0 : 1,
      isHidden: item.isHidden ? 1 : 0,
      dictCode: item.dictCode ?? null,
      orderNum: i,
      createBy: by,
      createTime: now,
    })),
    (def.params ?? []).map((p, i) => ({
      id: newId(),
      cgrheadId: id,
      paramName: p.paramName,
      paramTxt: p.paramTxt ?? null,
      paramValue: p.paramValue ?? null,
      orderNum: i,
    })),
  );
  dropCached(id);
  return id;
}

// ---------------------------------------------------------------------------------------------------------
// Reading

export interface ReportHead {
  id: string;
  name: string;
  perms: string | null;
}

async function headByCode(db: Db, code: string) {
  const head = await repo.findHeadByCode(db, code);
  if (!head) throw AppError.business(REPORT_TEXT.notFound);
  return head;
}

async function headById(db: Db, id: string) {
  const head = await repo.findHeadById(db, id);
  if (!head) throw AppError.business(REPORT_TEXT.notFound);
  return head;
}

/** The permission a report asks of its caller (null: any signed-in user); the routes check it. */
export async function reportPermission(db: Db, by: { code: string } | { id: string }): Promise<string | null> {
  const head = 'code' in by ? await headByCode(db, by.code) : await headById(db, by.id);
  return head.perms;
}

export async function getRpColumns(db: Db, code: string): Promise<ReportColumns> {
  const head = await headByCode(db, code);
  const items = (await repo.findItems(db, head.id)).filter((i) => i.isShow === 1);
  const dictOptions: Record<string, DictModel[]> = {};
  for (const item of items) {
    if (item.dictCode) dictOptions[item.fieldName] = await dictItemsByCode(db, item.dictCode);
  }
  return {
    columns: items.map((i) => ({
      title: i.fieldTxt,
      dataIndex: i.fieldName,
      fieldType: i.fieldType,
      align: 'center',
      sorter: i.isOrder === 1 ? 'true' : 'false',
      width: i.fieldWidth,
      isTotal: null,
      groupTitle: null,
      ...(i.dictCode ? { customRender: i.fieldName } : {}),
    })),
    dictOptions,
    fieldHrefSlots: [],
    isGroupTitle: false,
    cgRpConfigId: head.id,
    cgRpConfigName: head.name,
  };
}

function viewOf(item: { dictCode: string | null; fieldType: string }): string {
  if (item.dictCode) return 'list';
  return String(item.fieldType).toLowerCase();
}

export async function getQueryInfo(db: Db, id: string): Promise<ReportQueryItem[]> {
  const head = await headById(db, id);
  return (await repo.findItems(db, head.id))
    .filter((i) => i.isSearch === 1)
    .map((i) => ({
      label: i.fieldTxt,
      field: i.fieldName,
      mode: i.searchMode === 'group' ? 'group' : 'single',
      view: viewOf(i),
      ...(i.isHidden === 1 ? { hidden: '1' as const } : {}),
      ...(i.dictCode ? { dictCode: i.dictCode } : {}),
    }));
}

const NUMBER = /^-?\d{1,15}(?:\.\d{1,6})?$/;

function typedValue(type: string, raw: string): string | number {
  if (type === 'Integer') {
    if (!NUMBER.test(raw.trim())) throw AppError.business(REPORT_TEXT.numberInvalid);
    return Number(raw.trim());
  }
  return raw;
}

/** The WHERE of a getData request: only the report's query fields, in their declared mode; the rest refused. */
function filtersOf(
  items: readonly Awaited<ReturnType<typeof repo.findItems>>[number][],
  query: Readonly<Record<string, string>>,
): ReportFilter[] {
  const filters: ReportFilter[] = [];
  for (const item of items) {
    if (item.isSearch !== 1) continue;
    const f = item.fieldName;
    if (item.searchMode === 'group') {
      const begin = query[`${f}_begin`];
      const end = query[`${f}_end`];
      if (begin) filters.push({ field: f, op: '>=', value: typedValue(item.fieldType, begin) });
      if (end) filters.push({ field: f, op: '<=', value: typedValue(item.fieldType, end) });
      continue;
    }
    const raw = query[f];
    if (raw === undefined || raw === '') continue;
    if (viewOf(item) === 'string') {
      // 'string' means wildcard: the Jeecg clients may wrap the text in '*'.
      const text = raw.replace(/^\*+|\*+$/g, '');
      if (text !== '') filters.push({ field: f, op: 'like', value: text });
    } else {
      filters.push({ field: f, op: '=', value: typedValue(item.fieldType, raw) });
    }
  }
  return filters;
}

// ---- cache ----

const cache = new Map<string, { expires: number; reportId: string; data: ReportData }>();

function cached(key: string, now: number): ReportData | null {
  const hit = cache.get(key);
  if (!hit) return null;
  cache.delete(key);
  if (hit.expires <= now) return null;
  cache.set(key, hit); // most recently used last
  return hit.data;
}

function remember(key: string, reportId: string, data: ReportData, now: number): void {
  cache.set(key, { expires: now + REPORT_CACHE_TTL_MS, reportId, data });
  while (cache.size > REPORT_CACHE_MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
}

function dropCached(reportId: string): void {
  for (const [key, entry] of cache) if (entry.reportId === reportId) cache.delete(key);
}

/** Empties the report cache (tests). */
export function clearReportCache(): void {
  cache.clear();
}

const CONTROL = new Set(['pageNo', 'pageSize', 'column', 'order', '_t']);

export async function getData(db: Db, id: string, q: ReportDataQuery, now = Date.now()): Promise<ReportData> {
  const head = await headById(db, id);
  // No prototype: keys such as __proto__ or constructor are plain (and unknown) keys here.
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of Object.entries(q)) if (typeof v === 'string' && !CONTROL.has(k)) query[k] = v;
  if (Object.keys(query).length > REPORT_MAX_PARAMS) throw AppError.business(REPORT_TEXT.tooManyParams);

  const [items, params] = await Promise.all([repo.findItems(db, head.id), repo.findParams(db, head.id)]);
  const checked = checkReportSql(head.cgrSql);
  // Parameters: self_<name> of a parameter the SQL uses, else its declared default, else NULL.
  const values: Record<string, string | null> = {};
  for (const name of checked.params) {
    const sent = query[`self_${name}`];
    values[name] =
      sent !== undefined && sent !== '' ? sent : (params.find((p) => p.paramName === name)?.paramValue ?? null);
  }
  for (const key of Object.keys(query)) {
    if (key.startsWith('self_') && !checked.params.includes(key.slice(5)))
      throw AppError.business(REPORT_TEXT.paramUnknown(key.slice(5)));
  }
  const filters = filtersOf(items, query);

  let sort: { field: string; dir: 'asc' | 'desc' } | null = null;
  if (q.column) {
    const item = items.find((i) => i.fieldName === q.column && i.isOrder === 1);
    if (!item) throw AppError.business(TEXT.sortInvalid);
    sort = { field: item.fieldName, dir: q.order ?? 'asc' };
  }
  const pageSize = q.pageSize;
  const pageNo = q.pageNo;

  const key = head.groupId
    ? JSON.stringify([head.id, pageNo, pageSize, sort, Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1))])
    : null;
  if (key) {
    const hit = cached(key, now);
    if (hit) return hit;
  }
  const [total, rows] = await Promise.all([
    repo.countReportRows(db, head.cgrSql, values, filters),
    repo.pageReportRows(db, head.cgrSql, values, {
      filters,
      sort,
      offset: (pageNo - 1) * pageSize,
      limit: pageSize,
    }),
  ]);
  const data: ReportData = {
    total,
    records: rows.map((row) => Object.fromEntries(checked.columns.map((c, i) => [c, row[`c${i}`] ?? null]))),
  };
  if (key) remember(key, head.id, data, now);
  return data;
}
