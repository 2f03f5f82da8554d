/**
 * The work-order export's keyset paging and the import's numbering: every visible row exactly once and in the
 * list's order across page boundaries, also where more rows share a create time than a page holds; the caller's
 * visibility and filters; rows without a create time last; times as the wire shows them. An import's batch takes
 * the day's next numbers in row order, each order with its 创建 line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkOrderAddBody } from '@houtai/shared/contract/work-order';
import type { WorkOrderRecord } from '@houtai/shared/contract/work-order-rules';
import { toWireTime } from '../src/lib/time.ts';
import { wireTimeConverter, type WorkOrderExportRecord } from '../src/modules/work-order/work-order.presenter.ts';
import {
  insertImportedWorkOrders,
  workOrderCallerOf,
  workOrderExportPages,
  workOrderListFilter,
} from '../src/modules/work-order/work-order.service.ts';
import { api, body, createTestApp, login, userIdOf, type TestContext } from './helpers.ts';

let t: TestContext;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

type Page = { records: WorkOrderRecord[]; total: number };

/**
 * 600 orders with a create time: 120, then 100 sharing one (more than a page each), then 380 one second apart; 3
 * without; every 30th deleted.
 */
const ROWS = 600;
const BASE = Date.parse('2024-03-01T00:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'zhangsan', 'lisi']) {
    tokens[u] = await login(t.app, u);
    ids[u] = await userIdOf(t.handle.db, u);
  }
  await t.handle.db.deleteFrom('biWorkOrderLog').execute();
  await t.handle.db.deleteFrom('biWorkOrder').execute();
  const rows = Array.from({ length: ROWS + 3 }, (_, k) => {
    const at = k < 600 ? BASE + (k < 220 ? Math.floor(k / 120) * 1000 : k * 1000) : null;
    return {
      id: `${(k * 7919) % 1000}`.padStart(3, '0') + `-${k}`,
      orderNo: `T-${String(k).padStart(4, '0')}`,
      title: `导出测试 ${k}`,
      content: k % 3 === 0 ? null : `内容 ${k}`,
      priority: ['L', 'M', 'H'][k % 3]!,
      status: k % 4 === 3 ? '3' : '0',
      reporterId: k % 2 === 0 ? ids.zhangsan! : ids.lisi!,
      assigneeId: k % 5 === 0 ? ids.admin! : null,
      closedBy: k % 4 === 3 ? ids.admin! : null,
      closedTime: k % 4 === 3 ? new Date(BASE + 86_400_000).toISOString() : null,
      closeNote: null,
      attachments: null,
      createBy: 'test',
      createTime: at === null ? null : new Date(at).toISOString(),
      updateBy: null,
      updateTime: null,
      // Every 30th is deleted: never exported.
      delFlag: k % 30 === 29 ? 1 : 0,
    };
  });
  for (let i = 0; i < rows.length; i += 100) {
    await t.handle.db
      .insertInto('biWorkOrder')
      .values(rows.slice(i, i + 100))
      .execute();
  }
});
afterAll(async () => {
  await t.close();
});

async function listed(user: string, query = ''): Promise<WorkOrderRecord[]> {
  const out: WorkOrderRecord[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const res = await api(t.app, tokens[user]!, {
      method: 'GET',
      url: `/bi/workOrder/list?pageSize=200&pageNo=${pageNo}${query ? `&${query}` : ''}`,
    });
    const page = body<Page>(res).result;
    out.push(...page.records);
    if (out.length >= page.total) return out;
  }
}

async function exported(user: string, q: Parameters<typeof workOrderListFilter>[0] = {}, pageSize = 50) {
  const caller = await workOrderCallerOf(t.handle.db, t.app.permissionCodes, ids[user]!);
  if (!caller) throw new Error('no caller');
  const pages: WorkOrderExportRecord[][] = [];
  for await (const page of workOrderExportPages(t.handle.db, workOrderListFilter(q, caller), pageSize)) {
    pages.push(page);
  }
  return pages;
}

