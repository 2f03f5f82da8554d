/**
 * What a business module's own `…/exportXls` and `…/importExcel` routes do, so that the module only declares the
 * route (path, policy, operate log, query schema) and names its kind: the export streamed as an attachment, the
 * upload imported at once (code 201 with the error file when rows were refused).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import contentDisposition from 'content-disposition';
import { ASYNC_TASK_TEXT } from '@houtai/shared/contract/async-task';
import type { ApiResult } from '@houtai/shared/contract/common';
import { IMPORT_MAX_BYTES } from '@houtai/shared/upload';
import { EXCEL_TEXT } from '../../excel/excel-error.ts';
import { fail, ok } from '../../lib/envelope.ts';
import type { ExportKind, ImportKind } from './async-task.kinds.ts';
import { importNow, streamExport, type TransferDeps } from './excel-transfer.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function transferDepsOf(app: FastifyInstance, log: FastifyRequest['log']): TransferDeps {
  return { db: app.db, storage: app.storage, permissions: app.permissionCodes, now: app.services.now, log };
}

/** Streams the export of `kind` for the caller as `<title>.xlsx` (params: the route's validated query). */
export async function sendExportXls(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: ExportKind,
  userId: string,
  params: Record<string, unknown>,
): Promise<FastifyReply> {
  const body = await streamExport(transferDepsOf(app, request.log), kind, userId, params);
  reply.header('content-type', XLSX_TYPE);
  reply.header('content-disposition', contentDisposition(`${kind.title}.xlsx`));
  reply.header('cache-control', 'private, no-store');
  return reply.send(body);
}

/** Imports the request's one .xlsx part into `kind` for the caller, and answers the envelope. */
export async function importExcelUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: ImportKind,
  userId: string,
): Promise<ApiResult<unknown>> {
  const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 } });
  if (!part) return fail(ASYNC_TASK_TEXT.emptyFile);
  if (!/\.xlsx$/i.test(part.filename)) {
    part.file.resume();
    return fail(/\.xls$/i.test(part.filename) ? EXCEL_TEXT.legacyXls : ASYNC_TASK_TEXT.importExtension);
  }
  const outcome = await importNow(transferDepsOf(app, request.log), kind, {
    userId,
    fileName: part.filename.replace(/^.*[\\/]/, ''),
    stream: part.file,
    maxBytes: IMPORT_MAX_BYTES - 1,
  });
  if (!outcome.errorFile) return ok(null, outcome.content);
  // Some rows were rejected: code 201 with the stored error file for the dialog's download link.
  return { success: true, code: 201, message: outcome.content, result: outcome.errorFile, timestamp: Date.now() };
}
