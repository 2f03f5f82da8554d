/**
 * The task centre: adding export and import tasks, retrying failed ones, the requester's list, and running a task.
 * The row is the truth: a runner (in-process or BullMQ) only carries the task id. A task runs with the requester's
 * permissions and visibility, read again when it runs; progress is kept on the row, and the end (done or failed) is
 * pushed to the requester as a realtime user message starting with the task marker.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TEXT } from '@houtai/shared/constants';
import {
  ASYNC_TASK_STATUS,
  ASYNC_TASK_STATUS_DICT,
  ASYNC_TASK_TEXT,
  type AsyncTaskAddBody,
  type AsyncTaskListQuery,
  type AsyncTaskRecord,
} from '@houtai/shared/contract/async-task';
import type { Page } from '@houtai/shared/contract/common';
import { TASK_MESSAGE_MARKER, TASK_PROGRESS_BUSINESS_TYPE } from '@houtai/shared/messaging';
import type { Db } from '../db/connection.ts';
import type { AsyncTaskTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { writeErrorFile, type RejectedRow } from '../excel/error-file.ts';
import { EXCEL_TEXT } from '../excel/excel-error.ts';
import { cellText, convertRow, requireHeader, type HeaderMapping } from '../excel/header-map.ts';
import { readWorkbook } from '../excel/reader.ts';
import { XlsxWriter } from '../excel/writer.ts';
import { newId } from '../lib/ids.ts';
import { toWireTime } from '../lib/time.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { isStorageKey, type StorageDriver } from '../storage/storage.ts';
import { dictItemsByCode } from '../modules/dict/dict.service.ts';
import * as files from '../modules/files/files.repository.ts';
import {
  findExportResource,
  findImportResource,
  type ExportResource,
  type ImportResource,
  type TaskActor,
} from './registry.ts';
import * as repo from './task.repository.ts';

export interface TaskDeps {
  db: Db;
  storage: StorageDriver;
  realtime: Pick<RealtimeHub, 'sendToUsers'>;
  permissions: { has(userId: string, code: string): Promise<boolean> };
  now: () => number;
  log: { error(obj: object, msg: string): void };
}

/** Rows per import transaction (all or nothing each). */
export const IMPORT_BATCH = 500;
/** Largest stored task output. */
const OUTPUT_MAX_BYTES = 1024 * 1024 * 1024;
const TASK_BIZ = 'task';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type TaskRow = AsyncTaskTable;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

// ---------------------------------------------------------------------------------------------------------
// Adding, retrying, listing

interface Resolved {
  kind: 'export' | 'import';
  resource: ExportResource | ImportResource;
  url: string;
  sourceFile: string | null;
  params: Record<string, unknown>;
}

function resolve(body: AsyncTaskAddBody): Resolved {
  const isImport = body.businessType !== undefined || body.importUrl !== undefined;
  if (!isImport) {
    if (!body.url) throw AppError.business(ASYNC_TASK_TEXT.exportUrlRequired);
    const resource = findExportResource(body);
    if (!resource) throw AppError.badRequest(ASYNC_TASK_TEXT.exportUnsupported);
    const parsed = resource.params.safeParse(body.params ?? {});
    if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? ASYNC_TASK_TEXT.paramsInvalid);
    return { kind: 'export', resource, url: body.url, sourceFile: null, params: parsed.data };
  }
  // The uploaded file is named by whichever of url / importUrl is a stored path; the other may name the entry.
  const candidates = [body.importUrl, body.url].filter((u): u is string => !!u);
  if (candidates.length === 0) throw AppError.business(ASYNC_TASK_TEXT.importUrlRequired);
  const sourceFile = candidates.find((u) => isStorageKey(u)) ?? null;
  const entryUrl = candidates.find((u) => !isStorageKey(u));
  const resource = findImportResource({ ...body, url: entryUrl });
  if (!resource) throw AppError.badRequest(ASYNC_TASK_TEXT.importUnsupported);
  return { kind: 'import', resource, url: entryUrl ?? resource.urls[0]!, sourceFile, params: {} };
}

