/**
 * The work-order list's export and import (spec widgets §7 generic list pages): GET /bi/workOrder/exportXls with the
 * list's filters, and the import as a task of the task centre with business type WORK_ORDER (the list-page kit
 * uploads the file and registers the task: lib/list-api.ts).
 */
export const WORK_ORDER_EXPORT_URL = '/bi/workOrder/exportXls';
export const WORK_ORDER_IMPORT_URL = '/bi/workOrder/importExcel';
export const WORK_ORDER_IMPORT_TASK = { businessType: 'WORK_ORDER', module: 'bi', method: 'workOrderImport' } as const;
export const WORK_ORDER_EXPORT_NAME = '工单导出';
