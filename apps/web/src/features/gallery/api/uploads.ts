/**
 * The gallery's upload calls: the common upload (POST /sys/common/upload) as the widgets' upload transport, the
 * stored-file download, and the import of the demo Excel dialog — the work orders' import task (WORK_ORDER), the
 * one import the server knows, so that the dialog runs against the real task centre.
 */
import type { UploadTransport } from '../../../widgets/upload/file-upload.tsx';
import type { ImportAnswer, ImportTaskBody } from '../../../widgets/import-excel/import-excel-dialog.tsx';
import { commonUpload } from '../../../lib/common-upload.ts';
import { http } from '../../../lib/http.ts';

export { downloadStoredFile } from '../../../lib/download-stored-file.ts';
export { resolveStaticUrl } from '../../../lib/static-url.ts';

/** Sends a file with the biz the widget asks for (temp when none). */
export const galleryUpload: UploadTransport = async (file, opts) => commonUpload(file, opts);

/** The rich-text and Markdown editors' images: biz jeditor (spec widgets §9). */
export const editorImageUpload: UploadTransport = async (file, opts) => commonUpload(file, { ...opts, biz: 'jeditor' });

export const DEMO_IMPORT_URL = '/bi/workOrder/importExcel';
export const DEMO_IMPORT_TASK = { businessType: 'WORK_ORDER', module: 'bi', method: 'workOrderImport' } as const;

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
