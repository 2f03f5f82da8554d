/**
 * Remembered list answers (plugins/answer-memo.ts): a request's answer is remembered when it comes a
 * second time, and from then on a repeat is answered without running the list's queries while the database is
 * unchanged, with a fresh timestamp; a request seen once is never remembered; any write, another caller, another query text
 * or another client header gets a fresh answer; the session is still checked on every request. The same on
 * both databases (PostgreSQL's change marker is its snapshot).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@houtai/shared/contract/common';
import type { WorkOrderRecord } from '@houtai/shared/contract/work-order-rules';
import { memoUrl } from '../src/plugins/answer-memo.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'zhangsan']) tokens[u] = await login(t.app, u);
});

afterAll(async () => {
  await t?.close();
});

function list(user: string, query = 'pageNo=1&pageSize=10', headers: Record<string, string> = {}) {
  return api(t.app, tokens[user]!, { method: 'GET', url: `/bi/workOrder/list?${query}`, headers });
}

/** Statements that read work orders, executed while `run` ran. */
async function workOrderReads(run: () => Promise<unknown>): Promise<number> {
  const before = t.statements.length;
  await run();
  return t.statements.slice(before).filter((s) => /bi_work_order/.test(s.sql)).length;
}

describe('remembered list answers', () => {
  it('answers a repeat without reading the list again, with the same records and a fresh timestamp', async () => {
    const first = await list('admin');
    const firstBody = body<Page<WorkOrderRecord>>(first);
    expect(firstBody.success).toBe(true);
    // The second time the request comes, the list runs once more and its answer is remembered…
    const secondReads = await workOrderReads(() => list('admin'));
    expect(secondReads).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 5));
    // …and from the third time on it is answered from memory.
    let third = first;
    const reads = await workOrderReads(async () => {
      third = await list('admin');
    });
    const thirdBody = body<Page<WorkOrderRecord>>(third);
    expect(thirdBody.result).toEqual(firstBody.result);
    expect(thirdBody.timestamp).toBeGreaterThan(firstBody.timestamp);
    expect(third.headers['content-type']).toMatch(/^application\/json/);
    expect(reads).toBe(0);
  });

  it('a write makes the next answer fresh', async () => {
    await list('admin');
    const added = await api(t.app, tokens.admin!, {
      method: 'POST',
      url: '/bi/workOrder/add',
      payload: { title: '记忆答案测试工单', content: '', priority: 'M' },
    });
    expect(body(added).success).toBe(true);
    const after = body<Page<WorkOrderRecord>>(await list('admin'));
    expect(after.result.records.map((r) => r.title)).toContain('记忆答案测试工单');
  });

  it('another caller, another query text or another client header never gets this answer', async () => {
    const admin = body<Page<WorkOrderRecord>>(await list('admin'));
    const mine = body<Page<WorkOrderRecord>>(await list('zhangsan'));
    expect(mine.success).toBe(true);
    // zhangsan sees only the orders he reported or handles, fewer than the dispatcher.
    expect(mine.result.total).toBeLessThan(admin.result.total);
    const small = body<Page<WorkOrderRecord>>(await list('admin', 'pageNo=1&pageSize=1'));
    expect(small.result.records).toHaveLength(1);
    const reads = await workOrderReads(() => list('admin', 'pageNo=1&pageSize=10', { 'x-version': 'v3' }));
    expect(reads).toBeGreaterThan(0);
  });

  it('checks the session on every request: a signed-out token is refused though its answer was remembered', async () => {
    const token = await login(t.app, 'admin');
    const ok = await api(t.app, token, { method: 'GET', url: '/bi/workOrder/list?pageNo=1&pageSize=3' });
    expect(body(ok).success).toBe(true);
    await api(t.app, token, { method: 'POST', url: '/sys/logout', payload: {} });
    const refused = await api(t.app, token, { method: 'GET', url: '/bi/workOrder/list?pageNo=1&pageSize=3' });
    expect(refused.statusCode).toBe(401);
  });

  it('recognises a repeat whatever its cache-buster _t says (the clients add one to every GET)', async () => {
    await list('admin', 'pageNo=1&pageSize=10&_t=1700000000');
    await list('admin', 'pageNo=1&pageSize=10&_t=1700000005');
    const reads = await workOrderReads(() => list('admin', 'pageNo=1&pageSize=10&_t=1700000009'));
    expect(reads).toBe(0);
    expect(memoUrl('/a/list?pageNo=1&_t=5&pageSize=10')).toBe('/a/list?pageNo=1&pageSize=10');
    expect(memoUrl('/a/list?_t=5')).toBe('/a/list');
    expect(memoUrl('/a/list?title=_t%3D1')).toBe('/a/list?title=_t%3D1');
  });

  it('a refused request is never remembered as an answer', async () => {
    const bad = await list('admin', 'pageNo=1&column=nosuch');
    expect(body(bad).success).toBe(false);
    const again = await list('admin', 'pageNo=1&column=nosuch');
    expect(body(again).success).toBe(false);
  });
});
