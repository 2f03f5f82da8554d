/**
 * Scheduled jobs (定时任务): the administration calls. A job names a kind of the registry (quartz.kinds.ts), its
 * parameter is validated by the kind, its expression by the shared Quartz engine. Every write keeps the row's next
 * fire time right (null while stopped) and wakes this instance's engine; the other instances read the row at their
 * next tick (quartz.scheduler.ts).
 */
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import type { Page } from '@houtai/shared/contract/common';
import {
  QUARTZ_MISFIRE_TEXT,
  QUARTZ_RESULT_TEXT,
  QUARTZ_STATUS,
  QUARTZ_STATUS_TEXT,
  QUARTZ_TEXT,
  QUARTZ_TIME_ZONE,
  QUARTZ_TRIGGER_TEXT,
  type QuartzAddBody,
  type QuartzEditBody,
  type QuartzJobRecord,
  type QuartzKindRecord,
  type QuartzListQuery,
  type QuartzLogQuery,
  type QuartzMisfirePolicy,
  type QuartzPreviewQuery,
  type QuartzPreviewResult,
  type QuartzRunRecord,
  type QuartzRunResult,
  type QuartzTriggerType,
} from '@houtai/shared/contract/quartz';
import { describeCron, nextFireTimes, parseCron } from '@houtai/shared/cron/index';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageOf } from '../../lib/page.ts';
import { toWireTime } from '../../lib/time.ts';
import type { TaskKindRegistry } from '../async-task/async-task.kinds.ts';
import { findQuartzKind, kindRecords, type QuartzKind } from './quartz.kinds.ts';
import * as repo from './quartz.repository.ts';
import { nextFireAfter } from './quartz.scheduler.ts';

export interface QuartzDeps {
  db: Db;
  now: () => number;
  engine: { wake(): void; runNow(jobId: string, by: string): Promise<string>; readonly taskKinds: TaskKindRegistry };
}

/** The administrator acting. */
export interface QuartzActor {
  userId: string;
  username: string;
  can: (code: string) => Promise<boolean>;
}

const iso = (ms: number) => new Date(ms).toISOString();

function present(row: repo.JobRow): QuartzJobRecord {
  const policy = row.misfirePolicy as QuartzMisfirePolicy;
  return {
    id: row.id,
    jobClassName: row.jobClassName,
    jobClassName_dictText: findQuartzKind(row.jobClassName)?.title ?? row.jobClassName,
    cronExpression: row.cronExpression,
    parameter: row.parameter,
    description: row.description,
    status: row.status,
    status_dictText: QUARTZ_STATUS_TEXT[String(row.status)] ?? String(row.status),
    misfirePolicy: policy,
    misfirePolicy_dictText: QUARTZ_MISFIRE_TEXT[policy] ?? policy,
    lastFireTime: toWireTime(row.lastFireTime),
    nextFireTime: toWireTime(row.nextFireTime),
    createBy: row.createBy,
    createTime: toWireTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: toWireTime(row.updateTime),
    version: row.version,
  };
}

export async function listJobs(db: Db, q: QuartzListQuery): Promise<Page<QuartzJobRecord>> {
  const filter = { jobClassName: q.jobClassName, status: q.status };
  const [total, rows] = await Promise.all([
    repo.countJobs(db, filter),
    repo.pageJobs(db, filter, { column: q.column, order: q.order }, offsetOf(q), q.pageSize),
  ]);
  return pageOf(rows.map(present), total, q);
}

export async function queryJob(db: Db, id: string): Promise<QuartzJobRecord> {
  const row = await repo.findJob(db, id);
  if (!row) throw AppError.business(ADMIN_TEXT.notFound);
  return present(row);
}

export function listKinds(): QuartzKindRecord[] {
  return kindRecords();
}

/** The kind, the parameter it validated (as stored JSON text) and the expression's first fire time after now. */
async function checked(
  deps: QuartzDeps,
  actor: QuartzActor,
  body: QuartzAddBody,
): Promise<{ kind: QuartzKind; parameter: string; next: string }> {
  const kind = findQuartzKind(body.jobClassName);
  if (!kind) throw AppError.business(QUARTZ_TEXT.kindUnknown);
  const parsed = kind.params.safeParse(JSON.parse(body.parameter));
  if (!parsed.success) throw AppError.business(parsed.error.issues[0]?.message ?? QUARTZ_TEXT.parameterInvalid);
  const problem = await kind.check?.(
    { db: deps.db, taskKinds: deps.engine.taskKinds, userId: actor.userId, can: actor.can },
    parsed.data,
  );
  if (problem) throw AppError.business(problem);
  const next = nextFireAfter(body.cronExpression, deps.now());
  if (!next) throw AppError.business(QUARTZ_TEXT.cronNeverFires);
  return { kind, parameter: JSON.stringify(parsed.data), next };
}

export async function addJob(deps: QuartzDeps, actor: QuartzActor, body: QuartzAddBody): Promise<string> {
  const { kind, parameter, next } = await checked(deps, actor, body);
  const status = body.status ?? QUARTZ_STATUS.normal;
  const id = newId();
  await repo.insertJob(deps.db, {
    id,
    jobClassName: kind.key,
    cronExpression: body.cronExpression,
    parameter,
    description: body.description ?? null,
    status,
    misfirePolicy: body.misfirePolicy ?? kind.misfirePolicy,
    lastFireTime: null,
    nextFireTime: status === QUARTZ_STATUS.normal ? next : null,
    createBy: actor.username,
    createTime: iso(deps.now()),
    updateBy: null,
    updateTime: null,
  });
  deps.engine.wake();
  return id;
}