/** Adds a task for the caller and hands it to the runner; answers its id and title. */
export async function addTask(
  deps: TaskDeps,
  enqueue: (id: string) => Promise<void>,
  body: AsyncTaskAddBody,
  userId: string,
): Promise<{ id: string; title: string }> {
  const r = resolve(body);
  if (!(await deps.permissions.has(userId, r.resource.permission))) throw AppError.forbidden(TEXT.noPermission);
  if (r.kind === 'import') {
    // Only the requester's own upload of an .xlsx.
    const stored = r.sourceFile ? await files.findFileByPath(deps.db, r.sourceFile) : undefined;
    if (!stored || stored.ownerId !== userId) throw AppError.business(ASYNC_TASK_TEXT.fileNotFound);
    if (/\.xls$/i.test(stored.path)) throw AppError.business(EXCEL_TEXT.legacyXls);
    if (!/\.xlsx$/i.test(stored.path)) throw AppError.business(ASYNC_TASK_TEXT.importExtension);
  }
  const id = newId();
  const at = iso(deps.now());
  const title = body.name || r.resource.title;
  await repo.insertTask(deps.db, {
    id,
    title,
    businessType: body.businessType ?? null,
    kind: r.kind,
    module: r.resource.module,
    method: r.resource.method,
    url: r.url,
    params: JSON.stringify(r.params),
    status: ASYNC_TASK_STATUS.running,
    progress: 0,
    content: null,
    startTime: null,
    endTime: null,
    duration: null,
    downloadUrl: null,
    errorFile: null,
    sourceFile: r.sourceFile,
    attempts: 0,
    createBy: userId,
    createTime: at,
    updateTime: at,
  });
  await enqueue(id);
  return { id, title };
}

/** Re-runs one of the caller's failed tasks (an import skips the rows an earlier run committed). */
export async function retryTask(
  deps: TaskDeps,
  enqueue: (id: string) => Promise<void>,
  id: string,
  userId: string,
): Promise<void> {
  const row = await repo.findTask(deps.db, id);
  if (!row || row.createBy !== userId) throw AppError.business(ASYNC_TASK_TEXT.notFound);
  if (row.status !== ASYNC_TASK_STATUS.failed) throw AppError.business(ASYNC_TASK_TEXT.retryState);
  const at = iso(deps.now());
  const restarted = await repo.restartTask(deps.db, id, ASYNC_TASK_STATUS.failed, {
    status: ASYNC_TASK_STATUS.running,
    progress: 0,
    content: null,
    endTime: null,
    duration: null,
    downloadUrl: null,
    errorFile: null,
    updateTime: at,
  });
  if (!restarted) throw AppError.business(ASYNC_TASK_TEXT.retryState);
  await enqueue(id);
}

export async function listMyTasks(db: Db, q: AsyncTaskListQuery, userId: string): Promise<Page<AsyncTaskRecord>> {
  const filter = { createBy: userId, title: q.title, status: q.status };
  const [total, rows, items] = await Promise.all([
    repo.countTasks(db, filter),
    repo.pageTasks(db, filter, (q.pageNo - 1) * q.pageSize, q.pageSize),
    dictItemsByCode(db, ASYNC_TASK_STATUS_DICT),
  ]);
  const labels = new Map(items.map((i) => [i.value, i.text]));
  return {
    records: rows.map((r) => ({
      id: r.id,
      title: r.title,
      startTime: toWireTime(r.startTime),
      endTime: toWireTime(r.endTime),
      status: r.status,
      status_dictText: labels.get(r.status) ?? r.status,
      duration: r.duration,
      content: r.content,
      createTime: toWireTime(r.createTime),
      downloadUrl: r.downloadUrl,
      progress: r.progress,
    })),
    total,
    size: q.pageSize,
    current: q.pageNo,
    pages: Math.ceil(total / q.pageSize),
  };
}

/** Start-up: tasks a stopped process left running can no longer finish; they become failed and may be retried. */
export function failInterruptedTasks(db: Db, now: number): Promise<number> {
  return repo.failRunningTasks(db, ASYNC_TASK_TEXT.interrupted, iso(now));
}

// ---------------------------------------------------------------------------------------------------------
// Running

class TaskFailure extends Error {}

async function push(deps: TaskDeps, row: TaskRow, text: string, status: 2 | 3): Promise<void> {
  try {
    await deps.realtime.sendToUsers([row.createBy], {
      cmd: 'user',
      msgId: row.id,
      msgTxt: `${TASK_MESSAGE_MARKER}${text}`,
      status,
    });
  } catch (err) {
    deps.log.error({ err, taskId: row.id }, 'task notice failed');
  }
}

