/**
 * The accounting kinds of the task centre: 业务数据导出 (the list with its filters, or the ticked rows) and
 * 业务数据导入 (rows added as by the add form; see biz-record-transfer.service.ts). Their columns are the fields
 * flagged `export` / `import` in ACC_BIZ_RECORD_TRANSFER_FIELDS (accounting.fields.ts).
 */
import type { z } from 'zod';
import {
  ACCOUNTING_PATHS,
  ACCOUNTING_PERMISSIONS,
  BizRecordImportRow,
  BizRecordListQuery,
} from '@houtai/shared/contract/accounting';
import { exportSelections, type ExportKind, type ImportKind, type TaskKinds } from '../async-task/async-task.kinds.ts';
import { findActiveUserName } from '../user/user.service.ts';
import {
  bizRecordExportFilter,
  bizRecordExportPages,
  bizRecordImportWriter,
  countBizRecordsForExport,
} from './biz-record-transfer.service.ts';

const EXPORT_PAGE = 500;
const ENTITY = 'acc_biz_record_transfer';

export const BizRecordExportParams = BizRecordListQuery.extend({ selections: exportSelections });
export type BizRecordExportParams = z.infer<typeof BizRecordExportParams>;

export const BIZ_RECORD_EXPORT: ExportKind = {
  module: 'voucher',
  method: 'bizRecordExport',
  urls: [ACCOUNTING_PATHS.bizRecordExport, ACCOUNTING_PATHS.bizRecordList],
  title: '业务数据导出',
  permission: ACCOUNTING_PERMISSIONS.bizRecordExport,
  entity: ENTITY,
  params: BizRecordExportParams,
  async open(actor, params) {
    const user = await findActiveUserName(actor.db, actor.userId);
    if (!user) return null;
    const filter = await bizRecordExportFilter(
      actor.db,
      { userId: actor.userId, username: user.username },
      params as BizRecordExportParams,
    );
    const total = await countBizRecordsForExport(actor.db, filter);
    return { total, pages: bizRecordExportPages(actor.db, filter, EXPORT_PAGE) };
  },
};

export const BIZ_RECORD_IMPORT: ImportKind = {
  module: 'voucher',
  method: 'bizRecordImport',
  urls: [ACCOUNTING_PATHS.bizRecordImport],
  businessTypes: ['BIZ_RECORD', 'bizRecord'],
  title: '业务数据导入',
  permission: ACCOUNTING_PERMISSIONS.bizRecordImport,
  entity: ENTITY,
  row: BizRecordImportRow,
  async prepare(actor) {
    const user = await findActiveUserName(actor.db, actor.userId);
    if (!user) return null;
    const writer = await bizRecordImportWriter(actor.db, { userId: actor.userId, username: user.username }, actor.now);
    return {
      refuse: (trx, rows) => writer.refuse(trx, rows as BizRecordImportRow[]),
      insert: (trx, rows) => writer.insert(trx, rows as BizRecordImportRow[]),
    };
  },
};

export const ACCOUNTING_TASK_KINDS: TaskKinds = { exports: [BIZ_RECORD_EXPORT], imports: [BIZ_RECORD_IMPORT] };