export async function editJob(deps: QuartzDeps, actor: QuartzActor, body: QuartzEditBody): Promise<void> {
  const current = await repo.findJob(deps.db, body.id);
  if (!current) throw AppError.business(ADMIN_TEXT.notFound);
  const { kind, parameter, next } = await checked(deps, actor, body);
  // Absent status keeps the job's own (JeecgBoot's form always sends it).
  const status = body.status ?? current.status;
  const changed = await repo.updateJob(deps.db, body.id, body.version, {
    jobClassName: kind.key,
    cronExpression: body.cronExpression,
    parameter,
    description: body.description === undefined ? current.description : body.description,
    status,
    misfirePolicy:
      body.misfirePolicy ?? (current.jobClassName === kind.key ? current.misfirePolicy : kind.misfirePolicy),
    // A new expression (or a restart) counts from now: fires the old expression missed are not misfires.
    nextFireTime: status === QUARTZ_STATUS.normal ? next : null,
    updateBy: actor.username,
    updateTime: iso(deps.now()),
  });
  if (changed === 0) throw AppError.conflict(ADMIN_TEXT.stale);
  deps.engine.wake();
}

export async function deleteJobs(deps: QuartzDeps, actor: QuartzActor, ids: readonly string[]): Promise<number> {
  const n = await repo.deleteJobs(deps.db, ids, actor.username, iso(deps.now()));
  if (n === 0) throw AppError.business(ADMIN_TEXT.notFound);
  deps.engine.wake();
  return n;
}

/** 停止 (pause): no fire until resumed; idempotent. */
export async function pauseJob(deps: QuartzDeps, actor: QuartzActor, id: string): Promise<void> {
  const current = await repo.findJob(deps.db, id);
  if (!current) throw AppError.business(ADMIN_TEXT.notFound);
  if (current.status === QUARTZ_STATUS.stopped) return;
  await repo.updateJob(deps.db, id, undefined, {
    status: QUARTZ_STATUS.stopped,
    nextFireTime: null,
    updateBy: actor.username,
    updateTime: iso(deps.now()),
  });
  deps.engine.wake();
}

/** 启动 (resume): fires from the next fire time after now (the paused time's fires are not misfires); idempotent. */
export async function resumeJob(deps: QuartzDeps, actor: QuartzActor, id: string): Promise<void> {
  const current = await repo.findJob(deps.db, id);
  if (!current) throw AppError.business(ADMIN_TEXT.notFound);
  if (current.status === QUARTZ_STATUS.normal) return;
  const next = nextFireAfter(current.cronExpression, deps.now());
  if (!next) throw AppError.business(QUARTZ_TEXT.cronNeverFires);
  await repo.updateJob(deps.db, id, undefined, {
    status: QUARTZ_STATUS.normal,
    nextFireTime: next,
    updateBy: actor.username,
    updateTime: iso(deps.now()),
  });
  deps.engine.wake();
}

/** 执行一次: runs the job once now (also a stopped one), logged as a manual run; answers the run's id. */
export async function executeJob(deps: QuartzDeps, actor: QuartzActor, id: string): Promise<string> {
  const current = await repo.findJob(deps.db, id);
  if (!current) throw AppError.business(ADMIN_TEXT.notFound);
  return deps.engine.runNow(id, actor.username);
}

export async function jobLog(db: Db, q: QuartzLogQuery): Promise<Page<QuartzRunRecord>> {
  const [total, rows] = await Promise.all([
    repo.countRuns(db, q.jobId),
    repo.pageRuns(db, q.jobId, offsetOf(q), q.pageSize),
  ]);
  return pageOf(
    rows.map((r) => {
      const result = r.result as QuartzRunResult;
      const trigger = r.triggerType as QuartzTriggerType;
      return {
        id: r.id,
        jobId: r.jobId,
        fireTime: toWireTime(r.fireTime) ?? r.fireTime,
        triggerType: trigger,
        triggerType_dictText: QUARTZ_TRIGGER_TEXT[trigger] ?? trigger,
        startTime: toWireTime(r.startTime),
        endTime: toWireTime(r.endTime),
        duration: r.startTime && r.endTime ? Date.parse(r.endTime) - Date.parse(r.startTime) : null,
        result,
        result_dictText: QUARTZ_RESULT_TEXT[result] ?? result,
        message: r.message,
        instanceId: r.instanceId,
      };
    }),
    total,
    q,
  );
}

export function previewCron(q: QuartzPreviewQuery, now: number): QuartzPreviewResult {
  const parsed = parseCron(q.cronExpression);
  // The schema checked it already; kept for the type.
  if (!parsed.ok) throw AppError.business(parsed.message);
  const times = nextFireTimes(parsed.cron, now, QUARTZ_TIME_ZONE, q.count).map(
    (d) => toWireTime(d.toISOString()) ?? '',
  );
  return { description: describeCron(parsed.cron), times };
}
