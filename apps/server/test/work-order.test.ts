/**
 * Work orders (/bi/workOrder/*) and the per-user key WORK_ORDER (/sys/redis/get|set): list, filters, paging and the
 * sort allow-list; add → assign → complete → close → reopen with their permission and state refusals; the realtime
 * notices; the key's allow-list, value schema and per-user isolation; validation answered 400 in Chinese, never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrderDetail, WorkOrderRecord } from '@houtai/shared/contract/work-order-rules';
import type { RealtimeHub, RealtimeMessage } from '../src/realtime/hub.ts';
import { api, body, createTestApp, login, uploadFile, userIdOf, type TestContext } from './helpers.ts';

interface Sent {
  userIds: string[];
  message: RealtimeMessage;
}

const sent: Sent[] = [];
const recordingHub: RealtimeHub = {
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

let t: TestContext;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let demoStatuses: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ build: { realtime: recordingHub } });
  for (const u of ['admin', 'zhangsan', 'lisi', 'guest']) {
    tokens[u] = await login(t.app, u);
    ids[u] = await userIdOf(t.handle.db, u);
  }
  demoStatuses = (await t.handle.db.selectFrom('biWorkOrder').select('status').execute()).map((r) => r.status);
  // Only the orders of this file: the demo seed's are removed.
  await t.handle.db.deleteFrom('biWorkOrderLog').execute();
  await t.handle.db.deleteFrom('biWorkOrder').execute();
});
afterAll(async () => {
  await t.close();
});

type Page = { records: WorkOrderRecord[]; total: number; current: number; size: number; pages: number };

async function list(user: string, query = '') {
  return api(t.app, tokens[user]!, { method: 'GET', url: `/bi/workOrder/list${query ? `?${query}` : ''}` });
}

async function listBody(user: string, query = '') {
  const res = await list(user, query);
  expect(res.statusCode).toBe(200);
  return body<Page>(res);
}

async function add(user: string, payload: Record<string, unknown>) {
  return api(t.app, tokens[user]!, { method: 'POST', url: '/bi/workOrder/add', payload });
}

async function addOk(user: string, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const b = body<{ id: string; orderNo: string }>(await add(user, { title, content: `${title} 的内容`, ...extra }));
  expect(b.success, b.message).toBe(true);
  return b.result.id;
}

async function step(user: string, name: string, payload: Record<string, unknown>, method: 'PUT' | 'POST' = 'PUT') {
  return api(t.app, tokens[user]!, { method, url: `/bi/workOrder/${name}`, payload });
}

async function detail(user: string, id: string) {
  return body<WorkOrderDetail>(
    await api(t.app, tokens[user]!, { method: 'GET', url: `/bi/workOrder/queryById?id=${id}` }),
  );
}

describe('seed', () => {
  it('demo data has work orders in every status', () => {
    expect(new Set(demoStatuses)).toEqual(new Set(['0', '1', '2', '3']));
  });

  it('grants every work-order code to the admin role and list + add to staff', async () => {
    const codes = async (user: string) => {
      const res = await api(t.app, tokens[user]!, { method: 'GET', url: '/sys/permission/getUserPermissionByToken' });
      const auth = body<{ auth: { action: string }[] }>(res).result.auth.map((a) => a.action);
      return auth.filter((a) => a.startsWith('bi:workOrder:')).sort();
    };
    expect(await codes('admin')).toEqual([
      'bi:workOrder:add',
      'bi:workOrder:assign',
      'bi:workOrder:close',
      'bi:workOrder:list',
    ]);
    expect(await codes('zhangsan')).toEqual(['bi:workOrder:add', 'bi:workOrder:list']);
    expect(await codes('guest')).toEqual([]);
  });
});

describe('add', () => {
  it('creates a 待处理 order reported by the caller, numbered GD<day>-<nnnn>, with its history and operate log', async () => {
    const res = await add('zhangsan', { title: '  打印机无法连接  ', content: '三楼\r\n财务室', priority: 'H' });
    expect(res.statusCode).toBe(200);
    const b = body<{ id: string; orderNo: string }>(res);
    expect(b).toMatchObject({ success: true, message: '添加成功！' });
    expect(b.result.orderNo).toMatch(/^GD\d{8}-\d{4}$/);

    const d = await detail('zhangsan', b.result.id);
    expect(d.success).toBe(true);
    expect(d.result).toMatchObject({
      orderNo: b.result.orderNo,
      title: '打印机无法连接',
      content: '三楼\n财务室',
      priority: 'H',
      priority_dictText: '高',
      status: '0',
      status_dictText: '待处理',
      reporterId: ids.zhangsan,
      reporterId_dictText: '张三',
      assigneeId: null,
      assigneeId_dictText: null,
      createBy: 'zhangsan',
      version: 1,
    });
    expect(d.result.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(d.result.logs.map((l) => [l.action, l.action_dictText, l.createBy_dictText])).toEqual([
      ['create', '创建', '张三'],
    ]);

    const log = await t.handle.db
      .selectFrom('operateLog')
      .select(['content', 'operateType', 'relateId', 'username'])
      .where('relateId', '=', b.result.id)
      .executeTakeFirstOrThrow();
    expect(log).toEqual({
      content: `添加工单：${b.result.orderNo}`,
      operateType: '2',
      relateId: b.result.id,
      username: 'zhangsan',
    });
  });

  it('numbers orders created at the same time one after another without gaps or duplicates', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        add('admin', { title: `并发工单 ${i}` }).then((r) => body<{ orderNo: string }>(r)),
      ),
    );
    expect(results.every((r) => r.success)).toBe(true);
    const numbers = results.map((r) => Number(r.result.orderNo.split('-')[1])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers[5]! - numbers[0]!).toBe(5);
  });

  it('skips numbers already used by rows the counter does not know (written by hand or imported)', async () => {
    const last = body<{ orderNo: string }>(await add('admin', { title: '编号前' })).result.orderNo;
    const [prefix = '', n = '0'] = last.split(/(?<=-)/);
    const taken = `${prefix}${String(Number(n) + 1).padStart(4, '0')}`;
    const row = await t.handle.db
      .selectFrom('biWorkOrder')
      .selectAll()
      .where('orderNo', '=', last)
      .executeTakeFirstOrThrow();
    await t.handle.db
      .insertInto('biWorkOrder')
      .values({ ...row, id: 'imported1', orderNo: taken, title: '导入的工单' })
      .execute();
    const next = body<{ orderNo: string }>(await add('admin', { title: '编号后' }));
    expect(next.success).toBe(true);
    expect(next.result.orderNo).toBe(`${prefix}${String(Number(n) + 2).padStart(4, '0')}`);
  });

  it('defaults the priority to 中 and keeps an empty content', async () => {
    const id = await addOk('admin', '默认优先级', { content: undefined });
    const d = await detail('admin', id);
    expect(d.result).toMatchObject({ priority: 'M', priority_dictText: '中', content: '' });
  });

  it.each([
    [{}, '请输入标题'],
    [{ title: '   ' }, '请输入标题'],
    [{ title: 'x'.repeat(101) }, '标题不能超过100个字符'],
    [{ title: '第一行\n第二行' }, '标题不能包含换行或控制字符'],
    [{ title: { $gt: '' } }, '请输入标题'],
    [{ title: ['a', 'b'] }, '请输入标题'],
    [{ title: '正常', content: 'x'.repeat(5001) }, '内容不能超过5000个字符'],
    [{ title: '正常', content: { a: 1 } }, '内容格式不正确'],
    [{ title: '正常', priority: 'X' }, '请选择正确的优先级'],
    [{ title: '正常', priority: "H' or '1'='1" }, '请选择正确的优先级'],
  ])('refuses %j with 400 %s', async (payload, message) => {
    const res = await add('admin', payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, message });
  });

  it('refuses a body that is not an object with 400, never 500', async () => {
    for (const payload of ['[1,2]', '"text"', 'null', '{"title":']) {
      const res = await api(t.app, tokens.admin!, {
        method: 'POST',
        url: '/bi/workOrder/add',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(body(res).success).toBe(false);
    }
  });

  it('is refused without the add permission (guest: 403) and without a token (401)', async () => {
    const guest = await add('guest', { title: '访客工单' });
    expect(guest.statusCode).toBe(403);
    const anonymous = await api(t.app, null, { method: 'POST', url: '/bi/workOrder/add', payload: { title: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('list', () => {
  let mine: string;
  let assignedToZhangsan: string;
  let adminOnly: string;

  beforeAll(async () => {
    await t.handle.db.deleteFrom('biWorkOrderLog').execute();
    await t.handle.db.deleteFrom('biWorkOrder').execute();
    mine = await addOk('zhangsan', '张三的报修 100%_特殊', { priority: 'L' });
    assignedToZhangsan = await addOk('lisi', '李四的申请', { priority: 'H' });
    adminOnly = await addOk('admin', '管理员的工单', { priority: 'M' });
    for (let i = 0; i < 9; i++) await addOk('admin', `批量工单 ${String(i).padStart(2, '0')}`);
    const res = await step('admin', 'assign', { id: assignedToZhangsan, assigneeId: ids.zhangsan });
    expect(body(res).success).toBe(true);
  });

  it('answers an IPage, newest first by default, with dictionary texts and people names', async () => {
    const b = await listBody('admin', 'pageNo=1&pageSize=5');
    expect(b.success).toBe(true);
    expect(b.result).toMatchObject({ total: 12, size: 5, current: 1, pages: 3 });
    expect(b.result.records).toHaveLength(5);
    expect(b.result.records[0]!.title).toBe('批量工单 08');
    const times = b.result.records.map((r) => r.createTime ?? '');
    expect([...times].sort().reverse()).toEqual(times);

    const all = await listBody('admin', 'pageSize=100');
    const assigned = all.result.records.find((r) => r.id === assignedToZhangsan)!;
    expect(assigned).toMatchObject({
      status: '1',
      status_dictText: '处理中',
      priority_dictText: '高',
      reporterId_dictText: '李四',
      assigneeId: ids.zhangsan,
      assigneeId_dictText: '张三',
    });
  });

  it('pages without overlap', async () => {
    const p1 = await listBody('admin', 'pageNo=1&pageSize=5');
    const p3 = await listBody('admin', 'pageNo=3&pageSize=5');
    expect(p3.result.records).toHaveLength(2);
    const overlap = p1.result.records.filter((r) => p3.result.records.some((o) => o.id === r.id));
    expect(overlap).toEqual([]);
  });

  it('filters by title (contains, wildcards and LIKE characters taken literally), status and priority', async () => {
    expect((await listBody('admin', 'title=批量')).result.total).toBe(9);
    expect((await listBody('admin', `title=${encodeURIComponent('*批量工单 0*')}`)).result.total).toBe(9);
    const percent = await listBody('admin', `title=${encodeURIComponent('%_')}`);
    expect(percent.result.records.map((r) => r.id)).toEqual([mine]);
    expect((await listBody('admin', `title=${encodeURIComponent('%')}`)).result.total).toBe(1);
    expect((await listBody('admin', 'status=1')).result.records.map((r) => r.id)).toEqual([assignedToZhangsan]);
    expect((await listBody('admin', 'priority=L')).result.records.map((r) => r.id)).toEqual([mine]);
    expect((await listBody('admin', 'status=&priority=&title=&mine=')).result.total).toBe(12);
  });

  it('shows ordinary staff only the orders they reported or handle; 我的 narrows to assigned or reported', async () => {
    const z = await listBody('zhangsan', 'pageSize=50');
    expect(z.result.records.map((r) => r.id).sort()).toEqual([mine, assignedToZhangsan].sort());
    expect((await listBody('zhangsan', 'mine=assigned')).result.records.map((r) => r.id)).toEqual([assignedToZhangsan]);
    expect((await listBody('zhangsan', 'mine=reported')).result.records.map((r) => r.id)).toEqual([mine]);
    expect((await listBody('admin', 'mine=reported')).result.total).toBe(10);
    expect((await listBody('lisi', 'pageSize=50')).result.records.map((r) => r.id)).toEqual([assignedToZhangsan]);
  });

  it('hides an order from staff who neither reported nor handle it, by id as well', async () => {
    const d = await detail('zhangsan', adminOnly);
    expect(d).toMatchObject({ success: false, message: '工单不存在或无权查看' });
    const missing = await detail('admin', 'nosuchorder');
    expect(missing).toMatchObject({ success: false, message: '工单不存在或无权查看' });
  });

  it('sorts by allow-listed columns only (camelCase, snake_case and *_dictText names)', async () => {
    const asc = await listBody('admin', 'column=title&order=asc&pageSize=100');
    const titles = asc.result.records.map((r) => r.title);
    expect(titles).toEqual([...titles].sort());
    const byPriority = await listBody('admin', 'column=priority_dictText&order=desc&pageSize=100');
    expect(byPriority.success).toBe(true);
    expect((await listBody('admin', 'column=orderNo&order=ASC')).success).toBe(true);
    expect((await listBody('admin', 'column=create_time')).success).toBe(true);
    for (const column of ['password', 'content', 'title;drop table bi_work_order', '(select 1)', 'del_flag']) {
      const b = await listBody('admin', `column=${encodeURIComponent(column)}`);
      expect(b, column).toMatchObject({ success: false, message: '排序字段不正确' });
    }
    const statement = t.statements.find((s) => s.sql.includes('drop table'));
    expect(statement).toBeUndefined();
  });

  it.each([
    ['status=9', '工单状态不正确'],
    ['priority=Z', '请选择正确的优先级'],
    ['mine=everyone', '“我的”筛选条件不正确'],
    ['order=sideways', '排序方式不正确'],
    ['pageNo=0', '分页参数不正确'],
    ['pageSize=abc', '分页参数不正确'],
    ['pageSize=100000', '分页参数不正确'],
    [`title=${'长'.repeat(101)}`, '标题不能超过100个字符'],
  ])('answers %s with 400 %s', async (query, message) => {
    const res = await list('admin', query);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, message });
  });

  it('is refused to users without the list permission', async () => {
    expect((await list('guest')).statusCode).toBe(403);
    const res = await api(t.app, tokens.guest!, { method: 'GET', url: `/bi/workOrder/queryById?id=${mine}` });
    expect(res.statusCode).toBe(403);
  });
});

describe('assign, complete, close, reopen, comment', () => {
  let id: string;
  const title = '凭证同步失败';

  beforeAll(async () => {
    id = await addOk('lisi', title, { priority: 'H' });
    sent.length = 0;
  });

  it('assign needs the assign permission: staff are refused with 403', async () => {
    const res = await step('zhangsan', 'assign', { id, assigneeId: ids.zhangsan });
    expect(res.statusCode).toBe(403);
  });

  it('assign refuses unknown, frozen and screen-less users, and malformed ids', async () => {
    const unknown = body(await step('admin', 'assign', { id, assigneeId: 'nosuchuser' }));
    expect(unknown).toMatchObject({ success: false, message: '处理人不存在或已停用' });
    const guest = body(await step('admin', 'assign', { id, assigneeId: ids.guest }));
    expect(guest).toMatchObject({ success: false, message: '该用户没有工单权限，不能指派' });
    const wangwu = await userIdOf(t.handle.db, 'wangwu');
    await t.handle.db.updateTable('sysUser').set({ status: 2 }).where('id', '=', wangwu).execute();
    const frozen = body(await step('admin', 'assign', { id, assigneeId: wangwu }));
    expect(frozen).toMatchObject({ success: false, message: '处理人不存在或已停用' });
    await t.handle.db.updateTable('sysUser').set({ status: 1 }).where('id', '=', wangwu).execute();
    for (const assigneeId of ["1' or '1'='1", '../etc', 'x'.repeat(65)]) {
      const res = await step('admin', 'assign', { id, assigneeId });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('处理人ID不正确');
    }
    const noAssignee = await step('admin', 'assign', { id });
    expect(noAssignee.statusCode).toBe(400);
    expect(body(noAssignee).message).toBe('请选择处理人');
    expect(sent).toEqual([]);
  });

  it('assign puts the order 处理中 and tells the assignee over the realtime hub', async () => {
    const res = await step('admin', 'assign', { id, assigneeId: ids.zhangsan, note: '请今天内处理' });
    expect(body(res)).toMatchObject({ success: true, message: '指派成功！' });
    const d = await detail('zhangsan', id);
    expect(d.result).toMatchObject({ status: '1', assigneeId: ids.zhangsan, assigneeId_dictText: '张三', version: 2 });
    expect(sent).toEqual([
      {
        userIds: [ids.zhangsan],
        message: { cmd: 'user', msgId: id, msgTxt: `您有新的工单：${title}`, status: 1, businessType: 'WORK_ORDER' },
      },
    ]);
    const log = d.result.logs.at(-1)!;
    expect(log).toMatchObject({
      action: 'assign',
      action_dictText: '指派',
      fromUser: null,
      toUser: ids.zhangsan,
      toUser_dictText: '张三',
      note: '请今天内处理',
      createBy: 'admin',
      createBy_dictText: '管理员',
    });
  });

  it('complete is for the assignee only, and only while 处理中', async () => {
    const reporter = await step('lisi', 'complete', { id, note: '我自己完成' });
    expect(reporter.statusCode).toBe(403);
    expect(body(reporter).message).toBe('只有处理人可以完成工单');
    const noNote = await step('zhangsan', 'complete', { id });
    expect(noNote.statusCode).toBe(400);
    expect(body(noNote).message).toBe('请输入处理说明');

    sent.length = 0;
    const done = body(await step('zhangsan', 'complete', { id, note: '已重新同步' }, 'POST'));
    expect(done).toMatchObject({ success: true, message: '处理完成！' });
    expect((await detail('lisi', id)).result).toMatchObject({ status: '2', status_dictText: '已完成' });
    expect(sent.map((s) => s.userIds)).toEqual([[ids.lisi]]);
    expect(sent[0]!.message).toMatchObject({ msgTxt: `您提交的工单已处理完成：${title}`, businessType: 'WORK_ORDER' });
    const again = body(await step('zhangsan', 'complete', { id, note: '再次完成' }));
    expect(again).toMatchObject({ success: false, message: '只有处理中的工单可以完成' });
  });

  it('close refuses a stale version (409) and staff who neither reported nor handle the order', async () => {
    const stale = await step('lisi', 'close', { id, note: '确认', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).message).toBe('数据已被他人修改，请刷新');
    const otherId = await addOk('admin', '别人的工单');
    const other = body(await step('lisi', 'close', { id: otherId, note: '关掉' }));
    expect(other).toMatchObject({ success: false, message: '工单不存在或无权查看' });
    const noNote = await step('lisi', 'close', { id, note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(body(noNote).message).toBe('请输入关闭说明');
    const longNote = await step('lisi', 'close', { id, note: 'x'.repeat(501) });
    expect(longNote.statusCode).toBe(400);
    expect(body(longNote).message).toBe('说明不能超过500个字符');
  });

  it('close by the reporter records who and why, and tells the assignee', async () => {
    sent.length = 0;
    const version = (await detail('lisi', id)).result.version;
    const res = body(await step('lisi', 'close', { id, note: '确认已恢复', version }));
    expect(res).toMatchObject({ success: true, message: '关闭成功！' });
    const d = (await detail('lisi', id)).result;
    expect(d).toMatchObject({
      status: '3',
      status_dictText: '已关闭',
      closedBy: ids.lisi,
      closedBy_dictText: '李四',
      closeNote: '确认已恢复',
    });
    expect(d.closedTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(sent.map((s) => s.userIds)).toEqual([[ids.zhangsan]]);
    expect(sent[0]!.message).toMatchObject({ msgTxt: `工单已关闭：${title}`, msgId: id });
    const again = body(await step('lisi', 'close', { id, note: '再关一次' }));
    expect(again).toMatchObject({ success: false, message: '工单已关闭' });
    const assign = body(await step('admin', 'assign', { id, assigneeId: ids.zhangsan }));
    expect(assign).toMatchObject({ success: false, message: '工单已完成或已关闭，不能指派' });
  });

  it('reopen goes back to 处理中 with the assignee, clears the closing, and needs a closed or done order', async () => {
    const res = body(await step('zhangsan', 'reopen', { id, note: '问题复现' }));
    expect(res).toMatchObject({ success: true, message: '重新打开成功！' });
    const d = (await detail('zhangsan', id)).result;
    expect(d).toMatchObject({ status: '1', closedBy: null, closedTime: null, closeNote: null });
    const again = body(await step('zhangsan', 'reopen', { id }));
    expect(again).toMatchObject({ success: false, message: '只有已完成或已关闭的工单可以重新打开' });
  });

  it('the assignee may close; a holder of the close permission may close orders of others', async () => {
    expect(body(await step('zhangsan', 'close', { id, note: '处理完毕' })).success).toBe(true);
    expect(body(await step('admin', 'reopen', { id })).success).toBe(true);
    const unassigned = await addOk('lisi', '未指派的工单');
    expect(body(await step('admin', 'close', { id: unassigned, note: '重复提交' })).success).toBe(true);
    expect((await detail('lisi', unassigned)).result.status).toBe('3');
    expect(body(await step('lisi', 'reopen', { id: unassigned })).success).toBe(true);
    expect((await detail('lisi', unassigned)).result.status).toBe('0');
  });

  it('comments add to the history; the history lists every step in order with names', async () => {
    const res = body(await step('lisi', 'comment', { id, note: '谢谢' }, 'POST'));
    expect(res).toMatchObject({ success: true, message: '评论成功！' });
    const empty = await step('lisi', 'comment', { id, note: '' }, 'POST');
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe('请输入评论内容');
    const d = (await detail('lisi', id)).result;
    expect(d.logs.map((l) => l.action)).toEqual([
      'create',
      'assign',
      'complete',
      'close',
      'reopen',
      'close',
      'reopen',
      'comment',
    ]);
    expect(d.logs.at(-1)).toMatchObject({ note: '谢谢', createBy_dictText: '李四' });
  });

  it('answers malformed ids with 400 and unknown ones as not found, never 500', async () => {
    for (const name of ['close', 'complete', 'reopen', 'assign']) {
      const res = await step('admin', name, { id: "x' or 1=1 --", note: 'n', assigneeId: ids.zhangsan });
      expect(res.statusCode, name).toBe(400);
      expect(body(res).message).toBe('工单ID不正确');
    }
    const unknown = body(await step('admin', 'close', { id: 'nosuchorder', note: 'n' }));
    expect(unknown).toMatchObject({ success: false, message: '工单不存在或无权查看' });
    const badQuery = await api(t.app, tokens.admin!, { method: 'GET', url: '/bi/workOrder/queryById' });
    expect(badQuery.statusCode).toBe(400);
    expect(body(badQuery).message).toBe('请指定工单');
  });
});

describe('attachments', () => {
  const PDF = Buffer.from('%PDF-1.4\n工单附件\n');
  async function uploaded(user: string, name: string, content = PDF): Promise<string> {
    const b = body(await uploadFile(t.app, tokens[user]!, { name, content }));
    expect(b.success, b.message).toBe(true);
    return b.message;
  }
  function attachment(user: string, id: string, path: string) {
    return api(t.app, tokens[user]!, {
      method: 'GET',
      url: `/bi/workOrder/attachment?id=${id}&path=${encodeURIComponent(path)}`,
    });
  }

  it("keeps the reporter's own uploads, comma-joined, and lists them with their names in the detail", async () => {
    const a = await uploaded('zhangsan', '现场照片说明.pdf');
    const b = await uploaded('zhangsan', '日志.txt', Buffer.from('log'));
    const id = await addOk('zhangsan', '带附件的工单', { attachments: `${a}, ${b},${a}` });
    const d = await detail('zhangsan', id);
    expect(d.result.attachments).toBe(`${a},${b}`);
    expect(d.result.attachmentFiles).toEqual([
      { path: a, name: '现场照片说明.pdf', size: PDF.length },
      { path: b, name: '日志.txt', size: 3 },
    ]);
    const listed = (await listBody('zhangsan', 'title=带附件的工单')).result.records[0]!;
    expect(listed.attachments).toBe(`${a},${b}`);
    // An order without attachments answers empty ones.
    const plain = await detail('zhangsan', await addOk('zhangsan', '无附件工单'));
    expect(plain.result).toMatchObject({ attachments: '', attachmentFiles: [] });
  });

  it('refuses uploads of others, paths that are not stored paths, and more than 10', async () => {
    const others = await uploaded('lisi', '别人的.pdf');
    expect(body(await add('zhangsan', { title: '借用附件', attachments: others }))).toMatchObject({
      success: false,
      message: '附件不存在或无权使用',
    });
    for (const bad of ['../../secrets.json', 'temp/20260101/x.pdf', ['a', 1]]) {
      const res = await add('zhangsan', { title: '坏附件', attachments: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(body(res).message).toBe('附件不正确');
    }
    const many = Array.from({ length: 11 }, (_, i) => `temp/20260101/00000000-0000-0000-0000-0000000000${10 + i}.pdf`);
    expect(body(await add('zhangsan', { title: '太多附件', attachments: many })).message).toBe('附件最多10个');
    expect((await listBody('zhangsan', 'title=借用附件')).result.total).toBe(0);
  });

  it('serves an attachment to whoever sees the order, as an attachment, and to nobody else', async () => {
    const path = await uploaded('zhangsan', '报价单.pdf');
    const id = await addOk('zhangsan', '报价附件工单', { attachments: path });
    const own = await attachment('zhangsan', id, path);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect(own.headers['content-disposition']).toMatch(/^attachment;/);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    // lisi is not involved: the order is not found for him, nor is the file through the static route.
    expect(body(await attachment('lisi', id, path))).toMatchObject({ success: false, message: '工单不存在或无权查看' });
    expect((await api(t.app, tokens.lisi!, { method: 'GET', url: `/sys/common/static/${path}` })).statusCode).toBe(404);
    // Once he handles it, he may read it.
    expect(body(await step('admin', 'assign', { id, assigneeId: ids.lisi })).success).toBe(true);
    expect((await attachment('lisi', id, path)).rawPayload.equals(PDF)).toBe(true);
    // A path that is not one of the order's attachments, even the caller's own file.
    const other = await uploaded('lisi', '另一个.pdf');
    expect((await attachment('lisi', id, other)).statusCode).toBe(404);
    expect((await attachment('lisi', id, '../../secrets.json')).statusCode).toBe(400);
    expect((await attachment('guest', id, path)).statusCode).toBe(403);
  });
});

describe('GET /sys/redis/get and PUT /sys/redis/set (key WORK_ORDER)', () => {
  const get = (user: string, k = 'WORK_ORDER') =>
    api(t.app, tokens[user]!, { method: 'GET', url: `/sys/redis/get?k=${encodeURIComponent(k)}` });
  const set = (user: string, payload: unknown, method: 'PUT' | 'POST' = 'PUT') =>
    api(t.app, tokens[user]!, { method, url: '/sys/redis/set', payload: payload as Record<string, unknown> });

  it('answers an empty list before anything was saved', async () => {
    expect(body(await get('zhangsan'))).toMatchObject({ success: true, result: [] });
  });

  it('saves an id list normalised (trimmed, without duplicates, in order) and reads it back', async () => {
    const res = await set('zhangsan', { k: 'WORK_ORDER', v: [' a1 ', 'b2', 'a1'], t: 0 });
    expect(body(res)).toMatchObject({ success: true, result: ['a1', 'b2'] });
    expect(body(await get('zhangsan')).result).toEqual(['a1', 'b2']);
  });

  it('accepts the comma-separated text the Jeecg client sends, a JSON array in text, POST and form bodies', async () => {
    await set('zhangsan', { k: 'WORK_ORDER', v: 'c3,d4,,c3', t: '0' }, 'POST');
    expect(body(await get('zhangsan')).result).toEqual(['c3', 'd4']);
    await set('zhangsan', { k: 'WORK_ORDER', v: '["e5"]' });
    expect(body(await get('zhangsan')).result).toEqual(['e5']);
    const form = await api(t.app, tokens.zhangsan!, {
      method: 'PUT',
      url: '/sys/redis/set',
      payload: 'k=WORK_ORDER&v=f6&v=g7&t=0',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(body(form).success).toBe(true);
    expect(body(await get('zhangsan')).result).toEqual(['f6', 'g7']);
    await set('zhangsan', { k: 'WORK_ORDER', v: '', t: 0 });
    expect(body(await get('zhangsan')).result).toEqual([]);
  });

  it('keeps each user to their own values, whatever the request names', async () => {
    await set('zhangsan', { k: 'WORK_ORDER', v: ['mine1'], t: 0, userId: ids.lisi, user_id: ids.lisi });
    await set('lisi', { k: 'WORK_ORDER', v: ['hers1', 'hers2'], t: 0 });
    expect(body(await get('zhangsan')).result).toEqual(['mine1']);
    expect(body(await get('lisi')).result).toEqual(['hers1', 'hers2']);
    const probe = await api(t.app, tokens.zhangsan!, {
      method: 'GET',
      url: `/sys/redis/get?k=WORK_ORDER&userId=${ids.lisi}`,
    });
    expect(body(probe).result).toEqual(['mine1']);
    const rows = await t.handle.db.selectFrom('sysUserKv').select(['userId', 'k', 'v']).orderBy('v').execute();
    expect(rows).toEqual([
      { userId: ids.lisi, k: 'WORK_ORDER', v: '["hers1","hers2"]' },
      { userId: ids.zhangsan, k: 'WORK_ORDER', v: '["mine1"]' },
    ]);
  });

  it.each([
    ['an unknown key', { k: 'SYS_CONFIG', v: ['a'], t: 0 }, '不支持的键名'],
    ['a Redis-style key pattern', { k: 'sys:cache:user::admin', v: 'x', t: 0 }, '不支持的键名'],
    ['a lower-case key', { k: 'work_order', v: ['a'], t: 0 }, '不支持的键名'],
    ['no key', { v: ['a'], t: 0 }, '请输入键名'],
    ['an expiry', { k: 'WORK_ORDER', v: ['a'], t: 60 }, '暂不支持设置有效期，t 只能为 0'],
    ['an expiry that is not a number', { k: 'WORK_ORDER', v: ['a'], t: 'soon' }, '有效期不正确'],
    ['an object value', { k: 'WORK_ORDER', v: { a: 1 }, t: 0 }, '未读工单必须是工单ID列表'],
    ['a number value', { k: 'WORK_ORDER', v: 42, t: 0 }, '未读工单必须是工单ID列表'],
    ['an injection id', { k: 'WORK_ORDER', v: ["1' or '1'='1"], t: 0 }, '未读工单ID不正确'],
    ['markup', { k: 'WORK_ORDER', v: '<script>alert(1)</script>', t: 0 }, '未读工单ID不正确'],
    ['a path', { k: 'WORK_ORDER', v: ['../../etc/passwd'], t: 0 }, '未读工单ID不正确'],
    ['an over-long id', { k: 'WORK_ORDER', v: ['x'.repeat(65)], t: 0 }, '未读工单ID不正确'],
    ['nested lists', { k: 'WORK_ORDER', v: [['a']], t: 0 }, '未读工单ID不正确'],
    ['501 ids', { k: 'WORK_ORDER', v: Array.from({ length: 501 }, (_, i) => `id${i}`), t: 0 }, '未读工单最多500个'],
  ])('refuses %s with 400 in Chinese', async (_what, payload, message) => {
    const before = body(await get('lisi')).result;
    const res = await set('lisi', payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, message });
    expect(body(await get('lisi')).result).toEqual(before);
  });

  it('reads only allow-listed keys', async () => {
    const res = await get('zhangsan', 'SYSTEM_NOTIFICATIONS');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('不支持的键名');
    const none = await api(t.app, tokens.zhangsan!, { method: 'GET', url: '/sys/redis/get' });
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe('请输入键名');
  });

  it('accepts 500 ids, and a value stored before a schema change that no longer fits reads as empty', async () => {
    const many = Array.from({ length: 500 }, (_, i) => `id${i}`);
    expect(body(await set('lisi', { k: 'WORK_ORDER', v: many, t: 0 })).success).toBe(true);
    expect(body<string[]>(await get('lisi')).result).toHaveLength(500);
    await t.handle.db.updateTable('sysUserKv').set({ v: '{"broken":' }).where('userId', '=', ids.lisi!).execute();
    expect(body(await get('lisi')).result).toEqual([]);
  });

  it('keeps the column settings of the list-page kit under LIST_COLUMNS, per user, and refuses malformed ones', async () => {
    expect(body(await get('zhangsan', 'LIST_COLUMNS'))).toMatchObject({ success: true, result: {} });
    const saved = await set('zhangsan', {
      k: 'LIST_COLUMNS',
      v: { '/bi/workOrder/WorkOrderList': ['title', 'title'] },
      t: 0,
    });
    expect(body(saved)).toMatchObject({ success: true, result: { '/bi/workOrder/WorkOrderList': ['title'] } });
    expect(body(await get('zhangsan', 'LIST_COLUMNS')).result).toEqual({ '/bi/workOrder/WorkOrderList': ['title'] });
    expect(body(await get('lisi', 'LIST_COLUMNS')).result).toEqual({});
    for (const v of [{ "x' or 1=1": ['a'] }, { x: ['<img src=x>'] }, ['a'], 'text']) {
      const res = await set('zhangsan', { k: 'LIST_COLUMNS', v, t: 0 });
      expect(body(res).success).toBe(false);
    }
    expect(body(await get('zhangsan', 'LIST_COLUMNS')).result).toEqual({ '/bi/workOrder/WorkOrderList': ['title'] });
  });

  it('needs a session', async () => {
    expect((await api(t.app, null, { method: 'GET', url: '/sys/redis/get?k=WORK_ORDER' })).statusCode).toBe(401);
    const res = await api(t.app, null, { method: 'PUT', url: '/sys/redis/set', payload: { k: 'WORK_ORDER', v: [] } });
    expect(res.statusCode).toBe(401);
  });
});
