/**
 * The work-order list's export and import calls (spec widgets §7 generic list pages): GET /bi/workOrder/exportXls
 * with the list's filters, and the import as a task of the task centre — the .xlsx uploaded to the import folder,
 * then POST /task/asyncTask/add with business type WORK_ORDER.
 */
import type { ImportAnswer, ImportTaskBody } from '../../../widgets/import-excel/import-excel-dialog.tsx';
import { commonUpload } from '../../../lib/common-upload.ts';
import { http } from '../../../lib/http.ts';

export const WORK_ORDER_EXPORT_URL = '/bi/workOrder/exportXls';
export const WORK_ORDER_IMPORT_URL = '/bi/workOrder/importExcel';
export const WORK_ORDER_IMPORT_TASK = { businessType: 'WORK_ORDER', module: 'bi', method: 'workOrderImport' } as const;
export const WORK_ORDER_EXPORT_NAME = '工单导出';

/** Stores the file in the import folder, with progress; answers its path. */
export async function uploadImportFile(
  file: File,
  opts: { onProgress: (percent: number) => void; signal: AbortSignal },
): Promise<string> {
  return (await commonUpload(file, { ...opts, biz: 'import' })).path;
}

export async function registerImportTask(body: ImportTaskBody): Promise<ImportAnswer> {
  const res = await http.post<string>('/task/asyncTask/add', body);
  return { success: res.success, message: res.message, code: res.code, result: res.result };
}
