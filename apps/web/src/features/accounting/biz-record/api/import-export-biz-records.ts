/**
 * 业务数据's export and import (spec widgets §7 generic list pages): GET /voucher/bizRecord/exportXls with the list's
 * filters (or the ticked rows; a large one through the task centre), and the import as a task of the task centre
 * (the list-page kit uploads the file and registers the task). The task centre finds the kinds by these urls, so no
 * module/method is sent.
 */
import { ACCOUNTING_PERMISSIONS } from '@houtai/shared/contract/accounting';

export const BIZ_RECORD_EXPORT = { name: '业务数据导出', permission: ACCOUNTING_PERMISSIONS.bizRecordExport } as const;
export const BIZ_RECORD_IMPORT = {
  title: '导入业务数据',
  task: { businessType: 'BIZ_RECORD' },
  permission: ACCOUNTING_PERMISSIONS.bizRecordImport,
} as const;
