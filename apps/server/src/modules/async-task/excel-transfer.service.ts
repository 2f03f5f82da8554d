/**
 * Export and import running, shared by tasks and by a module's direct routes (a streamed …/exportXls, a synchronous
 * …/importExcel): an export kind's records written to an .xlsx; a workbook read in batches into an import kind, each
 * batch one transaction with its import keys, the refused rows stored as an error file for the requester. The columns
 * are the kind's entity fields flagged `export` / `import` (registry/columns.ts).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TEXT } from '@houtai/shared/constants';
import { ASYNC_TASK_TEXT } from '@houtai/shared/contract/async-task';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { writeErrorFile, type RejectedRow } from '../../excel/error-file.ts';
import { cellText, convertRow, requireHeader, type HeaderMapping } from '../../excel/header-map.ts';
import { readWorkbook } from '../../excel/reader.ts';
import { XlsxWriter } from '../../excel/writer.ts';
import { newId } from '../../lib/ids.ts';
import { exportColumns, importColumns } from '../../registry/index.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import { saveGeneratedFile } from '../files/files.service.ts';
import * as repo from './async-task.repository.ts';
import type { ExportKind, ImportKind, TaskActor } from './async-task.kinds.ts';

export interface TransferDeps {
  db: Db;
  storage: StorageDriver;
  permissions: { has(userId: string, code: string): Promise<boolean> };
  now: () => number;
  log: { error(obj: object, msg: string): void };
}

/** A known reason for a task to fail, shown to the user as it is. */
export class TaskFailure extends Error {}

/** Rows per import transaction (all or nothing each). */
export const IMPORT_BATCH = 500;
/** Largest stored task output. */
const OUTPUT_MAX_BYTES = 1024 * 1024 * 1024;
const TASK_BIZ = 'task';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function actorOf(deps: TransferDeps, userId: string): TaskActor {
  return { db: deps.db, userId, permissions: deps.permissions, now: deps.now };
}

/** Stores a finished file for the requester (only they, or holders of the all-files code, may download it). */
export function storeOutput(deps: TransferDeps, file: string, name: string, ownerId: string): Promise<string> {
  return saveGeneratedFile(
    { db: deps.db, storage: deps.storage, services: { now: deps.now } },
    {
      biz: TASK_BIZ,
      ext: 'xlsx',
      source: createReadStream(file),
      maxBytes: OUTPUT_MAX_BYTES,
      ownerId,
      originalName: `${name.replace(/[\\/:*?"<>|]/g, '_').slice(0, 200)}.xlsx`,
      contentType: XLSX_TYPE,
    },
  );
}

export interface TransferOutcome {
  content: string;
  downloadUrl: string | null;
  errorFile: string | null;
}

// ---------------------------------------------------------------------------------------------------------
// Exports

/**
 * Writes an export's records for the requester to `file`; answers how many rows were written. `onPage` hears the
 * count so far and the total after each page (a task's progress).
 */
export async function exportToFile(
  deps: TransferDeps,
  kind: ExportKind,
  input: { userId: string; params: Record<string, unknown>; file: string; sheetName: string },
  onPage?: (written: number, total: number) => Promise<void>,
): Promise<number> {
  const opened = await kind.open(actorOf(deps, input.userId), input.params);
  if (!opened) throw new TaskFailure(TEXT.noPermission);
  const writer = XlsxWriter.create(input.file, exportColumns(kind.entity), { sheetName: input.sheetName });
  let written = 0;
  try {
    for await (const page of opened.pages) {
      for (const record of page) await writer.addRow(record);
      written += page.length;
      await onPage?.(written, opened.total);
    }
    await writer.finish();
  } catch (err) {
    await writer.abort();
    throw err;
  }
  return written;
}

/**
 * The export as a stream of .xlsx bytes (a list's direct download, no task): 403 when the requester is gone; a
 * failure once the bytes flow is logged and ends the stream with an error.
 */
export async function streamExport(
  deps: TransferDeps,
  kind: ExportKind,
  userId: string,
  params: Record<string, unknown>,
): Promise<Readable> {
  const opened = await kind.open(actorOf(deps, userId), params);
  if (!opened) throw AppError.forbidden(TEXT.noPermission);
  const body = new PassThrough();
  const writer = XlsxWriter.create(body, exportColumns(kind.entity), { sheetName: kind.title });
  void (async () => {
    try {
      for await (const page of opened.pages) for (const record of page) await writer.addRow(record);
      await writer.finish();
    } catch (err) {
      deps.log.error({ err }, 'list export failed');
      await writer.abort().catch(() => undefined);
      body.destroy(err as Error);
    }
  })();
  return body;
}

// ---------------------------------------------------------------------------------------------------------
// Imports

export interface ImportRun {
  kind: ImportKind;
  /** The requester. */
  userId: string;
  /** Import keys are `${keyOwner}` + sheet + row: a re-run with the same owner skips committed rows. */
  keyOwner: string;
  local: string;
  fileName: string;
  title: string;
  dir: string;
  onBatch?: (batches: number) => Promise<void>;
}

/**
 * Reads the workbook in batches: converted and checked rows of a batch are written in one transaction with their
 * import keys (all or nothing); rejected rows go to an error file stored for the requester.
 */
