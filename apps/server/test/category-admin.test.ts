/**
 * Category dictionary administration (issue 14, contract §2.5 "Admin"): rootList / childList / getChildListBatch,
 * generated hierarchical codes, add / edit / move with the subtree's codes following, parent cycles, delete refused
 * while children remain, checkCode, the picker reads seeing writes at once, permissions and hostile input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { CATEGORY_TEXT, type CategoryRecord } from '@houtai/shared/contract/category';
import type { Page } from '@houtai/shared/contract/common';
import { nextCategoryCode, segmentAt, segmentOrdinal } from '../src/modules/category/category-code.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let guest: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, guest] = await Promise.all([login(t.app, 'admin'), login(t.app, 'guest')]);
});
afterAll(async () => {
  await t.close();
});

async function call<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token: string | null = admin,
) {
  const res = await api(t.app, token, { method, url, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: body<T>(res) };
}
const get = <T = unknown>(url: string, token: string | null = admin) => call<T>('GET', url, undefined, token);

async function idOf(code: string): Promise<string> {
  return (await t.handle.db.selectFrom('sysCategory').select('id').where('code', '=', code).executeTakeFirstOrThrow())
    .id;
}
async function row(id: string) {
  return t.handle.db.selectFrom('sysCategory').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
async function snapshot() {
  return t.handle.db.selectFrom('sysCategory').selectAll().orderBy('id').execute();
}
async function add(payload: object): Promise<CategoryRecord> {
  const res = await call<CategoryRecord>('POST', '/sys/category/add', payload);
  expect(res.body.success, res.body.message).toBe(true);
  expect(res.body.message).toBe(ADMIN_TEXT.added);
  return res.body.result;
}
async function edit(payload: object, method: 'PUT' | 'POST' = 'PUT') {
  return call<CategoryRecord>(method, '/sys/category/edit', payload);
}

describe('code rule', () => {
  it('follows A01 … A99, B01 … Z99, Z99A01 among the siblings, skipping used prefixes', async () => {
    const none = async () => false;
    expect(segmentAt(0)).toBe('A01');
    expect(segmentAt(99)).toBe('B01');
    expect(segmentOrdinal('Z99A01')).toBe(segmentOrdinal('Z99')! + 1);
    expect(await nextCategoryCode('', [], none, 100)).toBe('A01');
    expect(await nextCategoryCode('A01', ['A01A01', 'A01A99', 'A01xyz'], none, 100)).toBe('A01B01');
    expect(await nextCategoryCode('', ['Z99'], none, 100)).toBe('Z99A01');
    expect(await nextCategoryCode('', ['A01'], async (c) => c === 'A02', 100)).toBe('A03');
    expect(await nextCategoryCode('A'.repeat(98), [], none, 100)).toBeNull();
  });
});

describe('reads', () => {
  it('rootList pages the top level with hasChild; childList and getChildListBatch the children', async () => {
    const res = await get<Page<CategoryRecord>>('/sys/category/rootList?pageNo=1&pageSize=10&hasQuery=true');
    expect(res.body.success).toBe(true);
    const codes = res.body.result.records.map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['A01', 'B01']));
    expect(res.body.result.records.every((r) => r.pid === '0')).toBe(true);
    expect(res.body.result.records.find((r) => r.code === 'A01')).toMatchObject({ name: '业务来源', hasChild: '1' });
    // What the Vue 2 list mixin sends: its default sort, a cache-buster, hasQuery.
    const vue2 = await get<Page<CategoryRecord>>(
      '/sys/category/rootList?_t=1732600000&column=createTime&order=desc&field=id,,name,code,action&pageNo=1&pageSize=10&hasQuery=true',
    );
    expect(vue2.body.success, vue2.body.message).toBe(true);
    expect(vue2.body.result.records.length).toBeGreaterThanOrEqual(2);
    const one = await get<Page<CategoryRecord>>('/sys/category/rootList?pageNo=2&pageSize=1&column=code&order=desc');
    expect(one.body.result.records).toHaveLength(1);
    expect(one.body.result.current).toBe(2);

    const a01 = await idOf('A01');
    const kids = await get<CategoryRecord[]>(`/sys/category/childList?pid=${a01}`);
    expect(kids.body.result.map((r) => r.code)).toEqual(['A01A01', 'A01A02', 'A01A03', 'A01A04', 'A01A05']);
    const b01 = await idOf('B01');
    const batch = await get<Page<CategoryRecord>>(`/sys/category/getChildListBatch?parentIds=${a01},${b01},`);
    expect(batch.body.result.total).toBe(8);
    const byId = await get<CategoryRecord>(`/sys/category/queryById?id=${a01}`);
    expect(byId.body.result).toMatchObject({ code: 'A01', pid: '0', version: 1 });
  });

  it('a name or code search looks at every level (contains; JeecgBoot * wildcards accepted)', async () => {
    const res = await get<Page<CategoryRecord>>(`/sys/category/rootList?name=${encodeURIComponent('*采购*')}`);
    expect(res.body.result.records.map((r) => r.name).sort()).toEqual(
      ['采购业务', '采购入库', '采购发票', '采购退货'].sort(),
    );
    const byCode = await get<Page<CategoryRecord>>('/sys/category/rootList?code=A02A03');
    expect(byCode.body.result.records.map((r) => r.code)).toEqual(['A01A02A03', 'A01A02A03A01', 'A01A02A03A02']);
  });
});

describe('add', () => {
  it('generates the next code on each level, sets the parent hasChild, and the pickers see it at once', async () => {
    const root = await add({ name: '测试根分类', code: '', hasChild: '1', id: 'chosen' });
    expect(root.code).toBe('B02');
    expect(root.pid).toBe('0');
    expect(root.id).not.toBe('chosen');
    expect(root.hasChild).toBe('0');
    expect(root.createBy).toBe('admin');
    const child = await add({ pid: root.id, name: '测试子分类' });
    expect(child.code).toBe('B02A01');
    const child2 = await add({ pid: root.id, name: '测试子分类二' });
    expect(child2.code).toBe('B02A02');
    expect((await row(root.id)).hasChild).toBe('1');
    const a01 = await idOf('A01');
    expect((await add({ pid: a01, name: '新业务' })).code).toBe('A01A06');

    const tree = await get<{ key: string; code: string }[]>(`/sys/category/loadTreeChildren?pid=${root.id}`);
    expect(tree.body.result.map((n) => n.code)).toEqual(['B02A01', 'B02A02']);
    const names = await get<string[]>(`/sys/category/loadDictItem?ids=${child.id}`);
    expect(names.body.result).toEqual(['测试子分类']);
    const rootTree = await get<{ code: string; leaf: boolean }[]>('/sys/category/loadTreeRoot?async=true&pcode=B02');
    expect(rootTree.body.result.map((n) => n.code)).toEqual(['B02A01', 'B02A02']);
  });

  it('takes a typed code that continues the parent and is free; refuses others and stores nothing', async () => {
    const b02 = await idOf('B02');
    const typed = await add({ pid: b02, name: '手填编码', code: 'B02X1' });
    expect(typed.code).toBe('B02X1');
    const before = await snapshot();
    const cases: [object, string][] = [
      [{ pid: b02, name: '错前缀', code: 'A01Z01' }, CATEGORY_TEXT.codePrefix('B02')],
      [{ pid: b02, name: '同上级', code: 'B02' }, CATEGORY_TEXT.codeSameAsParent],
      [{ pid: b02, name: '重复', code: 'B02A01' }, CATEGORY_TEXT.codeTaken],
      [{ name: '重复根', code: 'A01' }, CATEGORY_TEXT.codeTaken],
      [{ pid: 'no-such-parent', name: '孤儿' }, CATEGORY_TEXT.parentNotFound],
      [{ pid: "1' or '1'='1", name: '注入' }, CATEGORY_TEXT.idInvalid],
      [{ name: '' }, CATEGORY_TEXT.nameRequired],
      [{}, CATEGORY_TEXT.nameRequired],
      [{ name: '长'.repeat(101) }, CATEGORY_TEXT.nameTooLong],
      [{ name: '坏编码', code: "A'; drop table sys_category; --" }, CATEGORY_TEXT.codeInvalid],
      [{ name: '长编码', code: 'A'.repeat(101) }, CATEGORY_TEXT.codeTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/sys/category/add', payload);
      expect(res.body.success, JSON.stringify(payload)).toBe(false);
      expect(res.body.message).toBe(message);
      expect(res.status).toBeLessThan(500);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('edit and move', () => {
  it('renames (PUT and POST), checks the version', async () => {
    const id = await idOf('B02A02');
    const put = await edit({ id, name: '改名一', version: 1 });
    expect(put.body.success, put.body.message).toBe(true);
    expect(put.body.message).toBe(ADMIN_TEXT.edited);
    expect(put.body.result).toMatchObject({ name: '改名一', code: 'B02A02', version: 2, updateBy: 'admin' });
    const stale = await edit({ id, name: '旧版本', version: 1 }, 'POST');
    expect(stale.body).toMatchObject({ success: false, message: ADMIN_TEXT.stale });
    const post = await edit({ id, name: '改名二' }, 'POST');
    expect(post.body.result.name).toBe('改名二');
    const names = await get<string[]>(`/sys/category/loadDictItem?ids=${id}`);
    expect(names.body.result).toEqual(['改名二']);
  });

  it('a move regenerates the code under the new parent; descendants follow; hasChild follows on both sides', async () => {
    const b02 = await idOf('B02');
    const sub = await add({ pid: await idOf('B02A01'), name: '孙分类' });
    expect(sub.code).toBe('B02A01A01');
    const a01 = await idOf('A01');
    const moving = await idOf('B02A01');
    const res = await edit({ id: moving, pid: a01, name: '搬家分类', code: 'B02A01' });
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result).toMatchObject({ pid: a01, code: 'A01A07' });
    expect((await row(sub.id)).code).toBe('A01A07A01');
    // B02 still has B02A02 and B02X1.
    expect((await row(b02)).hasChild).toBe('1');
    // Moving the last children away clears the old parent's flag.
    for (const code of ['B02A02', 'B02X1']) {
      const moved = await edit({ id: await idOf(code), pid: '0', name: code });
      expect(moved.body.success, moved.body.message).toBe(true);
    }
    expect((await row(b02)).hasChild).toBe('0');
    const tops = await get<{ code: string }[]>('/sys/category/loadTreeRoot?async=true&pcode=');
    expect(tops.body.result.map((n) => n.code)).toEqual(expect.arrayContaining(['B02X1']));
    const x1 = await idOf('B02X1');
    expect((await row(x1)).pid).toBe('0');
  });

  it('a typed code change rewrites the descendants; a code not continuing the parent is refused', async () => {
    const id = await idOf('A01A07');
    const res = await edit({ id, name: '搬家分类', code: 'A01A08' });
    expect(res.body.success, res.body.message).toBe(true);
    expect(await idOf('A01A08A01')).toBeTruthy();
    const before = await snapshot();
    const bad = await edit({ id, name: '搬家分类', code: 'B01A09' });
    expect(bad.body).toMatchObject({ success: false, message: CATEGORY_TEXT.codePrefix('A01') });
    const taken = await edit({ id, name: '搬家分类', code: 'A01A01' });
    expect(taken.body).toMatchObject({ success: false, message: CATEGORY_TEXT.codeTaken });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a parent cycle (itself or a descendant) and unknown ids, changing nothing', async () => {
    const before = await snapshot();
    const a01 = await idOf('A01');
    for (const pid of [a01, await idOf('A01A01'), await idOf('A01A02A03A01')]) {
      const res = await edit({ id: a01, pid, name: '业务来源' });
      expect(res.body).toMatchObject({ success: false, message: CATEGORY_TEXT.parentCycle });
    }
    const missing = await edit({ id: 'no-such-id', name: 'x' });
    expect(missing.body).toMatchObject({ success: false, message: ADMIN_TEXT.notFound });
    const badParent = await edit({ id: a01, pid: 'nope', name: 'x' });
    expect(badParent.body).toMatchObject({ success: false, message: CATEGORY_TEXT.parentNotFound });
    expect(await snapshot()).toEqual(before);
  });
});

describe('delete', () => {
  it('refuses while children remain; deletes leaves and whole subtrees in one batch; parents follow', async () => {
    const a0102 = await idOf('A01A02A03');
    const before = await snapshot();
    const refused = await call('DELETE', `/sys/category/delete?id=${a0102}`);
    expect(refused.body).toMatchObject({ success: false, message: CATEGORY_TEXT.hasChildren('销售发票') });
    expect(await snapshot()).toEqual(before);

    const leaf1 = await idOf('A01A02A03A01');
    const leaf2 = await idOf('A01A02A03A02');
    const one = await call('DELETE', `/sys/category/delete?id=${leaf1}`);
    expect(one.body).toMatchObject({ success: true, message: ADMIN_TEXT.deleted });
    expect((await row(a0102)).hasChild).toBe('1');
    const batch = await call('DELETE', `/sys/category/deleteBatch?ids=${leaf2},`);
    expect(batch.body.success).toBe(true);
    expect((await row(a0102)).hasChild).toBe('0');

    const moved = await idOf('A01A08');
    const grandchild = await idOf('A01A08A01');
    const subtree = await call('DELETE', `/sys/category/deleteBatch?ids=${moved},${grandchild}`);
    expect(subtree.body.success, subtree.body.message).toBe(true);
    const gone = await get<string[]>(`/sys/category/loadDictItem?ids=${moved}&delNotExist=true`);
    expect(gone.body.result).toEqual([]);

    const missing = await call('DELETE', '/sys/category/delete?id=no-such-id');
    expect(missing.body).toMatchObject({ success: false, message: ADMIN_TEXT.notFound });
    const empty = await call('DELETE', '/sys/category/deleteBatch?ids=');
    expect(empty.body.success).toBe(false);
    expect(empty.body.message).toBe(CATEGORY_TEXT.idsRequired);
  });
});

describe('checkCode', () => {
  it('answers whether the code continues the parent and is free', async () => {
    const a01 = await idOf('A01');
    const okRes = await get(`/sys/category/checkCode?pid=${a01}&code=A01Q01`);
    expect(okRes.body.success).toBe(true);
    const wrong = await get(`/sys/category/checkCode?pid=${a01}&code=B01Q01`);
    expect(wrong.body).toMatchObject({ success: false, message: CATEGORY_TEXT.codePrefix('A01') });
    const taken = await get(`/sys/category/checkCode?pid=${a01}&code=A01A01`);
    expect(taken.body).toMatchObject({ success: false, message: CATEGORY_TEXT.codeTaken });
    const self = await get(`/sys/category/checkCode?pid=${a01}&code=A01A01&id=${await idOf('A01A01')}`);
    expect(self.body.success).toBe(true);
    const empty = await get(`/sys/category/checkCode?pid=${a01}`);
    expect(empty.body).toMatchObject({ success: false, message: CATEGORY_TEXT.codeEmpty });
  });
});

describe('permissions and hostile input', () => {
  it('refuses the low-privilege user on every call and changes nothing', async () => {
    const before = await snapshot();
    const a01 = await idOf('A01');
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/sys/category/rootList'],
      ['GET', `/sys/category/childList?pid=${a01}`],
      ['GET', `/sys/category/getChildListBatch?parentIds=${a01}`],
      ['GET', `/sys/category/queryById?id=${a01}`],
      ['GET', `/sys/category/checkCode?code=A01`],
      ['POST', '/sys/category/add', { name: '越权' }],
      ['PUT', '/sys/category/edit', { id: a01, name: '越权' }],
      ['POST', '/sys/category/edit', { id: a01, name: '越权' }],
      ['DELETE', `/sys/category/delete?id=${a01}`],
      ['DELETE', `/sys/category/deleteBatch?ids=${a01}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, payload, guest);
      expect(res.body.success, `${method} ${url}`).toBe(false);
      const anon = await call(method, url, payload, null);
      expect(anon.status, `${method} ${url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('SQL in filters and sorts, unknown sort fields and oversized pages get a Chinese message, never a 500', async () => {
    const inj = await get<Page<CategoryRecord>>(
      `/sys/category/rootList?name=${encodeURIComponent("' or 1=1 --")}&code=${encodeURIComponent('%_')}`,
    );
    expect(inj.body.success).toBe(true);
    expect(inj.body.result.total).toBe(0);
    for (const q of [
      'column=name;drop table sys_category&order=asc',
      'column=password&order=asc',
      'column=code&order=sideways',
      'pageSize=100000',
      'pageNo=-1',
      `name=${'x'.repeat(101)}`,
      `pid=${encodeURIComponent("0' or '1'='1")}`,
    ]) {
      const res = await get(`/sys/category/rootList?${q}`);
      expect(res.body.success, q).toBe(false);
      expect(res.status, q).toBeLessThan(500);
      expect(res.body.message, q).toMatch(/[\u4e00-\u9fa5]/);
      expect(res.body.message, q).not.toMatch(/select|sqlite|syntax/i);
    }
    const tooMany = Array.from({ length: 501 }, (_, i) => `id${i}`).join(',');
    const batch = await call('DELETE', `/sys/category/deleteBatch?ids=${tooMany}`);
    expect(batch.body).toMatchObject({ success: false, message: ADMIN_TEXT.tooManyIds });
    const huge = await call('POST', '/sys/category/add', { name: '大'.repeat(200_000) });
    expect(huge.body.success).toBe(false);
    expect(huge.status).toBeLessThan(500);
  });
});
