/**
 * The task centre (/task/asyncTask/*) and the direct list export: an export runs after the add and leaves a
 * downloadable xlsx of the rows the requester may see; refusals (no permission, unknown resource, empty url, someone
 * else's upload); an import with bad rows is done with an error file naming them and the good rows written once; a
 * re-run never duplicates; a task left running becomes failed on start and can be retried; list/mine filters and
 * paging; another user's task cannot be retried. With TEST_REDIS_URL the tasks go through BullMQ.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncTaskRecord } from '@houtai/shared/contract/async-task';
import { TASK_MESSAGE_MARKER, TASK_PROGRESS_BUSINESS_TYPE } from '@houtai/shared/messaging';
import { buildApp } from '../src/app.ts';
import { readWorkbook } from '../src/excel/reader.ts';
import { cellText } from '../src/excel/header-map.ts';
import { writeXlsx } from '../src/excel/writer.ts';
import type { RealtimeHub, RealtimeMessage } from '../src/realtime/hub.ts';
import { api, body, createTestApp, login, multipart, userIdOf, type TestContext } from './helpers.ts';

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

const redisUrl = process.env.TEST_REDIS_URL;
let t: TestContext;
let work: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

type Page = { records: AsyncTaskRecord[]; total: number; current: number; size: number; pages: number };

beforeAll(async () => {
  t = await createTestApp({
    build: { realtime: hub },
    config: redisUrl ? { redisUrl, taskQueue: `houtai-test-${randomBytes(6).toString('hex')}` } : {},
  });
  work = mkdtempSync(path.join(tmpdir(), 'houtai-task-test-'));
  for (const u of ['admin', 'zhangsan', 'lisi', 'guest']) {
    tokens[u] = await login(t.app, u);
    ids[u] = await userIdOf(t.handle.db, u);
  }
  await t.handle.db.deleteFrom('biWorkOrderLog').execute();
  await t.handle.db.deleteFrom('biWorkOrder').execute();
  for (const [user, title] of [
    ['zhangsan', '张三的工单一'],
    ['zhangsan', '=cmd|张三的工单二'],
    ['zhangsan', '张三的工单三'],
    ['lisi', '李四的工单'],
  ] as const) {
    const res = await api(t.app, tokens[user]!, { method: 'POST', url: '/bi/workOrder/add', payload: { title } });
    expect(body(res).success).toBe(true);
  }
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

function add(user: string, payload: Record<string, unknown>) {
  return api(t.app, tokens[user]!, { method: 'POST', url: '/task/asyncTask/add', payload });
}

function retry(user: string, id: string) {
  return api(t.app, tokens[user]!, { method: 'POST', url: '/task/asyncTask/retry', payload: { id } });
}

async function mine(user: string, query = ''): Promise<Page> {
  const res = await api(t.app, tokens[user]!, { method: 'GET', url: `/task/asyncTask/list/mine?${query}` });
  expect(res.statusCode).toBe(200);
  return body<Page>(res).result;
}

async function settled(user: string, id: string): Promise<AsyncTaskRecord> {
  for (let i = 0; i < 200; i++) {
    const row = (await mine(user, 'pageSize=1000')).records.find((r) => r.id === id);
    if (row && row.status !== '1') return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`task ${id} did not finish`);
}

async function download(user: string, stored: string): Promise<string> {
  const res = await api(t.app, tokens[user]!, { method: 'GET', url: `/sys/common/static/${stored}` });
  expect(res.statusCode).toBe(200);
  const file = path.join(work, `${randomBytes(4).toString('hex')}.xlsx`);
  writeFileSync(file, res.rawPayload);
  return file;
}

async function rowsOf(file: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of readWorkbook(file)) rows.push(row.values.map((v) => cellText(v)));
  return rows;
}

async function xlsxOf(rows: Record<string, unknown>[]): Promise<Buffer> {
  const file = path.join(work, `${randomBytes(4).toString('hex')}.xlsx`);
  await writeXlsx(
    file,
    [
      { key: 'title', title: '标题', type: 'string' },
      { key: 'content', title: '内容', type: 'string' },
      { key: 'priority', title: '优先级', type: 'string' },
    ],
    rows,
  );
  return readFileSync(file);
}

async function uploadXlsx(user: string, rows: Record<string, unknown>[]): Promise<string> {
  const file = path.join(work, `${randomBytes(4).toString('hex')}.xlsx`);
  await writeXlsx(
    file,
    [
      { key: 'title', title: '标题', type: 'string' },
      { key: 'content', title: '内容', type: 'string' },
      { key: 'priority', title: '优先级', type: 'string' },
    ],
    rows,
  );
  const { payload, headers } = multipart({ name: '工单导入.xlsx', content: readFileSync(file) });
  const res = await api(t.app, tokens[user]!, { method: 'POST', url: '/sys/common/upload', payload, headers });
  const b = body<string>(res);
  expect(b.success, b.message).toBe(true);
  return b.message;
}

async function countTitles(prefix: string): Promise<number> {
  const rows = await t.handle.db
    .selectFrom('biWorkOrder')
    .select('title')
    .where('title', 'like', `${prefix}%`)
    .execute();
  return rows.length;
}

describe('export tasks', () => {
  it('runs after the add and leaves an xlsx of the rows the requester may see', async () => {
    const res = await add('zhangsan', { url: '/bi/workOrder/exportXls', name: '我的工单导出', params: {} });
    const b = body<string>(res);
    expect(b.success, b.message).toBe(true);
    const task = await settled('zhangsan', b.result);
    expect(task).toMatchObject({ status: '2', status_dictText: '已完成', title: '我的工单导出' });
    expect(task.downloadUrl).toMatch(/^task\//);
    expect(task.duration).toBeGreaterThanOrEqual(0);
    const rows = await rowsOf(await download('zhangsan', task.downloadUrl!));
    expect(rows[0]!.slice(0, 3)).toEqual(['工单号', '标题', '内容']);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['=cmd|张三的工单二', '张三的工单一', '张三的工单三'].sort());
    // The file is the requester's: another user does not get it.
    const other = await api(t.app, tokens.lisi!, { method: 'GET', url: `/sys/common/static/${task.downloadUrl}` });
    expect(other.statusCode).not.toBe(200);
    const about = sent.filter((s) => s.message.msgId === b.result);
    const notice = about.find((s) => s.message.msgTxt?.startsWith(TASK_MESSAGE_MARKER));
    expect(notice?.userIds).toEqual([ids.zhangsan]);
    expect(notice?.message).toMatchObject({ cmd: 'user', status: 2 });
    // The progress went to the requester alone, silently (its own business type, the percent as text), before
    // the end.
    const progress = about.filter((s) => s.message.businessType === TASK_PROGRESS_BUSINESS_TYPE);
    expect(progress.length).toBeGreaterThan(0);
    for (const p of progress) {
      expect(p.userIds).toEqual([ids.zhangsan]);
      expect(p.message).toMatchObject({ cmd: 'user', status: 1, msgTxt: expect.stringMatching(/^\d{1,2}$/) as string });
      expect(sent.indexOf(p)).toBeLessThan(sent.indexOf(notice!));
    }
  });

  it('applies the list filters from params', async () => {
    const b = body<string>(
      await add('admin', {
        url: '/bi/workOrder/exportXls',
        name: '筛选导出',
        params: JSON.stringify({ title: '李四' }),
      }),
    );
    const task = await settled('admin', b.result);
    expect(task.status).toBe('2');
    const rows = await rowsOf(await download('admin', task.downloadUrl!));
    expect(rows.slice(1).map((r) => r[1])).toEqual(['李四的工单']);
  });

  it('refuses a resource the user may not see, an unknown resource and an empty url', async () => {
    const denied = await add('guest', { url: '/bi/workOrder/exportXls', name: 'x' });
    expect(denied.statusCode).toBe(403);
    const unknown = await add('zhangsan', { url: '/sys/role/exportXls', name: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe('不支持的导出类型');
    const byName = await add('zhangsan', { url: '/x', module: 'sys', method: 'nope', name: 'x' });
    expect(body(byName).message).toBe('不支持的导出类型');
    expect(body(await add('zhangsan', { url: '', name: 'x' })).message).toBe('导出接口地址不能为空!');
  });

  it('GET /bi/workOrder/exportXls streams the visible rows, optionally only the selected ones', async () => {
    const res = await api(t.app, tokens.zhangsan!, { method: 'GET', url: '/bi/workOrder/exportXls' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const file = path.join(work, 'direct.xlsx');
    writeFileSync(file, res.rawPayload);
    expect((await rowsOf(file)).length).toBe(4);
    const one = await t.handle.db
      .selectFrom('biWorkOrder')
      .select('id')
      .where('title', '=', '张三的工单一')
      .executeTakeFirstOrThrow();
    const lisiOrder = await t.handle.db
      .selectFrom('biWorkOrder')
      .select('id')
      .where('title', '=', '李四的工单')
      .executeTakeFirstOrThrow();
    const sel = await api(t.app, tokens.zhangsan!, {
      method: 'GET',
      url: `/bi/workOrder/exportXls?selections=${one.id},${lisiOrder.id}`,
    });
    writeFileSync(file, sel.rawPayload);
    expect((await rowsOf(file)).slice(1).map((r) => r[1])).toEqual(['张三的工单一']);
    expect((await api(t.app, tokens.guest!, { method: 'GET', url: '/bi/workOrder/exportXls' })).statusCode).toBe(403);
  });
});

describe('import tasks', () => {
  let importTask = '';

  it('imports the good rows once and names the bad ones in an error file', async () => {
    const rows: Record<string, unknown>[] = [];
    for (let i = 1; i <= 7; i++)
      rows.push({ title: `导入工单${i}`, content: `内容${i}`, priority: i % 2 ? '高' : 'L' });
    rows.splice(2, 0, { title: '', content: '没有标题', priority: '中' }); // row 4
    rows.splice(5, 0, { title: '导入工单坏优先级', content: '', priority: '超高' }); // row 7
    rows.push({ title: `导入工单${'长'.repeat(120)}`, content: '', priority: 'M' }); // row 11
    const stored = await uploadXlsx('zhangsan', rows);
    const b = body<string>(
      await add('zhangsan', {
        businessType: 'WORK_ORDER',
        name: '工单导入',
        importUrl: stored,
        url: '/bi/workOrder/importExcel',
      }),
    );
    expect(b.success, b.message).toBe(true);
    importTask = b.result;
    const task = await settled('zhangsan', importTask);
    expect(task.status).toBe('2');
    expect(task.content).toContain('成功 7 行');
    expect(task.content).toContain('失败 3 行');
    const errors = await rowsOf(await download('zhangsan', task.downloadUrl!));
    expect(errors[0]!.slice(0, 2)).toEqual(['行号', '错误信息']);
    expect(errors.slice(1).map((r) => r[0])).toEqual(['4', '7', '11']);
    expect(await countTitles('导入工单')).toBe(7);
    const imported = await t.handle.db
      .selectFrom('biWorkOrder')
      .select(['reporterId', 'priority'])
      .where('title', '=', '导入工单1')
      .executeTakeFirstOrThrow();
    expect(imported).toEqual({ reporterId: ids.zhangsan, priority: 'H' });
  });

  it('a re-run of the import (after a crash) never writes a row twice', async () => {
    await t.handle.db.updateTable('asyncTask').set({ status: '3' }).where('id', '=', importTask).execute();
    expect(body(await retry('zhangsan', importTask)).success).toBe(true);
    const task = await settled('zhangsan', importTask);
    expect(task.status).toBe('2');
    expect(await countTitles('导入工单')).toBe(7);
  });

  it("refuses someone else's upload, an empty url and an unknown type", async () => {
    const stored = await uploadXlsx('zhangsan', [{ title: '别人的文件', content: '', priority: 'M' }]);
    const res = await add('lisi', { businessType: 'WORK_ORDER', name: 'x', importUrl: stored });
    expect(body(res).success).toBe(false);
    expect(body(res).message).toBe('导入文件不存在或无权使用');
    expect(body(await add('lisi', { businessType: 'WORK_ORDER', name: 'x', importUrl: '' })).message).toBe(
      '导入接口地址不能为空',
    );
    const unknown = await add('zhangsan', { businessType: 'NOPE', name: 'x', importUrl: stored, url: '/x/import' });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe('不支持的导入类型');
    expect((await add('guest', { businessType: 'WORK_ORDER', name: 'x', importUrl: stored })).statusCode).toBe(403);
  });
});

describe('POST /bi/workOrder/importExcel (synchronous)', () => {
  it('imports the good rows and answers code 201 with the error file when rows were rejected', async () => {
    const content = await xlsxOf([
      { title: '同步导入一', content: '', priority: 'H' },
      { title: '', content: '缺标题', priority: 'M' },
      { title: '同步导入二', content: '', priority: '' },
    ]);
    const { payload, headers } = multipart({ name: '同步.xlsx', content });
    const res = await api(t.app, tokens.zhangsan!, {
      method: 'POST',
      url: '/bi/workOrder/importExcel',
      payload,
      headers,
    });
    const b = body<string>(res);
    expect(b).toMatchObject({ success: true, code: 201 });
    expect(b.result).toMatch(/^task\//);
    const errors = await rowsOf(await download('zhangsan', b.result));
    expect(errors.slice(1).map((r) => r[0])).toEqual(['3']);
    expect(await countTitles('同步导入')).toBe(2);
    const clean = multipart({
      name: '干净.xlsx',
      content: await xlsxOf([{ title: '同步导入三', content: '', priority: 'L' }]),
    });
    const okRes = await api(t.app, tokens.zhangsan!, { method: 'POST', url: '/bi/workOrder/importExcel', ...clean });
    expect(body(okRes)).toMatchObject({ success: true, code: 200 });
    expect(await countTitles('同步导入')).toBe(3);
    const denied = multipart({ name: 'x.xlsx', content });
    expect(
      (await api(t.app, tokens.guest!, { method: 'POST', url: '/bi/workOrder/importExcel', ...denied })).statusCode,
    ).toBe(403);
  });
});

describe('retry and list', () => {
  it("another user's task cannot be retried; a done task cannot be retried", async () => {
    const failed = body<string>(await add('zhangsan', { url: '/bi/workOrder/exportXls', name: '将失败' })).result;
    await settled('zhangsan', failed);
    await t.handle.db.updateTable('asyncTask').set({ status: '3' }).where('id', '=', failed).execute();
    expect(body(await retry('lisi', failed))).toMatchObject({ success: false, message: '任务不存在' });
    const done = (await mine('zhangsan', 'status=2')).records[0]!;
    expect(body(await retry('zhangsan', done.id))).toMatchObject({ success: false, message: '只有失败的任务可以重试' });
    expect(body(await retry('zhangsan', failed)).success).toBe(true);
    expect((await settled('zhangsan', failed)).status).toBe('2');
  });

  it('list/mine: own tasks only, title and status filters, paging, newest first', async () => {
    const all = await mine('zhangsan', 'pageSize=1000');
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.records.every((r) => r.id)).toBe(true);
    const times = all.records.map((r) => r.createTime ?? '');
    expect([...times].sort().reverse()).toEqual(times);
    expect((await mine('lisi', 'pageSize=1000')).records.some((r) => all.records.some((a) => a.id === r.id))).toBe(
      false,
    );
    const byTitle = await mine('zhangsan', 'title=*导入*');
    expect(byTitle.records.map((r) => r.title)).toEqual(['工单导入']);
    expect((await mine('zhangsan', 'status=3')).total).toBe(0);
    const page2 = await mine('zhangsan', 'pageSize=1&pageNo=2');
    expect(page2).toMatchObject({ current: 2, size: 1, total: all.total });
    expect(page2.records[0]!.id).toBe(all.records[1]!.id);
    expect(Object.keys(page2.records[0]!).sort()).toEqual(
      [
        'content',
        'createTime',
        'downloadUrl',
        'duration',
        'endTime',
        'id',
        'progress',
        'startTime',
        'status',
        'status_dictText',
        'title',
      ].sort(),
    );
  });

  // In-process runner only: on BullMQ a stalled job is re-delivered to another worker and run again, not failed at
  // start (the SIGKILL test in async-task-kill.test.ts covers a crash end to end).
  it.skipIf(!!redisUrl)('a task left running becomes failed on start and can be retried', async () => {
    const id = `left${randomBytes(8).toString('hex')}`;
    const at = new Date().toISOString();
    await t.handle.db
      .insertInto('asyncTask')
      .values({
        id,
        title: '中断的导出',
        kind: 'export',
        module: 'bi',
        method: 'workOrderExport',
        url: '/bi/workOrder/exportXls',
        params: '{}',
        status: '1',
        createBy: ids.zhangsan!,
        createTime: at,
        updateTime: at,
        businessType: null,
        progress: 40,
        content: null,
        startTime: at,
        endTime: null,
        duration: null,
        downloadUrl: null,
        errorFile: null,
        sourceFile: null,
        attempts: 1,
      })
      .execute();
    // A second start of the server on the same database.
    const again = await buildApp(t.config, { database: t.handle, logger: false, realtime: hub });
    await again.ready();
    await again.close();
    const row = (await mine('zhangsan', 'pageSize=1000')).records.find((r) => r.id === id)!;
    expect(row).toMatchObject({ status: '3', content: '服务重启，任务已中断，请重试' });
    expect(body(await retry('zhangsan', id)).success).toBe(true);
    expect((await settled('zhangsan', id)).status).toBe('2');
  });
});
