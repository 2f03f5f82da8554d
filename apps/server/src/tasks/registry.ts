/**
 * The task centre's resources: what may be exported or imported as a task, found by (module, method) or by the
 * list url the web app passes (e.g. '/bi/workOrder/exportXls'). A task never fetches a URL: the url only names an
 * entry here. Each entry declares the permission (checked when the task is added and again when it runs, for the
 * requester), how its parameters are validated, and how rows are read (export) or written (import).
 */
import { z } from 'zod';
import { WORK_ORDER_PERMISSIONS, WORK_ORDER_PRIORITIES } from '@houtai/shared/contract/work-order-rules';
import { WorkOrderAddBody, WorkOrderListQuery } from '@houtai/shared/contract/work-order';
import type { Db } from '../db/connection.ts';
import type { ImportColumn } from '../excel/header-map.ts';
import type { ExportColumn } from '../excel/writer.ts';
import { dictItemsByCode } from '../modules/dict/dict.service.ts';
import {
  countWorkOrderRecords,
  insertImportedWorkOrders,
  workOrderCallerOf,
  workOrderExportPages,
  workOrderListFilter,
} from '../modules/work-order/work-order.service.ts';

/** Who the task runs for. */
export interface TaskActor {
  db: Db;
  userId: string;
  permissions: { has(userId: string, code: string): Promise<boolean> };
  now: () => number;
}

interface ResourceKey {
  module: string;
  method: string;
  /** List or import urls that name this entry (the web passes them). */
  urls: readonly string[];
  /** The task title when the request names none. */
  title: string;
  permission: string;
}

export interface ExportResource extends ResourceKey {
  columns: readonly ExportColumn[];
  /** Validates the list filters (the list's own schema). */
  params: z.ZodType<Record<string, unknown>>;
  /** Rows in pages (the requester's visibility applies); `total` for the progress. Null: the requester is gone. */
  open(
    actor: TaskActor,
    params: Record<string, unknown>,
  ): Promise<{ total: number; pages: AsyncIterable<Record<string, unknown>[]> } | null>;
}

/** Writes the valid rows of one batch inside its transaction; answers the new ids in order. */
export interface ImportWriter {
  insert(trx: Db, rows: readonly unknown[]): Promise<string[]>;
}

export interface ImportResource extends ResourceKey {
  businessTypes: readonly string[];
  /** The template's columns (mapHeader/convertRow); dict options are read when the import starts. */
  columns(db: Db): Promise<readonly ImportColumn[]>;
  /** One converted row → the value to insert (the shared rules of the add form). */
  row: z.ZodType<unknown>;
  /** Reads what the writer needs about the requester (outside any transaction); null: the requester is gone. */
  prepare(actor: TaskActor): Promise<ImportWriter | null>;
}

const EXPORT_PAGE = 500;

/** The list's filters, and optionally the ids of the rows selected on the list (comma-separated or an array). */
export const WorkOrderExportParams = WorkOrderListQuery.extend({
  selections: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v === null || v === ''
          ? undefined
          : v,
    z.array(z.string().max(64), { error: '选中的记录不正确' }).max(10_000, '选中的记录过多').optional(),
  ),
});
export type WorkOrderExportParams = z.infer<typeof WorkOrderExportParams>;

const workOrderExport: ExportResource = {
  module: 'bi',
  method: 'workOrderExport',
  urls: ['/bi/workOrder/exportXls', '/bi/workOrder/list'],
  title: '工单导出',
  permission: WORK_ORDER_PERMISSIONS.list,
  columns: [
    { key: 'orderNo', title: '工单号', type: 'string', width: 18 },
    { key: 'title', title: '标题', type: 'string', width: 30 },
    { key: 'content', title: '内容', type: 'string', width: 40 },
    { key: 'priority_dictText', title: '优先级', type: 'string' },
    { key: 'status_dictText', title: '状态', type: 'string' },
    { key: 'reporterId_dictText', title: '提交人', type: 'string' },
    { key: 'assigneeId_dictText', title: '处理人', type: 'string' },
    { key: 'createTime', title: '创建时间', type: 'string', width: 20 },
    { key: 'closedBy_dictText', title: '关闭人', type: 'string' },
    { key: 'closedTime', title: '关闭时间', type: 'string', width: 20 },
  ],
  params: WorkOrderExportParams,
  async open(actor, params) {
    const caller = await workOrderCallerOf(actor.db, actor.permissions, actor.userId);
    if (!caller) return null;
    const q = params as WorkOrderExportParams;
    const filter = { ...workOrderListFilter(q, caller), ids: q.selections };
    const total = await countWorkOrderRecords(actor.db, filter);
    const pages = workOrderExportPages(actor.db, filter, EXPORT_PAGE);
    return { total, pages: pages as AsyncIterable<Record<string, unknown>[]> };
  },
};

const workOrderImport: ImportResource = {
  module: 'bi',
  method: 'workOrderImport',
  urls: ['/bi/workOrder/importExcel'],
  businessTypes: ['WORK_ORDER', 'workOrder'],
  title: '工单导入',
  permission: WORK_ORDER_PERMISSIONS.add,
  async columns(db) {
    const priorities = (await dictItemsByCode(db, 'priority')) ?? [];
    return [
      { key: 'title', title: '标题', type: 'string', required: true },
      { key: 'content', title: '内容', type: 'string' },
      {
        key: 'priority',
        title: '优先级',
        type: 'dict',
        options: priorities
          .filter((p) => (WORK_ORDER_PRIORITIES as readonly string[]).includes(p.value))
          .map((p) => ({ value: p.value, text: p.text })),
      },
    ];
  },
  row: WorkOrderAddBody,
  async prepare(actor) {
    const caller = await workOrderCallerOf(actor.db, actor.permissions, actor.userId);
    if (!caller) return null;
    return { insert: (trx, rows) => insertImportedWorkOrders(trx, rows as WorkOrderAddBody[], caller, actor.now()) };
  },
};

export const EXPORT_RESOURCES: readonly ExportResource[] = [workOrderExport];
export const IMPORT_RESOURCES: readonly ImportResource[] = [workOrderImport];

function matches(entry: ResourceKey, module?: string, method?: string, url?: string): boolean {
  if (module && method && entry.module === module && entry.method === method) return true;
  return !!url && entry.urls.includes(url.split('?')[0]!);
}

/** The export entry named by (module, method) or by the list url; null when none. */
export function findExportResource(q: { module?: string; method?: string; url?: string }): ExportResource | null {
  return EXPORT_RESOURCES.find((e) => matches(e, q.module, q.method, q.url)) ?? null;
}

/** The import entry named by (module, method), the import url or the business type; null when none. */
export function findImportResource(q: {
  module?: string;
  method?: string;
  url?: string;
  businessType?: string;
}): ImportResource | null {
  return (
    IMPORT_RESOURCES.find(
      (e) => matches(e, q.module, q.method, q.url) || (!!q.businessType && e.businessTypes.includes(q.businessType)),
    ) ?? null
  );
}
