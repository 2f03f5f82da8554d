/**
 * Scheduled jobs (issue 14 item 6): /sys/quartzJob CRUD and validation (the cron engine's messages, unknown kinds,
 * the kind's parameter schema, SQL text in filters and sorts, oversized input), pause / resume, execute once with
 * its run log, the in-process engine firing a job at its fire times, misfire policies at start (injected clock),
 * and — with TEST_DATABASE_URL and TEST_REDIS_URL — two instances sharing PostgreSQL and Redis firing a
 * `0/5 * * * * ?` job exactly once per fire time, pausing and resuming.
 */
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  QUARTZ_TEXT,
  type QuartzJobRecord,
  type QuartzPreviewResult,
  type QuartzRunRecord,
} from '@houtai/shared/contract/quartz';
import { validateCron } from '@houtai/shared/cron/index';
import { TEXT } from '@houtai/shared/constants';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DbHandle } from '../src/db/connection.ts';
import type { RealtimeHub, RealtimeMessage } from '../src/realtime/hub.ts';
import { api, body, createTestApp, login, userIdOf, type TestContext } from './helpers.ts';

type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

const sent: { userIds: string[]; message: RealtimeMessage }[] = [];
const hub: RealtimeHub = {
  sendToUsers: (userIds, message) => {
    sent.push({ userIds: [...userIds], message });
    return Promise.resolve();
  },
  broadcast: () => Promise.resolve(),
  sendToPage: () => Promise.resolve(),
  closeToken: () => Promise.resolve(),
  closeUser: () => Promise.resolve(),
  localSocketCount: () => 0,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const iso = (ms: number) => new Date(ms).toISOString();

async function runsOf(app: FastifyInstance, token: string, jobId: string): Promise<QuartzRunRecord[]> {
  const res = await api(app, token, { method: 'GET', url: `/sys/quartzJob/log?jobId=${jobId}&pageSize=100` });
  expect(res.statusCode).toBe(200);
  return body<Page<QuartzRunRecord>>(res).result.records;
}

/** Waits until the job has at least `count` runs and none is still running (or `ms` is up). */
async function settled(
  app: FastifyInstance,
  token: string,
  jobId: string,
  count = 1,
  ms = 5000,
): Promise<QuartzRunRecord[]> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const runs = await runsOf(app, token, jobId);
    if (runs.length >= count && runs.every((r) => r.result !== 'running')) return runs;
    await sleep(50);
  }
  return runsOf(app, token, jobId);
}

