/**
 * Settlement organisation administration (issue 14, /sys/settlementOrg/*): list, add, edit (PUT and POST), delete /
 * deleteBatch refused while live users are linked or ledgers exist, the users of an organisation (users, addUsers,
 * removeUsers), permissions, hostile input — answers, what is stored, and nothing changed after a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { SETTLEMENT_TEXT, type SettlementRecord } from '@houtai/shared/contract/admin-settlement';
import type { PickerUser } from '@houtai/shared/contract/pickers';
import { TEXT } from '@houtai/shared/constants';
import { newId } from '../src/lib/ids.ts';
import { api, body, createTestApp, login, userIdOf, type TestContext } from './helpers.ts';

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

async function countOrgs(): Promise<number> {
  const row = await db()
    .selectFrom('settlementOrg')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n);
}

async function addOrg(code: string, name = `组织${code}`): Promise<SettlementRecord> {
  const b = body<SettlementRecord>(await call('POST', '/sys/settlementOrg/add', { code, name, sortOrder: 5 }));
  expect(b.success, b.message).toBe(true);
  return b.result;
}

async function usersOf(orgId: string): Promise<string[]> {
  const rows = await db()
    .selectFrom('sysUserSettlementOrg')
    .select('userId')
    .where('settlementOrgId', '=', orgId)
    .execute();
  return rows.map((r) => r.userId).sort();
}

describe('/sys/settlementOrg/list', () => {
  it('lists the seeded organisations with status text and counts; filters; sorts from the registry', async () => {
    const all = body<Page<SettlementRecord>>(await call('GET', '/sys/settlementOrg/list?pageSize=50'));
    expect(all.success).toBe(true);
    const so1 = all.result.records.find((o) => o.code === 'SO001');
    expect(so1).toMatchObject({ name: '上海后台贸易有限公司', status: '1', status_dictText: '启用', ledgerCount: 2 });
    expect(so1!.userCount).toBeGreaterThanOrEqual(3);

    const byName = body<Page<SettlementRecord>>(
      await call('GET', `/sys/settlementOrg/list?name=${encodeURIComponent('杭州')}`),
    );
    expect(byName.result.records.map((o) => o.code)).toEqual(['SO002']);
    const byCode = body<Page<SettlementRecord>>(await call('GET', '/sys/settlementOrg/list?code=SO003'));
    expect(byCode.result.total).toBe(1);
    const sorted = body<Page<SettlementRecord>>(await call('GET', '/sys/settlementOrg/list?column=code&order=desc'));
    expect(sorted.result.records[0]?.code).toBe('SO003');
  });

  it('refuses SQL in sorts and filters without a 500', async () => {
    const sort = await call('GET', `/sys/settlementOrg/list?column=${encodeURIComponent('code desc; drop table x')}`);
    expect(sort.statusCode).toBeLessThan(500);
    expect(body(sort)).toMatchObject({ success: false, message: TEXT.sortInvalid });
    const filter = await call('GET', `/sys/settlementOrg/list?name=${encodeURIComponent("' or 1=1 --")}`);
    expect(body(filter)).toMatchObject({ success: true, result: { total: 0 } });
    const status = await call('GET', `/sys/settlementOrg/list?status=${encodeURIComponent("1' or '1'='1")}`);
    expect(body(status)).toMatchObject({ success: false, message: SETTLEMENT_TEXT.statusInvalid });
  });
});

describe('add / edit', () => {
  it('adds, answers by id, refuses a taken code, edits by PUT and POST with the version', async () => {
    const o = await addOrg('QA01', '测试结算组织');
    expect(o).toMatchObject({ code: 'QA01', status: '1', sortOrder: 5, userCount: 0, ledgerCount: 0, version: 1 });
    expect(body(await call('GET', `/sys/settlementOrg/queryById?id=${o.id}`))).toMatchObject({
      success: true,
      result: { id: o.id, createBy: 'admin' },
    });
    const before = await countOrgs();
    expect(body(await call('POST', '/sys/settlementOrg/add', { code: 'SO001', name: '重复' }))).toMatchObject({
      success: false,
      message: SETTLEMENT_TEXT.codeTaken,
    });
    expect(await countOrgs()).toBe(before);

    const put = await call('PUT', '/sys/settlementOrg/edit', { id: o.id, name: '改名', status: '0', version: 1 });
    expect(body(put)).toMatchObject({
      success: true,
      message: ADMIN_TEXT.edited,
      result: { name: '改名', code: 'QA01', status: '0', status_dictText: '不启用', sortOrder: 5, version: 2 },
    });
    const stale = await call('POST', '/sys/settlementOrg/edit', { id: o.id, name: '旧', version: 1 });
    expect(body(stale)).toMatchObject({ success: false, message: ADMIN_TEXT.stale });
    const post = await call('POST', '/sys/settlementOrg/edit', {
      id: o.id,
      name: '再改',
      code: 'QA01B',
      sortOrder: '7',
    });
    expect(body(post)).toMatchObject({ success: true, result: { code: 'QA01B', sortOrder: 7, status: '0' } });
    const taken = await call('PUT', '/sys/settlementOrg/edit', { id: o.id, name: '再改', code: 'SO002' });
    expect(body(taken)).toMatchObject({ success: false, message: SETTLEMENT_TEXT.codeTaken });
  });

  it('refuses hostile values with the form messages and ignores unknown fields', async () => {
    const before = await countOrgs();
    const cases: [unknown, string][] = [
      [{ name: 'x', code: "x' or '1'='1" }, SETTLEMENT_TEXT.codeFormat],
      [{ name: 'x', code: 'a'.repeat(65) }, SETTLEMENT_TEXT.codeTooLong],
      [{ name: 'x' }, SETTLEMENT_TEXT.codeRequired],
      [{ name: '', code: 'QA_B' }, SETTLEMENT_TEXT.nameRequired],
      [{ name: '名'.repeat(101), code: 'QA_L' }, SETTLEMENT_TEXT.nameTooLong],
      [{ name: 'x', code: 'QA_S', status: '2' }, SETTLEMENT_TEXT.statusInvalid],
      [{ name: 'x', code: 'QA_O', sortOrder: -1 }, SETTLEMENT_TEXT.sortInvalid],
      [{ name: 'x', code: 'QA_O2', sortOrder: '1; drop' }, SETTLEMENT_TEXT.sortInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/sys/settlementOrg/add', payload);
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res)).toMatchObject({ success: false, message });
    }
    const huge = await call('POST', '/sys/settlementOrg/add', { name: 'x', code: 'QA_H', junk: 'x'.repeat(3_000_000) });
    expect(huge.statusCode).toBeLessThan(500);
    expect(body(huge).success).toBe(false);
    expect(await countOrgs()).toBe(before);
    const res = await call('POST', '/sys/settlementOrg/add', { name: '忽略', code: 'QA_U', id: 'mine', createBy: 'x' });
    expect(body(res).success).toBe(true);
    const row = await db().selectFrom('settlementOrg').selectAll().where('code', '=', 'QA_U').executeTakeFirst();
    expect(row).toMatchObject({ createBy: 'admin', version: 1 });
    expect(row?.id).not.toBe('mine');
  });
});

describe('users of an organisation', () => {
  it('lists, adds (skipping linked users), refuses unknown users, removes', async () => {
    const o = await addOrg('QA_USERS');
    const lisi = await userIdOf(db(), 'lisi');
    const wangwu = await userIdOf(db(), 'wangwu');
    expect(
      body(await call('POST', '/sys/settlementOrg/addUsers', { settlementOrgId: o.id, userIds: [lisi] })),
    ).toMatchObject({
      success: true,
      message: ADMIN_TEXT.added,
    });
    const again = await call('POST', '/sys/settlementOrg/addUsers', {
      settlementOrgId: o.id,
      userIds: `${lisi},${wangwu},`,
    });
    expect(body(again).success).toBe(true);
    expect(await usersOf(o.id)).toEqual([lisi, wangwu].sort());

    const page = body<Page<PickerUser>>(await call('GET', `/sys/settlementOrg/users?settlementOrgId=${o.id}`));
    expect(page.result.total).toBe(2);
    expect(page.result.records.map((u) => u.username).sort()).toEqual(['lisi', 'wangwu']);
    expect(JSON.stringify(page.result.records)).not.toMatch(/password|salt/);
    const one = body<Page<PickerUser>>(
      await call('GET', `/sys/settlementOrg/users?settlementOrgId=${o.id}&username=lisi`),
    );
    expect(one.result.records.map((u) => u.username)).toEqual(['lisi']);
    const hostile = await call(
      'GET',
      `/sys/settlementOrg/users?settlementOrgId=${o.id}&realname=${encodeURIComponent("' or '1'='1")}`,
    );
    expect(body(hostile)).toMatchObject({ success: true, result: { total: 0 } });
    expect(body(await call('GET', '/sys/settlementOrg/users'))).toMatchObject({
      success: false,
      message: SETTLEMENT_TEXT.idRequired,
    });

    const unknown = await call('POST', '/sys/settlementOrg/addUsers', { settlementOrgId: o.id, userIds: [newId()] });
    expect(body(unknown)).toMatchObject({ success: false, message: SETTLEMENT_TEXT.userUnknown });
    expect(
      body(await call('POST', '/sys/settlementOrg/addUsers', { settlementOrgId: o.id, userIds: [] })),
    ).toMatchObject({ success: false, message: SETTLEMENT_TEXT.userIdsRequired });
    expect(await usersOf(o.id)).toHaveLength(2);

    // Linked users block the delete, with the reason.
    const del = await call('DELETE', `/sys/settlementOrg/delete?id=${o.id}`);
    expect(body(del)).toMatchObject({ success: false, message: SETTLEMENT_TEXT.hasUsers(o.name, 2) });

    expect(
      body(await call('DELETE', `/sys/settlementOrg/removeUsers?settlementOrgId=${o.id}&userIds=${lisi}`)),
    ).toMatchObject({ success: true });
    expect(await usersOf(o.id)).toEqual([wangwu]);
    expect(
      body(await call('POST', '/sys/settlementOrg/removeUsers', { settlementOrgId: o.id, userIds: [wangwu] })),
    ).toMatchObject({ success: true });
    expect(await usersOf(o.id)).toEqual([]);
    expect(body(await call('DELETE', `/sys/settlementOrg/delete?id=${o.id}`))).toMatchObject({
      success: true,
      message: ADMIN_TEXT.deleted,
    });
  });
});

describe('delete', () => {
  it('refuses while ledgers exist; deleteBatch is all or nothing', async () => {
    const a = await addOrg('QA_DEL_A', '甲');
    const b = await addOrg('QA_DEL_B', '乙');
    await db()
      .insertInto('ledger')
      .values({ id: newId(), code: 'QA_L1', name: '测试账簿', settlementOrgId: b.id })
      .execute();
    const batch = await call('DELETE', `/sys/settlementOrg/deleteBatch?ids=${a.id},${b.id}`);
    expect(body(batch)).toMatchObject({ success: false, message: SETTLEMENT_TEXT.hasLedgers('乙', 1) });
    expect(await db().selectFrom('settlementOrg').select('id').where('id', 'in', [a.id, b.id]).execute()).toHaveLength(
      2,
    );

    const so1 = await db()
      .selectFrom('settlementOrg')
      .select(['id', 'name'])
      .where('code', '=', 'SO001')
      .executeTakeFirstOrThrow();
    expect(body(await call('DELETE', `/sys/settlementOrg/delete?id=${so1.id}`)).success).toBe(false);

    // A link left by a logically deleted user does not block the delete and goes with it.
    const zhangsan = await userIdOf(db(), 'zhangsan');
    await db()
      .insertInto('sysUserSettlementOrg')
      .values({ id: newId(), userId: zhangsan, settlementOrgId: a.id })
      .execute();
    await db().updateTable('sysUser').set({ delFlag: 1 }).where('id', '=', zhangsan).execute();
    expect(body(await call('DELETE', `/sys/settlementOrg/deleteBatch?ids=${a.id}`))).toMatchObject({ success: true });
    expect(await usersOf(a.id)).toEqual([]);
    await db().updateTable('sysUser').set({ delFlag: 0 }).where('id', '=', zhangsan).execute();

    expect(body(await call('DELETE', '/sys/settlementOrg/deleteBatch?ids='))).toMatchObject({
      success: false,
      message: SETTLEMENT_TEXT.idsRequired,
    });
    expect(body(await call('DELETE', `/sys/settlementOrg/delete?id=${a.id}`))).toMatchObject({
      success: false,
      message: ADMIN_TEXT.notFound,
    });
  });
});

describe('permissions', () => {
  it('refuses staff and the guest on every settlement route', async () => {
    for (const username of ['zhangsan', 'guest']) {
      const token = await login(t.app, username);
      for (const [method, url] of [
        ['GET', '/sys/settlementOrg/list'],
        ['GET', '/sys/settlementOrg/queryById?id=x'],
        ['POST', '/sys/settlementOrg/add'],
        ['PUT', '/sys/settlementOrg/edit'],
        ['DELETE', '/sys/settlementOrg/delete?id=x'],
        ['DELETE', '/sys/settlementOrg/deleteBatch?ids=x'],
        ['GET', '/sys/settlementOrg/users?settlementOrgId=x'],
        ['POST', '/sys/settlementOrg/addUsers'],
        ['DELETE', '/sys/settlementOrg/removeUsers?settlementOrgId=x&userIds=y'],
      ] as const) {
        const res = await call(method, url, method === 'POST' || method === 'PUT' ? {} : undefined, token);
        expect(res.statusCode, `${username} ${method} ${url}`).toBe(403);
      }
    }
  });
});