export async function importWorkbook(
  deps: TransferDeps,
  run: ImportRun,
): Promise<TransferOutcome & { rejected: number }> {
  const writer = await run.kind.prepare(actorOf(deps, run.userId));
  if (!writer) throw new TaskFailure(TEXT.noPermission);
  const columns = await importColumns(run.kind.entity, async (code) => (await dictItemsByCode(deps.db, code)) ?? []);

  let mapping: HeaderMapping | null = null;
  let headers: string[] = [];
  const rejected: RejectedRow[] = [];
  let accepted = 0;
  let batches = 0;
  for await (const batch of readWorkbook(run.local, { fileName: run.fileName }).batches(IMPORT_BATCH)) {
    let rows = batch;
    if (!mapping) {
      const [header, ...rest] = batch;
      if (!header) continue;
      mapping = requireHeader(header.values, columns);
      headers = header.values.map((v) => cellText(v));
      rows = rest;
    }
    const good: { key: string; value: unknown; row: (typeof rows)[number] }[] = [];
    for (const r of rows) {
      const converted = convertRow(r, mapping);
      let messages = converted.errors;
      if (messages.length === 0) {
        const parsed = run.kind.row.safeParse(converted.record);
        if (parsed.success) {
          good.push({ key: `${r.sheetName}!${r.rowNumber}`, value: parsed.data, row: r });
          continue;
        }
        messages = parsed.error.issues.map((i) => i.message);
      }
      rejected.push({ sheetName: r.sheetName, rowNumber: r.rowNumber, values: r.values, messages });
    }
    // One transaction per batch: its rows and their import keys, all or nothing. Keys an earlier run committed
    // are skipped, so a re-run never writes a row twice (and the primary key refuses a concurrent twin). Rows the
    // writer refuses (an existing record's business key) go to the error file once the batch has committed.
    const refused = await deps.db.transaction().execute(async (trx) => {
      const done = await repo.findImportedKeys(
        trx,
        run.keyOwner,
        good.map((g) => g.key),
      );
      const pending = good.filter((g) => !done.has(g.key));
      const refusals = writer.refuse
        ? await writer.refuse(
            trx,
            pending.map((g) => g.value),
          )
        : new Map<number, string[]>();
      const fresh = pending.filter((_, i) => !refusals.has(i));
      const ids = await writer.insert(
        trx,
        fresh.map((g) => g.value),
      );
      await repo.insertImportedKeys(
        trx,
        fresh.map((g, i) => ({ taskId: run.keyOwner, rowKey: g.key, recordId: ids[i] ?? null })),
      );
      return [...refusals].map(([i, messages]) => ({ row: pending[i]!.row, messages }));
    });
    for (const { row, messages } of refused) {
      rejected.push({ sheetName: row.sheetName, rowNumber: row.rowNumber, values: row.values, messages });
    }
    accepted += good.length - refused.length;
    batches += 1;
    await run.onBatch?.(batches);
  }
  if (!mapping) throw new TaskFailure(ASYNC_TASK_TEXT.emptyFile);
  if (rejected.length === 0) {
    return {
      content: ASYNC_TASK_TEXT.importDone(run.title, accepted),
      downloadUrl: null,
      errorFile: null,
      rejected: 0,
    };
  }
  // In the file's order: rows a writer refused were collected after the batch's other rejections.
  const sheetOrder = new Map<string, number>();
  for (const r of rejected) if (!sheetOrder.has(r.sheetName)) sheetOrder.set(r.sheetName, sheetOrder.size);
  rejected.sort((a, b) => sheetOrder.get(a.sheetName)! - sheetOrder.get(b.sheetName)! || a.rowNumber - b.rowNumber);
  const errorPath = path.join(run.dir, 'errors.xlsx');
  await writeErrorFile(errorPath, rejected, { headers });
  const key = await storeOutput(deps, errorPath, `${run.title}-错误明细`, run.userId);
  return {
    content: ASYNC_TASK_TEXT.importPartly(run.title, accepted, rejected.length),
    downloadUrl: key,
    errorFile: key,
    rejected: rejected.length,
  };
}

/**
 * A synchronous import of a small file (POST …/importExcel): the same checks and batches as an import task.
 * Answers the outcome; `errorFile` is the stored error file when rows were rejected (the contract's code 201).
 */
export async function importNow(
  deps: TransferDeps,
  kind: ImportKind,
  input: { userId: string; fileName: string; stream: NodeJS.ReadableStream; maxBytes: number },
): Promise<{ content: string; errorFile: string | null }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'houtai-import-'));
  try {
    const local = path.join(dir, 'source.xlsx');
    await pipeline(input.stream, createWriteStream(local));
    if ((await stat(local)).size > input.maxBytes)
      throw AppError.business(ASYNC_TASK_TEXT.fileTooLarge(input.fileName));
    const outcome = await importWorkbook(deps, {
      kind,
      userId: input.userId,
      keyOwner: `sync-${newId()}`,
      local,
      fileName: input.fileName,
      title: input.fileName.replace(/\.xlsx$/i, ''),
      dir,
    });
    return { content: outcome.content, errorFile: outcome.errorFile };
  } catch (err) {
    if (err instanceof TaskFailure) throw AppError.business(err.message);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}