describe('work-order export (keyset pages)', () => {
  it('has every visible row exactly once, in the list order, across pages and ties larger than a page', async () => {
    const pages = await exported('admin');
    const rows = pages.flat();
    expect(pages.length).toBeGreaterThan(10);
    const numbers = rows.map((r) => r.orderNo);
    expect(new Set(numbers).size).toBe(numbers.length);
    const list = await listed('admin');
    // The timed rows in the list's own order, then the three without a create time (by number, newest first).
    const timed = list.filter((r) => r.createTime !== null).map((r) => r.orderNo);
    expect(numbers.slice(0, timed.length)).toEqual(timed);
    expect(numbers.slice(timed.length)).toEqual(['T-0602', 'T-0601', 'T-0600']);
    expect(numbers.length).toBe(list.length);
    expect(numbers).not.toContain('T-0029');
  });

  it('gives the same rows whatever the page size', async () => {
    const small = (await exported('admin', {}, 7)).flat().map((r) => r.orderNo);
    const large = (await exported('admin', {}, 1000)).flat().map((r) => r.orderNo);
    expect(small).toEqual(large);
  });

  it("keeps to the caller's visibility and the list's filters", async () => {
    const own = (await exported('lisi')).flat().map((r) => r.orderNo);
    const list = (await listed('lisi')).filter((r) => r.createTime !== null).map((r) => r.orderNo);
    expect(own.slice(0, list.length)).toEqual(list);
    expect(own.every((n) => Number(n.slice(2)) % 2 === 1)).toBe(true);
    const closed = (await exported('admin', { status: '3', priority: 'L' })).flat();
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((r) => r.status_dictText === '已关闭' && r.priority_dictText === '低')).toBe(true);
  });

  it('shows labels, names and wire times as the list does', async () => {
    const rows = (await exported('admin')).flat();
    const list = new Map((await listed('admin')).map((r) => [r.orderNo, r]));
    for (const r of rows) {
      const l = list.get(r.orderNo)!;
      expect(r).toEqual({
        orderNo: l.orderNo,
        title: l.title,
        content: l.content,
        priority_dictText: l.priority_dictText,
        status_dictText: l.status_dictText,
        reporterId_dictText: l.reporterId_dictText,
        assigneeId_dictText: l.assigneeId_dictText,
        createTime: l.createTime,
        closedBy_dictText: l.closedBy_dictText,
        closedTime: l.closedTime,
      });
    }
  });

  it('wireTimeConverter answers as toWireTime', () => {
    const wire = wireTimeConverter();
    for (const v of [
      null,
      '',
      '2024-03-01T16:59:59.999Z',
      '2024-12-31T16:00:00.000Z',
      '2024-02-29T23:30:05.000Z',
      '2024-02-30T10:00:00.000Z',
      '2024-01-01T25:00:00.000Z',
      '2024-01-01T10:61:00.000Z',
      '2024-01-01 10:00:00',
      '2024-01-01T10:00:00+08:00',
      'garbage',
    ]) {
      expect([v, wire(v)]).toEqual([v, toWireTime(v)]);
      expect([v, wire(v)]).toEqual([v, toWireTime(v)]);
    }
  });
});

describe('imported work orders', () => {
  it("take the day's next numbers in row order, each with its 创建 line", async () => {
    const caller = await workOrderCallerOf(t.handle.db, t.app.permissionCodes, ids.zhangsan!);
    const now = Date.parse('2030-01-02T03:00:00.000Z');
    const prefix = 'GD20300102-';
    await t.handle.db.insertInto('biWorkOrderSeq').values({ prefix, lastNo: 7 }).execute();
    const bodies = ['一', '二', '三'].map((n) => WorkOrderAddBody.parse({ title: `导入${n}`, priority: 'H' }));
    const first = await t.handle.db.transaction().execute((trx) => insertImportedWorkOrders(trx, bodies, caller!, now));
    const second = await t.handle.db
      .transaction()
      .execute((trx) => insertImportedWorkOrders(trx, bodies.slice(0, 2), caller!, now));
    const orders = await t.handle.db
      .selectFrom('biWorkOrder')
      .selectAll()
      .where('id', 'in', [...first, ...second])
      .execute();
    const byId = new Map(orders.map((o) => [o.id, o]));
    expect([...first, ...second].map((id) => [byId.get(id)!.orderNo, byId.get(id)!.title])).toEqual([
      [`${prefix}0008`, '导入一'],
      [`${prefix}0009`, '导入二'],
      [`${prefix}0010`, '导入三'],
      [`${prefix}0011`, '导入一'],
      [`${prefix}0012`, '导入二'],
    ]);
    expect(orders.every((o) => o.reporterId === ids.zhangsan && o.status === '0' && o.priority === 'H')).toBe(true);
    expect(orders.every((o) => o.createTime === new Date(now).toISOString() && o.createBy === 'zhangsan')).toBe(true);
    const seq = await t.handle.db
      .selectFrom('biWorkOrderSeq')
      .select('lastNo')
      .where('prefix', '=', prefix)
      .executeTakeFirstOrThrow();
    expect(Number(seq.lastNo)).toBe(12);
    const logs = await t.handle.db
      .selectFrom('biWorkOrderLog')
      .selectAll()
      .where('orderId', 'in', [...first, ...second])
      .execute();
    expect(logs.map((l) => l.orderId).sort()).toEqual([...first, ...second].sort());
    expect(logs.every((l) => l.action === 'create' && l.createBy === 'zhangsan')).toBe(true);
    // A prefix without a counter starts at 0001.
    const fresh = await t.handle.db
      .transaction()
      .execute((trx) => insertImportedWorkOrders(trx, bodies.slice(0, 1), caller!, Date.parse('2030-02-03T03:00:00Z')));
    const row = await t.handle.db
      .selectFrom('biWorkOrder')
      .select('orderNo')
      .where('id', '=', fresh[0]!)
      .executeTakeFirstOrThrow();
    expect(row.orderNo).toBe('GD20300203-0001');
  });
});