describe('scheduled jobs: calls, validation and the in-process engine', () => {
  let t: TestContext;
  let admin: string;
  let guest: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp({ build: { realtime: hub } });
    admin = await login(t.app, 'admin');
    guest = await login(t.app, 'guest');
    adminId = await userIdOf(t.handle.db, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const add = (payload: Record<string, unknown>, token = admin) =>
    api(t.app, token, { method: 'POST', url: '/sys/quartzJob/add', payload });
  const countJobs = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('sysQuartzJob')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lists the registry of kinds, never a class name', async () => {
    const res = await api(t.app, admin, { method: 'GET', url: '/sys/quartzJob/kinds' });
    const kinds = body<{ key: string; title: string; misfirePolicy: string; parameterExample: string }[]>(res).result;
    expect(kinds.map((k) => [k.key, k.title, k.misfirePolicy])).toEqual([
      ['cleanup-sessions-uploads', '清理过期会话与未完成上传', 'fire-once-now'],
      ['scheduled-export', '定时导出', 'skip'],
      ['sample-notice', '示例通知', 'skip'],
    ]);
    for (const k of kinds) expect(() => JSON.parse(k.parameterExample) as unknown).not.toThrow();
  });

  it('previews the next fire times in Asia/Shanghai, or answers the engine’s Chinese error', async () => {
    const res = await api(t.app, admin, {
      method: 'GET',
      url: `/sys/quartzJob/preview?cronExpression=${encodeURIComponent('0 0/30 12 1 1 ? 2040-2041')}&count=3`,
    });
    const preview = body<QuartzPreviewResult>(res).result;
    expect(preview.times).toEqual(['2040-01-01 12:00:00', '2040-01-01 12:30:00', '2041-01-01 12:00:00']);
    expect(preview.description).toMatch(/[\u4e00-\u9fa5]/);
    const bad = await api(t.app, admin, {
      method: 'GET',
      url: `/sys/quartzJob/preview?cronExpression=${encodeURIComponent('0 0 25 * * ?')}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe(validateCron('0 0 25 * * ?'));
    expect(body(bad).message).toMatch(/[\u4e00-\u9fa5]/);
    const many = await api(t.app, admin, { method: 'GET', url: '/sys/quartzJob/preview?cronExpression=*&count=21' });
    expect(body(many).message).toBe(QUARTZ_TEXT.countInvalid);
  });

  it('refuses a bad cron, an unknown kind, a parameter its kind refuses, oversized input — storing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ jobClassName: 'cleanup-sessions-uploads', cronExpression: '0 61 * * * ?' }, validateCron('0 61 * * * ?')!],
      [{ jobClassName: 'cleanup-sessions-uploads', cronExpression: '' }, QUARTZ_TEXT.cronRequired],
      [
        { jobClassName: 'org.jeecg.modules.quartz.job.SampleJob', cronExpression: '0 0 3 * * ?' },
        QUARTZ_TEXT.kindUnknown,
      ],
      [{ jobClassName: 'no-such-kind', cronExpression: '0 0 3 * * ?' }, QUARTZ_TEXT.kindUnknown],
      [
        { jobClassName: 'cleanup-sessions-uploads', cronExpression: '0 0 3 * * ?', parameter: 'days=7' },
        QUARTZ_TEXT.parameterJson,
      ],
      [
        { jobClassName: 'cleanup-sessions-uploads', cronExpression: '0 0 3 * * ?', parameter: '{"tokenDays":0}' },
        '会话保留天数须为 1 到 365 的整数',
      ],
      [
        {
          jobClassName: 'cleanup-sessions-uploads',
          cronExpression: '0 0 3 * * ?',
          parameter: '{"sql":"drop table x"}',
        },
        '参数只能包含 tokenDays、uploadHours',
      ],
      [
        { jobClassName: 'sample-notice', cronExpression: '0 0 3 * * ?', parameter: { userIds: ['nobody'], text: 'x' } },
        '包含不存在或已冻结的用户，请重新选择',
      ],
      [
        {
          jobClassName: 'scheduled-export',
          cronExpression: '0 0 3 * * ?',
          parameter: { url: 'http://evil.example/x' },
        },
        '该地址没有登记的导出，请检查 url',
      ],
      [
        { jobClassName: 'cleanup-sessions-uploads', cronExpression: '0 0 3 * * ? 2001' },
        validateCron('0 0 3 * * ? 2001') ?? QUARTZ_TEXT.cronNeverFires,
      ],
      [
        {
          jobClassName: 'cleanup-sessions-uploads',
          cronExpression: '0 0 3 * * ?',
          parameter: `{"a":"${'x'.repeat(5000)}"}`,
        },
        QUARTZ_TEXT.parameterTooLong,
      ],
      [
        { jobClassName: 'cleanup-sessions-uploads', cronExpression: '0 0 3 * * ?', status: 1 },
        QUARTZ_TEXT.statusInvalid,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await add(payload);
      expect(body(res).success, JSON.stringify(payload).slice(0, 80)).toBe(false);
      expect(body(res).message).toBe(message);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await countJobs()).toBe(0);
    const refused = await add({ jobClassName: 'cleanup-sessions-uploads', cronExpression: '0 0 3 * * ?' }, guest);
    expect(refused.statusCode).toBe(403);
    expect(await countJobs()).toBe(0);
  });

  it('adds, reads, lists with filters and sorts, edits with the version, deletes', async () => {
    const res = await add({
      jobClassName: 'cleanup-sessions-uploads',
      cronExpression: '0 0 3 * * ?',
      parameter: '{"tokenDays": 7}',
      description: '每天三点清理',
      status: -1,
      unknownField: 'ignored',
    });
    expect(body(res)).toMatchObject({ success: true, message: QUARTZ_TEXT.added });
    const id = body<string>(res).result;
    const read = body<QuartzJobRecord>(
      await api(t.app, admin, { method: 'GET', url: `/sys/quartzJob/queryById?id=${id}` }),
    );
    expect(read.result).toMatchObject({
      id,
      jobClassName: 'cleanup-sessions-uploads',
      jobClassName_dictText: '清理过期会话与未完成上传',
      cronExpression: '0 0 3 * * ?',
      parameter: '{"tokenDays":7,"uploadHours":24}',
      description: '每天三点清理',
      status: -1,
      status_dictText: '停止',
      misfirePolicy: 'fire-once-now',
      nextFireTime: null,
      createBy: 'admin',
      version: 1,
    });
    const other = body<string>(
      await add({
        jobClassName: 'sample-notice',
        cronExpression: '0 0 9 ? * MON-FRI',
        parameter: { userIds: [adminId], text: '早' },
      }),
    ).result;
    const list = async (query: string) => {
      const r = await api(t.app, admin, { method: 'GET', url: `/sys/quartzJob/list?${query}` });
      return body<Page<QuartzJobRecord>>(r);
    };
    expect((await list('')).result.total).toBe(2);
    expect((await list('jobClassName=sample-notice')).result.records.map((r) => r.id)).toEqual([other]);
    expect((await list('status=-1')).result.records.map((r) => r.id)).toEqual([id]);
    const running = (await list('status=0')).result.records[0]!;
    expect(running.status).toBe(0);
    expect(running.nextFireTime).toMatch(/^\d{4}-\d\d-\d\d 09:00:00$/);
    expect((await list('column=jobClassName&order=asc')).result.records.map((r) => r.id)).toEqual([id, other]);
    expect((await list('column=job_class_name&order=desc')).result.records.map((r) => r.id)).toEqual([other, id]);
    // SQL text in filters and sorts: a plain value that matches nothing, or a refused sort; the table is intact.
    expect((await list(`jobClassName=${encodeURIComponent("x' or '1'='1")}`)).result.total).toBe(0);
    const sorted = await list(`column=${encodeURIComponent('id; drop table sys_quartz_job')}`);
    expect(sorted).toMatchObject({ success: false, message: TEXT.sortInvalid });
    expect((await list('column=parameter')).message).toBe(TEXT.sortInvalid);
    const badStatus = await list(`status=${encodeURIComponent('0 or 1=1')}`);
    expect(badStatus).toMatchObject({ success: false, message: QUARTZ_TEXT.statusInvalid });
    expect(await countJobs()).toBe(2);

    const edit = (payload: Record<string, unknown>, method: 'PUT' | 'POST' = 'PUT') =>
      api(t.app, admin, { method, url: '/sys/quartzJob/edit', payload });
    const stale = await edit({
      id,
      jobClassName: 'cleanup-sessions-uploads',
      cronExpression: '0 0 4 * * ?',
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).message).toBe(ADMIN_TEXT.stale);
    const badCron = await edit({ id, jobClassName: 'cleanup-sessions-uploads', cronExpression: '0 0 4 * * ? *  *' });
    expect(body(badCron).success).toBe(false);
    const unchanged = body<QuartzJobRecord>(
      await api(t.app, admin, { method: 'GET', url: `/sys/quartzJob/queryById?id=${id}` }),
    );
    expect(unchanged.result).toMatchObject({ cronExpression: '0 0 3 * * ?', version: 1 });
    const edited = await edit(
      {
        id,
        jobClassName: 'cleanup-sessions-uploads',
        cronExpression: '0 30 4 * * ?',
        parameter: '',
        status: 0,
        version: 1,
      },
      'POST',
    );
    expect(body(edited)).toMatchObject({ success: true, message: QUARTZ_TEXT.edited });
    const after = body<QuartzJobRecord>(
      await api(t.app, admin, { method: 'GET', url: `/sys/quartzJob/queryById?id=${id}` }),
    );
    expect(after.result).toMatchObject({
      cronExpression: '0 30 4 * * ?',
      status: 0,
      version: 2,
      description: '每天三点清理',
    });
    expect(after.result.nextFireTime).toMatch(/ 04:30:00$/);

    const tooMany = await api(t.app, admin, {
      method: 'DELETE',
      url: `/sys/quartzJob/deleteBatch?ids=${Array.from({ length: 501 }, (_, i) => `j${i}`).join(',')}`,
    });
    expect(body(tooMany).message).toBe(ADMIN_TEXT.tooManyIds);
    const del = await api(t.app, admin, { method: 'DELETE', url: `/sys/quartzJob/deleteBatch?ids=${id},${other}` });
    expect(body(del)).toMatchObject({ success: true, message: QUARTZ_TEXT.deleted });
    expect((await list('')).result.total).toBe(0);
    const gone = await api(t.app, admin, { method: 'GET', url: `/sys/quartzJob/queryById?id=${id}` });
    expect(body(gone)).toMatchObject({ success: false, message: ADMIN_TEXT.notFound });
  });

  it('executes once now (logged, also while stopped): the cleanup removes ended sessions only', async () => {
    const db = t.handle.db;
    const old = new Date(Date.now() - 40 * 86400_000).toISOString();
    const base = { userId: adminId, loginType: 'pc', impersonatorId: null, ip: null, userAgent: null };
    await db
      .insertInto('sysUserToken')
      .values([
        {
          ...base,
          id: 'q-revoked',
          tokenHash: 'q-h1',
          createdAt: old,
          lastSeenAt: old,
          expiresAt: old,
          revokedAt: old,
          revokedReason: 'logout',
        },
        {
          ...base,
          id: 'q-live',
          tokenHash: 'q-h2',
          createdAt: new Date().toISOString(),
          lastSeenAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 86400_000).toISOString(),
          revokedAt: null,
          revokedReason: null,
        },
      ])
      .execute();
    const id = body<string>(
      await add({
        jobClassName: 'cleanup-sessions-uploads',
        cronExpression: '0 0 3 * * ?',
        parameter: { tokenDays: 30 },
        status: -1,
      }),
    ).result;
    const res = await api(t.app, admin, { method: 'GET', url: `/sys/quartzJob/execute?id=${id}` });
    expect(body(res)).toMatchObject({ success: true, message: QUARTZ_TEXT.executed });
    const runs = await settled(t.app, admin, id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ triggerType: 'manual', result: 'success', result_dictText: '成功' });
    expect(runs[0]!.message).toMatch(/^清理会话 \d+ 条，未完成上传 0 个$/);
    const left = await db.selectFrom('sysUserToken').select('id').where('id', 'in', ['q-revoked', 'q-live']).execute();
    expect(left.map((r) => r.id)).toEqual(['q-live']);
    // POST with the id in the body is accepted too; an unknown id changes nothing.
    const post = await api(t.app, admin, { method: 'POST', url: '/sys/quartzJob/execute', payload: { id } });
    expect(body(post).success).toBe(true);
    expect(await settled(t.app, admin, id, 2)).toHaveLength(2);
    const unknown = await api(t.app, admin, { method: 'GET', url: '/sys/quartzJob/execute?id=nope' });
    expect(body(unknown)).toMatchObject({ success: false, message: ADMIN_TEXT.notFound });
    const guestRun = await api(t.app, guest, { method: 'GET', url: `/sys/quartzJob/execute?id=${id}` });
    expect(guestRun.statusCode).toBe(403);
    expect(await runsOf(t.app, admin, id)).toHaveLength(2);
  });

  it('a scheduled export queues a task-centre export for the job’s creator', async () => {
    const id = body<string>(
      await add({
        jobClassName: 'scheduled-export',
        cronExpression: '0 0 3 * * ?',
        parameter: { url: '/bi/workOrder/exportXls', name: '工单定时导出' },
        status: -1,
      }),
    ).result;
    await api(t.app, admin, { method: 'GET', url: `/sys/quartzJob/execute?id=${id}` });
    const runs = await settled(t.app, admin, id);
    expect(runs[0]).toMatchObject({ result: 'success', message: '已加入任务中心：工单定时导出' });
    const task = await t.handle.db
      .selectFrom('asyncTask')
      .select(['title', 'createBy', 'kind'])
      .where('title', '=', '工单定时导出')
      .executeTakeFirst();
    expect(task).toEqual({ title: '工单定时导出', createBy: adminId, kind: 'export' });
  });

  it('fires a running job at its fire times in process, not while paused, again after resume', async () => {
    sent.length = 0;
    const id = body<string>(
      await add({
        jobClassName: 'sample-notice',
        cronExpression: '* * * * * ?',
        parameter: { userIds: [adminId], text: '每秒通知' },
      }),
    ).result;
    const fired = await settled(t.app, admin, id, 2, 4000);
    expect(fired.length).toBeGreaterThanOrEqual(2);
    expect(fired.every((r) => r.triggerType === 'schedule' && r.result === 'success')).toBe(true);
    expect(new Set(fired.map((r) => r.fireTime)).size).toBe(fired.length);
    expect(sent.some((s) => s.message.msgTxt === '每秒通知' && s.userIds[0] === adminId)).toBe(true);

    const paused = await api(t.app, admin, { method: 'GET', url: `/sys/quartzJob/pause?id=${id}` });
    expect(body(paused)).toMatchObject({ success: true, message: QUARTZ_TEXT.paused });
    // Nothing is claimed once the pause is stored: a fire time (every second) passes without a run.
    const atPause = (await runsOf(t.app, admin, id)).length;
    await sleep(1300);
    expect((await runsOf(t.app, admin, id)).length).toBe(atPause);
    const job = body<QuartzJobRecord>(
      await api(t.app, admin, { method: 'GET', url: `/sys/quartzJob/queryById?id=${id}` }),
    );
    expect(job.result).toMatchObject({ status: -1, nextFireTime: null });

    const resumed = await api(t.app, admin, { method: 'POST', url: `/sys/quartzJob/resume?id=${id}` });
    expect(body(resumed)).toMatchObject({ success: true, message: QUARTZ_TEXT.resumed });
    expect((await settled(t.app, admin, id, atPause + 1, 3000)).length).toBeGreaterThan(atPause);
    await api(t.app, admin, { method: 'GET', url: `/sys/quartzJob/pause?id=${id}` });
    const ops = await t.handle.db.selectFrom('operateLog').select('content').where('relateId', '=', id).execute();
    expect(ops.map((o) => o.content)).toEqual(expect.arrayContaining(['暂停定时任务', '启动定时任务']));
  }, 15_000);
});

describe('scheduled jobs: runs left 执行中 by a killed instance (injected clock)', () => {
  let t: TestContext;
  let second: FastifyInstance | null = null;
  let handle: DbHandle | null = null;

  beforeAll(async () => {
    t = await createTestApp({ build: { realtime: hub } });
  });
  afterAll(async () => {
    await second?.close();
    await handle?.close();
    await t.close();
  });

  it('the next instance ends them as interrupted after 15 minutes; younger ones and misfire claims stay', async () => {
    const db = t.handle.db;
    const t0 = Date.parse('2032-05-01T00:00:00Z');
    t.clock.now = t0;
    const admin = await login(t.app, 'admin');
    const added = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/quartzJob/add',
      payload: { jobClassName: 'cleanup-sessions-uploads', cronExpression: '0 0 3 1 1 ? 2099', status: -1 },
    });
    const jobId = body<string>(added).result;
    expect(jobId).toEqual(expect.any(String));
    const now = t0 + 3600_000;
    const run = (id: string, fireTime: number, startTime: number | null, triggerType: string) => ({
      id,
      jobId,
      fireTime: iso(fireTime),
      triggerType,
      startTime: startTime === null ? null : iso(startTime),
      endTime: null,
      result: 'running',
      message: null,
      instanceId: startTime === null ? null : 'killed-instance',
      createBy: null,
    });
    await db
      .insertInto('sysQuartzJobRun')
      .values([
        run('stale-started', now - 20 * 60_000, now - 20 * 60_000, 'schedule'),
        run('stale-claimed', now - 16 * 60_000, null, 'manual'),
        run('young-started', now - 60_000, now - 60_000, 'schedule'),
        run('misfire-claimed', now - 30 * 60_000, null, 'misfire'),
      ])
      .execute();
    // An instance starts an hour later: its first tick looks for them.
    handle = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    second = await buildApp(t.config, { database: handle, logger: false, realtime: hub, services: { now: () => now } });
    await second.ready();
    const rows = await db
      .selectFrom('sysQuartzJobRun')
      .select(['id', 'result', 'endTime', 'message'])
      .where('jobId', '=', jobId)
      .orderBy('id')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.result]))).toEqual({
      'misfire-claimed': 'running',
      'stale-claimed': 'failure',
      'stale-started': 'failure',
      'young-started': 'running',
    });
    const ended = rows.find((r) => r.id === 'stale-started');
    expect(ended).toMatchObject({ endTime: iso(now), message: QUARTZ_TEXT.runInterrupted });
    // The run log shows them ended, with the reason.
    const logged = await runsOf(second, await login(second, 'admin'), jobId);
    expect(logged.find((r) => r.id === 'stale-claimed')).toMatchObject({ result: 'failure' });
  });
});

describe('scheduled jobs: misfires at start follow the job’s policy (injected clock)', () => {
  let t: TestContext;
  let second: FastifyInstance | null = null;
  let handle: DbHandle | null = null;

  beforeAll(async () => {
    t = await createTestApp({ build: { realtime: hub } });
  });
  afterAll(async () => {
    await second?.close();
    await handle?.close();
    await t.close();
  });

  it('fire-once-now runs once for every missed fire, skip logs them skipped; both go on after now', async () => {
    const db = t.handle.db;
    const t0 = Date.parse('2031-03-01T00:00:00Z');
    t.clock.now = t0;
    const admin = await login(t.app, 'admin');
    const adminId = await userIdOf(db, 'admin');
    const add = async (payload: Record<string, unknown>) =>
      body<string>(await api(t.app, admin, { method: 'POST', url: '/sys/quartzJob/add', payload })).result;
    const daily = '0 0 3 * * ?';
    const once = await add({ jobClassName: 'cleanup-sessions-uploads', cronExpression: daily });
    const skip = await add({
      jobClassName: 'sample-notice',
      cronExpression: daily,
      parameter: { userIds: [adminId], text: '早' },
    });
    const overridden = await add({
      jobClassName: 'cleanup-sessions-uploads',
      cronExpression: daily,
      misfirePolicy: 'skip',
    });
    // Every second: too many missed fires to count; the one run is logged under the latest (the start instant).
    const frequent = await add({ jobClassName: 'cleanup-sessions-uploads', cronExpression: '* * * * * ?' });
    expect(once && skip && overridden && frequent).toBeTruthy();
    // No instance ran for three days and an hour (until 09:00 Shanghai on the 4th); then one starts.
    const later = t0 + 3 * 86400_000 + 3600_000;
    handle = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    second = await buildApp(t.config, {
      database: handle,
      logger: false,
      realtime: hub,
      services: { now: () => later },
    });
    await second.ready();
    const runsIn = async (jobId: string) => {
      for (let i = 0; i < 100; i++) {
        const rows = await db.selectFrom('sysQuartzJobRun').selectAll().where('jobId', '=', jobId).execute();
        if (rows.length > 0 && rows.every((r) => r.result !== 'running')) return rows;
        await sleep(50);
      }
      return db.selectFrom('sysQuartzJobRun').selectAll().where('jobId', '=', jobId).execute();
    };
    const onceRuns = await runsIn(once);
    expect(onceRuns).toHaveLength(1);
    // The latest missed fire: 03:00 Shanghai on the 4th.
    expect(onceRuns[0]).toMatchObject({
      triggerType: 'misfire',
      result: 'success',
      fireTime: '2031-03-03T19:00:00.000Z',
    });
    expect(onceRuns[0]!.message).toMatch(/^错过 3 次执行，已补执行一次；清理会话/);
    const skipRuns = await runsIn(skip);
    expect(skipRuns).toHaveLength(1);
    expect(skipRuns[0]).toMatchObject({
      triggerType: 'misfire',
      result: 'skipped',
      fireTime: '2031-03-03T19:00:00.000Z',
      message: '错过 3 次执行，按策略跳过',
    });
    expect(sent.some((m) => m.message.msgTxt === '早')).toBe(false);
    expect((await runsIn(overridden))[0]).toMatchObject({ result: 'skipped' });
    for (const id of [once, skip, overridden]) {
      const job = await db
        .selectFrom('sysQuartzJob')
        .select(['nextFireTime', 'lastFireTime'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ nextFireTime: '2031-03-04T19:00:00.000Z', lastFireTime: '2031-03-03T19:00:00.000Z' });
    }
    const frequentRuns = await runsIn(frequent);
    expect(frequentRuns).toHaveLength(1);
    expect(frequentRuns[0]).toMatchObject({ triggerType: 'misfire', result: 'success', fireTime: iso(later) });
    expect(frequentRuns[0]!.message).toMatch(/^错过 1000\+ 次执行，已补执行一次；清理会话/);
    expect(
      await db
        .selectFrom('sysQuartzJob')
        .select(['nextFireTime', 'lastFireTime'])
        .where('id', '=', frequent)
        .executeTakeFirstOrThrow(),
    ).toEqual({ nextFireTime: iso(later + 1000), lastFireTime: iso(later) });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
// CI's PostgreSQL pass sets both; elsewhere the reason shows in the suite's name.
const twoSuite = `scheduled jobs on two instances (PostgreSQL + Redis)${
  redisUrl && pgUrl ? '' : ' — skipped: TEST_DATABASE_URL and TEST_REDIS_URL are not both set'
}`;

describe.skipIf(!redisUrl || !pgUrl)(twoSuite, () => {
  let t: TestContext;
  let second: { app: FastifyInstance; handle: DbHandle };
  const taskQueue = `houtai-test-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    t = await createTestApp({ build: { realtime: hub }, config: { redisUrl: redisUrl ?? null, taskQueue } });
    const handle = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    const app = await buildApp(t.config, { database: handle, logger: false, realtime: hub });
    await app.ready();
    second = { app, handle };
  });
  afterAll(async () => {
    await second.app.close();
    await second.handle.close();
    await t.close();
    // This run's queues only.
    for (const name of [`${taskQueue}-quartz`, taskQueue]) {
      const connection = new Redis(redisUrl!, { maxRetriesPerRequest: null });
      const q = new Queue(name, { connection });
      await q.obliterate({ force: true }).catch(() => undefined);
      await q.close();
      connection.disconnect();
    }
  });

  it('a 0/5 job fires once per fire time across both instances, not while paused, again after resume', async () => {
    expect(t.app.quartz.mode).toBe('bullmq');
    expect(second.app.quartz.mode).toBe('bullmq');
    const instances = [t.app.quartz.instanceId, second.app.quartz.instanceId];
    const admin = await login(t.app, 'admin');
    const adminId = await userIdOf(t.handle.db, 'admin');
    const FIVE = 5000;
    const boundaryAfter = (ms: number) => Math.floor(ms / FIVE) * FIVE + FIVE;
    const sleepUntil = (ms: number) => sleep(Math.max(0, ms - Date.now()));
    const shanghai = (text: string) => Date.parse(`${text.replace(' ', 'T')}+08:00`);
    const nextFireOf = async (app: FastifyInstance, id: string) => {
      const r = await api(app, admin, { method: 'GET', url: `/sys/quartzJob/queryById?id=${id}` });
      return body<QuartzJobRecord>(r).result.nextFireTime;
    };
    // Room before the next fire time for the add and the pause (the test stays short: the pause covers the first).
    if (boundaryAfter(Date.now()) - Date.now() < 1500) await sleepUntil(boundaryAfter(Date.now()) + 20);

    const addedAt = Date.now();
    const res = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/quartzJob/add',
      payload: {
        jobClassName: 'sample-notice',
        cronExpression: '0/5 * * * * ?',
        parameter: { userIds: [adminId], text: '五秒' },
      },
    });
    const id = body<string>(res).result;
    // Paused through instance 2: the next fire time passes with no run on either instance.
    const pause = await api(second.app, admin, { method: 'GET', url: `/sys/quartzJob/pause?id=${id}` });
    expect(body(pause).success).toBe(true);
    const pausedAt = Date.now();
    expect(await nextFireOf(t.app, id)).toBeNull();
    const passed = boundaryAfter(pausedAt);
    // Both instances' workers take ticks (one a second): past it by more than a tick.
    await sleepUntil(passed + 1300);

    // Resumed through instance 1: fires at every fire time from the next one on, once each.
    const resumedAt = Date.now();
    expect(body(await api(t.app, admin, { method: 'GET', url: `/sys/quartzJob/resume?id=${id}` })).success).toBe(true);
    const next = shanghai((await nextFireOf(second.app, id))!);
    expect(next).toBe(boundaryAfter(resumedAt));
    const expected = [next, next + FIVE];
    await sleepUntil(expected.at(-1)! + 1300);
    const done = await settled(second.app, admin, id, expected.length, 3000);
    expect(body(await api(t.app, admin, { method: 'GET', url: `/sys/quartzJob/pause?id=${id}` })).success).toBe(true);

    const times = done.map((r) => shanghai(r.fireTime)).sort((a, b) => a - b);
    // No duplicate (the unique key holds; the database's own rows agree with the answer).
    expect(new Set(times).size).toBe(times.length);
    const rows = await t.handle.db.selectFrom('sysQuartzJobRun').select('fireTime').where('jobId', '=', id).execute();
    expect(new Set(rows.map((r) => r.fireTime)).size).toBe(rows.length);
    // Before the pause took effect only a fire time after the add could run (on a slow machine the first one may);
    // none between the pause and the resume; after the resume every fire time, no gap.
    const early = times.filter((ms) => ms <= pausedAt);
    expect(early.every((ms) => ms > addedAt)).toBe(true);
    expect(times.filter((ms) => ms > pausedAt && ms < resumedAt)).toEqual([]);
    expect(passed).toBeLessThan(resumedAt);
    expect(times.filter((ms) => ms >= resumedAt)).toEqual(expected);
    expect(done.every((r) => r.result === 'success' && r.triggerType === 'schedule')).toBe(true);
    expect(done.every((r) => instances.includes(r.instanceId ?? ''))).toBe(true);
  }, 20_000);
});