/** Stores a finished file for the requester (only they, or holders of the all-files code, may download it). */
async function storeOutput(deps: TaskDeps, file: string, name: string, ownerId: string): Promise<string> {
  const now = deps.now();
  const key = `${TASK_BIZ}/${iso(now).slice(0, 10).replace(/-/g, '')}/${randomUUID()}.xlsx`;
  const size = await deps.storage.put(key, createReadStream(file), OUTPUT_MAX_BYTES);
  await files.insertFile(deps.db, {
    id: newId(),
    path: key,
    biz: TASK_BIZ,
    ownerId,
    originalName: `${name.replace(/[\\/:*?"<>|]/g, '_').slice(0, 200)}.xlsx`,
    contentType: XLSX_TYPE,
    size,
    createdAt: iso(now),
  });
  return key;
}

/** Tasks running in this process: their requester, and the progress last saved and pushed. */
const running = new Map<string, { userId: string; saved: number; pushedAt: number }>();
/** A progress message at most this often per task. */
const PROGRESS_PUSH_MS = 1000;

/** Saves a running task's progress when its percent changes, and tells the requester at most once a second. */
async function progress(deps: TaskDeps, id: string, value: number): Promise<void> {
  const percent = Math.max(0, Math.min(99, Math.round(value)));
  const state = running.get(id);
  if (state && state.saved === percent) return;
  await repo.updateTask(deps.db, id, { progress: percent });
  if (!state) return;
  state.saved = percent;
  const now = Date.now();
  if (now - state.pushedAt < PROGRESS_PUSH_MS) return;
  state.pushedAt = now;
  try {
    await deps.realtime.sendToUsers([state.userId], {
      cmd: 'user',
      msgId: id,
      msgTxt: String(percent),
      status: 1,
      businessType: TASK_PROGRESS_BUSINESS_TYPE,
    });
  } catch (err) {
    deps.log.error({ err, taskId: id }, 'task progress notice failed');
  }
}

interface Outcome {
  content: string;
  downloadUrl: string | null;
  errorFile: string | null;
}

async function runExport(deps: TaskDeps, row: TaskRow, resource: ExportResource, dir: string): Promise<Outcome> {
  const actor: TaskActor = { db: deps.db, userId: row.createBy, permissions: deps.permissions, now: deps.now };
  const parsed = resource.params.safeParse(JSON.parse(row.params ?? '{}'));
  if (!parsed.success) throw new TaskFailure(ASYNC_TASK_TEXT.paramsInvalid);
  const opened = await resource.open(actor, parsed.data);
  if (!opened) throw new TaskFailure(TEXT.noPermission);
  const file = path.join(dir, 'export.xlsx');
  const writer = XlsxWriter.create(file, resource.columns, { sheetName: row.title });
  let written = 0;
  try {
    for await (const page of opened.pages) {
      for (const record of page) await writer.addRow(record);
      written += page.length;
      if (opened.total > 0) await progress(deps, row.id, (written / opened.total) * 95);
    }
    await writer.finish();
  } catch (err) {
    await writer.abort();
    throw err;
  }
  const key = await storeOutput(deps, file, row.title, row.createBy);
  return { content: ASYNC_TASK_TEXT.exportDone(row.title, written), downloadUrl: key, errorFile: null };
}

