/**
 * The work-order kinds of the task centre: 工单导出 (the list, with the requester's visibility and filters, or the
 * rows selected on it) and 工单导入 (rows added as if one by one, the requester as reporter; a row carrying a 工单号
 * — an exported file's rows — is reported in the error file, never imported as a twin). Their columns are the
 * fields flagged `export` / `import` in work-order.fields.ts.
 */
import type { z } from 'zod';
import { WORK_ORDER_PERMISSIONS } from '@houtai/shared/contract/work-order-rules';
import { checkWorkOrderRange, WorkOrderImportRow, WorkOrderListFields } from '@houtai/shared/contract/work-order';
import { exportSelections, type ExportKind, type ImportKind, type TaskKinds } from '../async-task/async-task.kinds.ts';
import {
  countWorkOrderRecords,
  insertImportedWorkOrders,
  refuseKnownOrderNumbers,
  workOrderCallerOf,
  workOrderExportPages,
  workOrderRuledFilter,
} from './work-order.service.ts';

const EXPORT_PAGE = 500;

/** The list's filters, and optionally the ids of the rows selected on the list (comma-separated or an array). */
export const WorkOrderExportParams = WorkOrderListFields.extend({
  selections: exportSelections,
}).superRefine(checkWorkOrderRange);
export type WorkOrderExportParams = z.infer<typeof WorkOrderExportParams>;

export const WORK_ORDER_EXPORT: ExportKind = {
  module: 'bi',
  method: 'workOrderExport',
  urls: ['/bi/workOrder/exportXls', '/bi/workOrder/list'],
  title: '工单导出',
  permission: WORK_ORDER_PERMISSIONS.list,
  entity: 'bi_work_order',
  params: WorkOrderExportParams,
  async open(actor, params) {
    const caller = await workOrderCallerOf(actor.db, actor.permissions, actor.userId);
    if (!caller) return null;
    const q = params as WorkOrderExportParams;
    const filter = { ...(await workOrderRuledFilter(actor.db, q, caller)), ids: q.selections };
    const total = await countWorkOrderRecords(actor.db, filter);
    const pages = workOrderExportPages(actor.db, filter, EXPORT_PAGE);
    return { total, pages: pages as AsyncIterable<Record<string, unknown>[]> };
  },
};

export const WORK_ORDER_IMPORT: ImportKind = {
  module: 'bi',
  method: 'workOrderImport',
  urls: ['/bi/workOrder/importExcel'],
  businessTypes: ['WORK_ORDER', 'workOrder'],
  title: '工单导入',
  permission: WORK_ORDER_PERMISSIONS.add,
  entity: 'bi_work_order',
  row: WorkOrderImportRow,
  async prepare(actor) {
    const caller = await workOrderCallerOf(actor.db, actor.permissions, actor.userId);
    if (!caller) return null;
    return {
      // A row with a 工单号 names an order: never a twin, never a change (WORK_ORDER_TEXT.importRule).
      refuse: (trx, rows) => refuseKnownOrderNumbers(trx, rows as WorkOrderImportRow[]),
      insert: (trx, rows) => insertImportedWorkOrders(trx, rows as WorkOrderImportRow[], caller, actor.now()),
    };
  },
};

export const WORK_ORDER_TASK_KINDS: TaskKinds = { exports: [WORK_ORDER_EXPORT], imports: [WORK_ORDER_IMPORT] };
