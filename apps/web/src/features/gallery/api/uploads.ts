/**
 * The gallery's upload calls: the common upload (POST /sys/common/upload) as the widgets' upload transport, the
 * stored-file download, and the import of the demo Excel dialog — the work orders' import task (WORK_ORDER), the
 * one import the server knows, so that the dialog runs against the real task centre.
 */
import type { UploadTransport } from '../../../widgets/upload/file-upload.tsx';
import { commonUpload } from '../../../lib/common-upload.ts';

export { downloadStoredFile } from '../../../lib/download-stored-file.ts';
export { registerImportTask, uploadImportFile } from '../../../lib/list-api.ts';
export { resolveStaticUrl } from '../../../lib/static-url.ts';

/** Sends a file with the biz the widget asks for (temp when none). */
export const galleryUpload: UploadTransport = async (file, opts) => commonUpload(file, opts);

/** The rich-text and Markdown editors' images: biz jeditor (spec widgets §9). */
export const editorImageUpload: UploadTransport = async (file, opts) => commonUpload(file, { ...opts, biz: 'jeditor' });

export const DEMO_IMPORT_URL = '/bi/workOrder/importExcel';
export const DEMO_IMPORT_TASK = { businessType: 'WORK_ORDER', module: 'bi', method: 'workOrderImport' } as const;