interface ImportRun {
  resource: ImportResource;
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
async function importWorkbook(deps: TaskDeps, run: ImportRun): Promise<Outcome & { rejected: number }> {
  const actor: TaskActor = { db: deps.db, userId: run.userId, permissions: deps.permissions, now: deps.now };
  const writer = await run.resource.prepare(actor);
  if (!writer) throw new TaskFailure(TEXT.noPermission);
  const columns = await run.resource.columns(deps.db);

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
    const good: { key: string; value: unknown }[] = [];
    for (const r of rows) {
      const converted = convertRow(r, mapping);
      let messages = converted.errors;
      if (messages.length === 0) {
        const parsed = run.resource.row.safeParse(converted.record);
        if (parsed.success) {
          good.push({ key: `${r.sheetName}!${r.rowNumber}`, value: parsed.data });
          continue;
        }
        messages = parsed.error.issues.map((i) => i.message);
      }
      rejected.push({ sheetName: r.sheetName, rowNumber: r.rowNumber, values: r.values, messages });
    }
    // One transaction per batch: its rows and their import keys, all or nothing. Keys an earlier run committed
    // are skipped, so a re-run never writes a row twice (and the primary key refuses a concurrent twin).
    await deps.db.transaction().execute(async (trx) => {
      const done = await repo.findImportedKeys(
        trx,
        run.keyOwner,
        good.map((g) => g.key),
      );
      const fresh = good.filter((g) => !done.has(g.key));
      const ids = await writer.insert(
        trx,
        fresh.map((g) => g.value),
      );
      await repo.insertImportedKeys(
        trx,
        fresh.map((g, i) => ({ taskId: run.keyOwner, rowKey: g.key, recordId: ids[i] ?? null })),
      );
    });
    accepted += good.length;
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

async function runImport(deps: TaskDeps, row: TaskRow, resource: ImportResource, dir: string): Promise<Outcome> {
  const source = row.sourceFile ? await files.findFileByPath(deps.db, row.sourceFile) : undefined;
  const stored = source && source.ownerId === row.createBy ? await deps.storage.get(source.path) : null;
  if (!source || !stored) throw new TaskFailure(ASYNC_TASK_TEXT.fileNotFound);
  const local = path.join(dir, 'source.xlsx');
  await pipeline(stored.stream, createWriteStream(local));
  return importWorkbook(deps, {
    resource,
    userId: row.createBy,
    keyOwner: row.id,
    local,
    fileName: source.originalName,
    title: row.title,
    dir,
    onBatch: (batches) => progress(deps, row.id, Math.min(95, batches * 5)),
  });
}

/**
 * A synchronous import of a small file (POST …/importExcel): the same checks and batches as an import task.
 * Answers the outcome; `errorFile` is the stored error file when rows were rejected (the contract's code 201).
 */
export async function importNow(
  deps: TaskDeps,
  resource: ImportResource,
  input: { userId: string; fileName: string; stream: NodeJS.ReadableStream; maxBytes: number },
): Promise<{ content: string; errorFile: string | null }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'houtai-import-'));
  try {
    const local = path.join(dir, 'source.xlsx');
    await pipeline(input.stream, createWriteStream(local));
    if ((await stat(local)).size > input.maxBytes)
      throw AppError.business(ASYNC_TASK_TEXT.fileTooLarge(input.fileName));
    const outcome = await importWorkbook(deps, {
      resource,
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

/** Runs one task to its end (done or failed); never throws. A task not marked running is left alone. */
export async function runTask(deps: TaskDeps, id: string): Promise<void> {
  const row = await repo.findTask(deps.db, id).catch(() => undefined);
  if (!row || row.status !== ASYNC_TASK_STATUS.running) return;
  const started = deps.now();
  await repo.updateTask(deps.db, id, {
    startTime: iso(started),
    attempts: row.attempts + 1,
    progress: 0,
    updateTime: iso(started),
  });
  let dir: string | null = null;
  running.set(id, { userId: row.createBy, saved: 0, pushedAt: 0 });
  try {
    const exporting = row.kind === 'export';
    const resource = exporting
      ? findExportResource({ module: row.module ?? undefined, method: row.method ?? undefined })
      : findImportResource({ module: row.module ?? undefined, method: row.method ?? undefined });
    if (!resource)
      throw new TaskFailure(exporting ? ASYNC_TASK_TEXT.exportUnsupported : ASYNC_TASK_TEXT.importUnsupported);
    // The requester's permission, as it is now.
    if (!(await deps.permissions.has(row.createBy, resource.permission))) throw new TaskFailure(TEXT.noPermission);
    dir = await mkdtemp(path.join(os.tmpdir(), 'houtai-task-'));
    const outcome = exporting
      ? await runExport(deps, row, resource as ExportResource, dir)
      : await runImport(deps, row, resource as ImportResource, dir);
    const ended = deps.now();
    await repo.updateTask(deps.db, id, {
      status: ASYNC_TASK_STATUS.done,
      progress: 100,
      content: outcome.content,
      downloadUrl: outcome.downloadUrl,
      errorFile: outcome.errorFile,
      endTime: iso(ended),
      duration: ended - started,
      updateTime: iso(ended),
    });
    await push(deps, row, outcome.content, 2);
  } catch (err) {
    const known = err instanceof TaskFailure || err instanceof AppError;
    if (!known) deps.log.error({ err, taskId: id }, 'task failed');
    const reason = known ? err.message : '任务执行失败，请重试';
    const content = `${row.kind === 'export' ? ASYNC_TASK_TEXT.exportFailed(row.title) : ASYNC_TASK_TEXT.importFailed(row.title)}：${reason}`;
    const ended = deps.now();
    await repo
      .updateTask(deps.db, id, {
        status: ASYNC_TASK_STATUS.failed,
        content: content.slice(0, 2000),
        endTime: iso(ended),
        duration: ended - started,
        updateTime: iso(ended),
      })
      .catch((e: unknown) => deps.log.error({ err: e, taskId: id }, 'task state not saved'));
    await push(deps, row, content, 3);
  } finally {
    running.delete(id);
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}
