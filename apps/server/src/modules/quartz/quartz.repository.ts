/** SQL of scheduled jobs (sys_quartz_job) and their run log (sys_quartz_job_run). Bound values only. */
import type { Expression, Insertable, SqlBool, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysQuartzJobRunTable, SysQuartzJobTable } from '../../db/schema.ts';
import { sortFor } from '../../registry/index.ts';

export const QUARTZ_ENTITY = 'sys_quartz_job';

export interface JobFilter {
  jobClassName?: string | undefined;
  status?: number | undefined;
}

function filtered(db: Db, f: JobFilter) {
  return db.selectFrom('sysQuartzJob').where((eb) => {
    const preds: Expression<SqlBool>[] = [eb('delFlag', '=', 0)];
    if (f.jobClassName !== undefined) preds.push(eb('jobClassName', '=', f.jobClassName));
    if (f.status !== undefined) preds.push(eb('status', '=', f.status));
    return eb.and(preds);
  });
}

const JOB_COLUMNS = [
  'id',
  'jobClassName',
  'cronExpression',
  'parameter',
  'description',
  'status',
  'misfirePolicy',
  'lastFireTime',
  'nextFireTime',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'version',
] as const;

export async function countJobs(db: Db, f: JobFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageJobs(
  db: Db,
  f: JobFilter,
  sort: { column: string | undefined; order: string | undefined },
  offset: number,
  limit: number,
) {
  return filtered(db, f)
    .select(JOB_COLUMNS)
    .orderBy(sortFor(QUARTZ_ENTITY, sort.column, sort.order))
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findJob(db: Db, id: string) {
  return db
    .selectFrom('sysQuartzJob')
    .select(JOB_COLUMNS)
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
}

export type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

export async function insertJob(db: Db, row: Insertable<SysQuartzJobTable>): Promise<void> {
  await db.insertInto('sysQuartzJob').values(row).execute();
}

/** Updates a live job (at `version` when given), bumping the version; answers the rows changed (0: gone or stale). */
export async function updateJob(
  db: Db,
  id: string,
  version: number | undefined,
  values: Updateable<SysQuartzJobTable>,
): Promise<number> {
  let q = db
    .updateTable('sysQuartzJob')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('delFlag', '=', 0);
  if (version !== undefined) q = q.where('version', '=', version);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Logical delete: the run log keeps naming the job. Answers how many were deleted. */
export async function deleteJobs(db: Db, ids: readonly string[], by: string, at: string): Promise<number> {
  const r = await db
    .updateTable('sysQuartzJob')
    .set((eb) => ({
      delFlag: 1,
      status: -1,
      nextFireTime: null,
      updateBy: by,
      updateTime: at,
      version: eb('version', '+', 1),
    }))
    .where('id', 'in', ids)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Running jobs whose next fire time has come (the oldest first). */
export function dueJobs(db: Db, now: string, limit: number) {
  return db
    .selectFrom('sysQuartzJob')
    .select(['id', 'cronExpression', 'misfirePolicy', 'nextFireTime'])
    .where('status', '=', 0)
    .where('delFlag', '=', 0)
    .where('nextFireTime', 'is not', null)
    .where('nextFireTime', '<=', now)
    .orderBy('nextFireTime')
    .limit(limit)
    .execute();
}

/** The earliest next fire time of any running job, or null. */
export async function earliestFire(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('sysQuartzJob')
    .select((eb) => eb.fn.min('nextFireTime').as('next'))
    .where('status', '=', 0)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return row?.next ?? null;
}

export interface Claim {
  jobId: string;
  /** The stored next fire time the claim moves on from. */
  from: string;
  /** The next fire time after the claim (null: the expression fires no more). */
  next: string | null;
  run: Insertable<SysQuartzJobRunTable>;
}

/**
 * Claims one scheduled fire, in one transaction: moves the running job's next fire time on from `from` (only if it
 * still is `from`: another instance may have claimed it), then inserts the run row under the unique key
 * (job_id, fire_time). Answers whether this instance won both, i.e. must run (or log) the fire.
 */
export function claimFire(db: Db, c: Claim): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('sysQuartzJob')
      .set({ nextFireTime: c.next, lastFireTime: c.run.fireTime })
      .where('id', '=', c.jobId)
      .where('status', '=', 0)
      .where('delFlag', '=', 0)
      .where('nextFireTime', '=', c.from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    return insertRunOnce(trx, c.run);
  });
}

/** Inserts a run unless (job_id, fire_time) exists; answers whether it was inserted. */
export async function insertRunOnce(db: Db, run: Insertable<SysQuartzJobRunTable>): Promise<boolean> {
  const r = await db
    .insertInto('sysQuartzJobRun')
    .values(run)
    .onConflict((oc) => oc.columns(['jobId', 'fireTime']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Marks a claimed run started by this instance; false when it was started already (a redelivered job). */
export async function startRun(db: Db, id: string, at: string, instanceId: string): Promise<boolean> {
  const r = await db
    .updateTable('sysQuartzJobRun')
    .set({ startTime: at, instanceId })
    .where('id', '=', id)
    .where('result', '=', 'running')
    .where('startTime', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Runs left 执行中 by an instance that stopped: started before `startedBefore`, or claimed on time (schedule,
 * manual: their fire time is the claim's instant) but never started before `startedBefore`, end as failures with
 * `message`. A misfire's claim (fire time in the past) is left to its instance. Answers how many ended.
 */
export async function failStaleRuns(db: Db, startedBefore: string, at: string, message: string): Promise<number> {
  const r = await db
    .updateTable('sysQuartzJobRun')
    .set({ result: 'failure', endTime: at, message })
    .where('result', '=', 'running')
    .where((eb) =>
      eb.or([
        eb.and([eb('startTime', 'is not', null), eb('startTime', '<', startedBefore)]),
        eb.and([
          eb('startTime', 'is', null),
          eb('triggerType', 'in', ['schedule', 'manual']),
          eb('fireTime', '<', startedBefore),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function endRun(
  db: Db,
  id: string,
  values: { result: string; endTime: string; message: string | null },
): Promise<void> {
  await db.updateTable('sysQuartzJobRun').set(values).where('id', '=', id).execute();
}

export function findRun(db: Db, id: string) {
  return db
    .selectFrom('sysQuartzJobRun as r')
    .innerJoin('sysQuartzJob as j', 'j.id', 'r.jobId')
    .select(['r.id', 'r.jobId', 'r.message', 'j.jobClassName', 'j.parameter', 'j.createBy', 'j.delFlag'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

const RUN_COLUMNS = [
  'id',
  'jobId',
  'fireTime',
  'triggerType',
  'startTime',
  'endTime',
  'result',
  'message',
  'instanceId',
] as const;

export async function countRuns(db: Db, jobId: string): Promise<number> {
  const row = await db
    .selectFrom('sysQuartzJobRun')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('jobId', '=', jobId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageRuns(db: Db, jobId: string, offset: number, limit: number) {
  return db
    .selectFrom('sysQuartzJobRun')
    .select(RUN_COLUMNS)
    .where('jobId', '=', jobId)
    .orderBy('fireTime', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}
