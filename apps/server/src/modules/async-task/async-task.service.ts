/**
 * The task centre: adding export and import tasks, retrying failed ones, the requester's list, and running a task.
 * The row is the truth: a runner (in-process or BullMQ) only carries the task id. A task runs with the requester's
 * permissions and visibility, read again when it runs; progress is kept on the row, and the end (done or failed) is
 * pushed to the requester as a realtime user message starting with the task marker.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
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
import type { Db } from '../../db/connection.ts';
import type { AsyncTaskTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { EXCEL_TEXT } from '../../excel/excel-error.ts';
import { newId } from '../../lib/ids.ts';
import { toWireTime } from '../../lib/time.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { superQueryWhere } from '../../registry/index.ts';
import { isStorageKey } from '../../storage/storage.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import { findFileRecord } from '../files/files.service.ts';
import type { ExportKind, ImportKind, TaskKindRegistry } from './async-task.kinds.ts';
import { ASYNC_TASK_ENTITY } from './async-task.fields.ts';
import * as repo from './async-task.repository.ts';
import {
  exportToFile,
  importWorkbook,
  storeOutput,
  TaskFailure,
  type TransferDeps,
  type TransferOutcome,
} from './excel-transfer.service.ts';

export interface TaskDeps extends TransferDeps {
  realtime: Pick<RealtimeHub, 'sendToUsers'>;
  /** The kinds the modules registered. */
  kinds: TaskKindRegistry;
}

type TaskRow = AsyncTaskTable;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

// ---------------------------------------------------------------------------------------------------------
// Adding, retrying, listing

interface Resolved {
  kind: 'export' | 'import';
  resource: ExportKind | ImportKind;
  url: string;
  sourceFile: string | null;
  params: Record<string, unknown>;
}

function resolve(kinds: TaskKindRegistry, body: AsyncTaskAddBody): Resolved {
  const isImport = body.businessType !== undefined || body.importUrl !== undefined;
  if (!isImport) {
    if (!body.url) throw AppError.business(ASYNC_TASK_TEXT.exportUrlRequired);
    const resource = kinds.findExport(body);
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
  const resource = kinds.findImport({ ...body, url: entryUrl });
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
  const r = resolve(deps.kinds, body);
  if (!(await deps.permissions.has(userId, r.resource.permission))) throw AppError.forbidden(TEXT.noPermission);
  if (r.kind === 'import') {
    // Only the requester's own upload of an .xlsx.
    const stored = r.sourceFile ? await findFileRecord(deps.db, r.sourceFile) : undefined;
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
  await handOver(deps, enqueue, id);
  return { id, title };
}

/**
 * Hands a task to the runner. A refused hand-over (the queue unreachable: 503) leaves the task failed with the
 * reason, not running for ever, so that its owner can retry it once the queue is back.
 */
async function handOver(deps: TaskDeps, enqueue: (id: string) => Promise<void>, id: string): Promise<void> {
  try {
    await enqueue(id);
  } catch (err) {
    const at = iso(deps.now());
    await repo
      .updateTask(deps.db, id, {
        status: ASYNC_TASK_STATUS.failed,
        content: TEXT.serviceUnavailable,
        endTime: at,
        updateTime: at,
      })
      .catch((e: unknown) => deps.log.error({ err: e, taskId: id }, 'could not mark a refused task failed'));
    throw err;
  }
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
  await handOver(deps, enqueue, id);
}

export async function listMyTasks(db: Db, q: AsyncTaskListQuery, userId: string): Promise<Page<AsyncTaskRecord>> {
  const filter = {
    createBy: userId,
    title: q.title,
    status: q.status,
    where: superQueryWhere(ASYNC_TASK_ENTITY, q),
  };
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

async function runExport(deps: TaskDeps, row: TaskRow, kind: ExportKind, dir: string): Promise<TransferOutcome> {
  const parsed = kind.params.safeParse(JSON.parse(row.params ?? '{}'));
  if (!parsed.success) throw new TaskFailure(ASYNC_TASK_TEXT.paramsInvalid);
  const file = path.join(dir, 'export.xlsx');
  const written = await exportToFile(
    deps,
    kind,
    { userId: row.createBy, params: parsed.data, file, sheetName: row.title },
    async (done, total) => {
      if (total > 0) await progress(deps, row.id, (done / total) * 95);
    },
  );
  const key = await storeOutput(deps, file, row.title, row.createBy);
  return { content: ASYNC_TASK_TEXT.exportDone(row.title, written), downloadUrl: key, errorFile: null };
}

async function runImport(deps: TaskDeps, row: TaskRow, kind: ImportKind, dir: string): Promise<TransferOutcome> {
  const source = row.sourceFile ? await findFileRecord(deps.db, row.sourceFile) : undefined;
  const stored = source && source.ownerId === row.createBy ? await deps.storage.get(source.path) : null;
  if (!source || !stored) throw new TaskFailure(ASYNC_TASK_TEXT.fileNotFound);
  const local = path.join(dir, 'source.xlsx');
  await pipeline(stored.stream, createWriteStream(local));
  return importWorkbook(deps, {
    kind,
    userId: row.createBy,
    keyOwner: row.id,
    local,
    fileName: source.originalName,
    title: row.title,
    dir,
    onBatch: (batches) => progress(deps, row.id, Math.min(95, batches * 5)),
  });
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
    const named = { module: row.module ?? undefined, method: row.method ?? undefined };
    const kind = exporting ? deps.kinds.findExport(named) : deps.kinds.findImport(named);
    if (!kind) throw new TaskFailure(exporting ? ASYNC_TASK_TEXT.exportUnsupported : ASYNC_TASK_TEXT.importUnsupported);
    // The requester's permission, as it is now.
    if (!(await deps.permissions.has(row.createBy, kind.permission))) throw new TaskFailure(TEXT.noPermission);
    dir = await mkdtemp(path.join(os.tmpdir(), 'houtai-task-'));
    const outcome = exporting
      ? await runExport(deps, row, kind as ExportKind, dir)
      : await runImport(deps, row, kind as ImportKind, dir);
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
