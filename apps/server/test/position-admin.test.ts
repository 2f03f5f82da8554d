/**
 * Position administration (issue 14, contract §2.10 /sys/position/*): list, add, edit (PUT and POST), checkCode,
 * queryById / queryByCode, delete / deleteBatch refused while users hold the code (sys_user.post), permissions,
 * hostile input — answers, what is stored, and nothing changed after a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { POSITION_TEXT, type PositionRecord } from '@houtai/shared/contract/admin-position';
import { TEXT } from '@houtai/shared/constants';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.handle.db;

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = adminToken) {
  return api(t.app, token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

interface Page<T> {
  records: T[];
  total: number;
}

async function countPositions(): Promise<number> {
  const row = await db()
    .selectFrom('sysPosition')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n);
}

async function addPosition(code: string, name = `职务${code}`, postRank: string | null = '2'): Promise<PositionRecord> {
  const res = await call('POST', '/sys/position/add', { code, name, postRank });
  const b = body<PositionRecord>(res);
  expect(b.success, b.message).toBe(true);
  return b.result;
}

async function setPost(username: string, post: string | null) {
  await db().updateTable('sysUser').set({ post }).where('username', '=', username).execute();
}

describe('/sys/position/list', () => {
  it('lists the seeded positions with the rank text, filters by name and code, sorts from the registry', async () => {
    const all = body<Page<PositionRecord>>(await call('GET', '/sys/position/list?pageSize=50'));
    expect(all.success).toBe(true);
    const gm = all.result.records.find((p) => p.code === 'general_manager');
    expect(gm).toMatchObject({ name: '总经理', postRank: '5', postRank_dictText: '正高级' });
    expect(gm).toHaveProperty('createTime');
    expect(gm).toHaveProperty('version');

    const byName = body<Page<PositionRecord>>(
      await call('GET', `/sys/position/list?name=${encodeURIComponent('经理')}`),
    );
    expect(byName.result.records.map((p) => p.code).sort()).toEqual(['depart_manager', 'general_manager']);
    const byCode = body<Page<PositionRecord>>(await call('GET', '/sys/position/list?code=special'));
    expect(byCode.result.records.map((p) => p.code)).toEqual(['specialist']);
    const byRank = body<Page<PositionRecord>>(await call('GET', '/sys/position/list?postRank=3'));
    expect(byRank.result.records.map((p) => p.code)).toEqual(['finance_supervisor']);

    const sorted = body<Page<PositionRecord>>(await call('GET', '/sys/position/list?column=post_rank&order=desc'));
    expect(sorted.result.records[0]?.code).toBe('general_manager');
  });

  it('refuses SQL in sorts and filters without a 500 and without SQL text', async () => {
    const sort = await call('GET', `/sys/position/list?column=${encodeURIComponent('name; drop table sys_position')}`);
    expect(sort.statusCode).toBeLessThan(500);
    expect(body(sort)).toMatchObject({ success: false, message: TEXT.sortInvalid });
    const unknown = await call('GET', '/sys/position/list?column=password');
    expect(body(unknown)).toMatchObject({ success: false });
    const filter = await call('GET', `/sys/position/list?name=${encodeURIComponent("' or '1'='1")}`);
    expect(body(filter)).toMatchObject({ success: true, result: { total: 0 } });
    const like = await call('GET', `/sys/position/list?code=${encodeURIComponent('%')}`);
    expect(body(like)).toMatchObject({ success: true, result: { total: 0 } });
    const sq = await call(
      'GET',
      `/sys/position/list?superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'code; drop', rule: 'eq', val: 'x' }]))}`,
    );
    expect(sq.statusCode).toBeLessThan(500);
    expect(body(sq).success).toBe(false);
    expect(body(sq).message).not.toMatch(/select|from|sqlite/i);
    expect(await countPositions()).toBeGreaterThanOrEqual(4);
  });
});

describe('add / edit / query', () => {
  it('adds a position, answers it by id and code, and refuses a taken code', async () => {
    const p = await addPosition('qa_lead', '测试组长', '3');
    expect(p).toMatchObject({ code: 'qa_lead', name: '测试组长', postRank: '3', createBy: 'admin', version: 1 });
    expect(body(await call('GET', `/sys/position/queryById?id=${p.id}`))).toMatchObject({
      success: true,
      result: { id: p.id, postRank_dictText: '中级' },
    });
    expect(body(await call('GET', '/sys/position/queryByCode?code=qa_lead'))).toMatchObject({
      success: true,
      result: { id: p.id },
    });
    const before = await countPositions();
    const dup = await call('POST', '/sys/position/add', { code: 'qa_lead', name: '重复' });
    expect(body(dup)).toMatchObject({ success: false, message: POSITION_TEXT.codeTaken });
    expect(await countPositions()).toBe(before);

    expect(body(await call('GET', '/sys/position/checkCode?code=qa_lead'))).toMatchObject({
      success: false,
      message: POSITION_TEXT.codeTaken,
    });
    expect(body(await call('GET', `/sys/position/checkCode?code=qa_lead&id=${p.id}`))).toMatchObject({
      success: true,
      result: true,
    });
    expect(body(await call('GET', '/sys/position/checkCode?code=qa_free'))).toMatchObject({ success: true });
    expect(body(await call('GET', '/sys/position/queryById?id=nope'))).toMatchObject({
      success: false,
      message: ADMIN_TEXT.notFound,
    });
  });

  it('edits by PUT and POST, checks the version, clears the rank', async () => {
    const p = await addPosition('qa_edit');
    const put = await call('PUT', '/sys/position/edit', { id: p.id, name: '改名', code: 'qa_edit2', version: 1 });
    expect(body<PositionRecord>(put)).toMatchObject({
      success: true,
      message: ADMIN_TEXT.edited,
      result: { name: '改名', code: 'qa_edit2', postRank: '2', version: 2 },
    });
    const stale = await call('POST', '/sys/position/edit', { id: p.id, name: '旧版本', version: 1 });
    expect(body(stale)).toMatchObject({ success: false, message: ADMIN_TEXT.stale });
    const post = await call('POST', '/sys/position/edit', { id: p.id, name: '再改', postRank: '' });
    expect(body(post)).toMatchObject({ success: true, result: { name: '再改', code: 'qa_edit2', postRank: null } });
    const taken = await call('PUT', '/sys/position/edit', { id: p.id, name: '再改', code: 'general_manager' });
    expect(body(taken)).toMatchObject({ success: false, message: POSITION_TEXT.codeTaken });
    const rank = await call('PUT', '/sys/position/edit', { id: p.id, name: '再改', postRank: '9' });
    expect(body(rank)).toMatchObject({ success: false, message: POSITION_TEXT.rankInvalid });
    const row = await db().selectFrom('sysPosition').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: 'qa_edit2', name: '再改', postRank: null, updateBy: 'admin' });
  });

  it('refuses hostile values with the form messages and ignores unknown fields', async () => {
    const before = await countPositions();
    const cases: [unknown, string][] = [
      [{ name: 'x', code: "x' or '1'='1" }, POSITION_TEXT.codeFormat],
      [{ name: 'x', code: 'a,b' }, POSITION_TEXT.codeFormat],
      [{ name: 'x', code: 'a;drop table sys_position;--' }, POSITION_TEXT.codeFormat],
      [{ name: 'x', code: 'a'.repeat(65) }, POSITION_TEXT.codeTooLong],
      [{ name: 'x' }, POSITION_TEXT.codeRequired],
      [{ name: '  ', code: 'qa_blank' }, POSITION_TEXT.nameRequired],
      [{ name: '名'.repeat(101), code: 'qa_long' }, POSITION_TEXT.nameTooLong],
      [{ name: 'a\nb', code: 'qa_ctrl' }, POSITION_TEXT.nameControl],
      [{ name: 'x', code: 'qa_rank', postRank: '7' }, POSITION_TEXT.rankInvalid],
      [{ name: 'x', code: 'qa_rank2', postRank: { $gt: 1 } }, POSITION_TEXT.rankInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/sys/position/add', payload);
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res)).toMatchObject({ success: false, message });
    }
    const huge = await call('POST', '/sys/position/add', { name: 'x', code: 'qa_huge', junk: 'x'.repeat(3_000_000) });
    expect(huge.statusCode).toBeLessThan(500);
    expect(body(huge).success).toBe(false);
    expect(await countPositions()).toBe(before);

    const res = await call('POST', '/sys/position/add', {
      name: '忽略字段',
      code: 'qa_unknown',
      id: 'chosen-id',
      createBy: 'intruder',
      version: 99,
    });
    expect(body(res).success).toBe(true);
    const row = await db().selectFrom('sysPosition').selectAll().where('code', '=', 'qa_unknown').executeTakeFirst();
    expect(row).toMatchObject({ name: '忽略字段', createBy: 'admin', version: 1 });
    expect(row?.id).not.toBe('chosen-id');
  });
});

describe('delete', () => {
  it('refuses to delete or recode a position users hold, with the reason; deletes it once free', async () => {
    const p = await addPosition('qa_held', '被占用职务');
    const other = await addPosition('qa_held_x', '相似编码');
    await setPost('zhangsan', 'specialist,qa_held');
    await setPost('lisi', 'qa_held');
    await setPost('wangwu', 'qa_held_xyz');

    const del = await call('DELETE', `/sys/position/delete?id=${p.id}`);
    expect(body(del)).toMatchObject({ success: false, message: POSITION_TEXT.inUse('被占用职务', 2) });
    const batch = await call('DELETE', `/sys/position/deleteBatch?ids=${other.id},${p.id}`);
    expect(body(batch).success).toBe(false);
    const recode = await call('PUT', '/sys/position/edit', { id: p.id, name: '被占用职务', code: 'qa_held2' });
    expect(body(recode)).toMatchObject({ success: false, message: POSITION_TEXT.codeInUse(2) });
    expect(
      await db().selectFrom('sysPosition').select('id').where('id', 'in', [p.id, other.id]).execute(),
    ).toHaveLength(2);

    // A code that only contains another's (qa_held_xyz) does not hold qa_held_x.
    expect(body(await call('DELETE', `/sys/position/delete?id=${other.id}`))).toMatchObject({
      success: true,
      message: ADMIN_TEXT.deleted,
    });

    await setPost('zhangsan', 'specialist');
    await setPost('lisi', null);
    await setPost('wangwu', null);
    expect(body(await call('DELETE', `/sys/position/deleteBatch?ids=${p.id},`))).toMatchObject({ success: true });
    expect(await db().selectFrom('sysPosition').select('id').where('id', '=', p.id).executeTakeFirst()).toBeUndefined();
    expect(body(await call('DELETE', `/sys/position/delete?id=${p.id}`))).toMatchObject({
      success: false,
      message: ADMIN_TEXT.notFound,
    });
  });

  it('refuses bad id lists', async () => {
    expect(body(await call('DELETE', '/sys/position/deleteBatch?ids='))).toMatchObject({
      success: false,
      message: POSITION_TEXT.idsRequired,
    });
    expect(
      body(await call('DELETE', `/sys/position/deleteBatch?ids=${encodeURIComponent("1' or '1'='1")}`)),
    ).toMatchObject({ success: false, message: POSITION_TEXT.idInvalid });
    const many = Array.from({ length: 501 }, (_, i) => `id${i}`).join(',');
    expect(body(await call('DELETE', `/sys/position/deleteBatch?ids=${many}`))).toMatchObject({
      success: false,
      message: ADMIN_TEXT.tooManyIds,
    });
  });
});

describe('permissions', () => {
  it('lets staff read the list (picker) but not write; refuses the guest everything', async () => {
    const staff = await login(t.app, 'zhangsan');
    expect(body(await call('GET', '/sys/position/list', undefined, staff)).success).toBe(true);
    const add = await call('POST', '/sys/position/add', { code: 'qa_staff', name: '员工加' }, staff);
    expect(add.statusCode).toBe(403);
    const guest = await login(t.app, 'guest');
    for (const [method, url] of [
      ['GET', '/sys/position/list'],
      ['GET', '/sys/position/queryById?id=x'],
      ['GET', '/sys/position/checkCode?code=x'],
      ['POST', '/sys/position/add'],
      ['PUT', '/sys/position/edit'],
      ['DELETE', '/sys/position/delete?id=x'],
      ['DELETE', '/sys/position/deleteBatch?ids=x'],
    ] as const) {
      const res = await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, guest);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', '/sys/position/list', undefined, null as unknown as string)).statusCode).toBe(401);
  });
});
