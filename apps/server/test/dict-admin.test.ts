/**
 * Dictionary administration (issue 14 item 5, contract §2.4 "Admin"): /sys/dict and /sys/dictItem CRUD, the code and
 * value uniqueness (also as /sys/duplicate/check sees it), logical delete with the recycle bin, the dictionary
 * answers changing at once on a second instance sharing the database, permissions, and hostile input (SQL in
 * filters and sorts, unknown fields, oversized payloads) — answers, what is stored, nothing changed after a refusal.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { TEXT } from '@houtai/shared/constants';
import { DICT_TEXT, type DictItemRecord, type DictRecord } from '@houtai/shared/contract/dict-admin';
import type { DictModel } from '@houtai/shared/contract/dict';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DbHandle } from '../src/db/connection.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

let t: TestContext;
let admin: string;
let guest: string;
/** A second instance on the same database (its own connection), as another server of a cluster. */
let second: { app: FastifyInstance; handle: DbHandle };
let secondAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
  guest = await login(t.app, 'guest');
  const handle = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
  const app = await buildApp(t.config, { database: handle, logger: false });
  await app.ready();
  second = { app, handle };
  secondAdmin = await login(second.app, 'admin');
});
afterAll(async () => {
  await second.app.close();
  await second.handle.close();
  await t.close();
});

const db = () => t.handle.db;

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) {
  return api(t.app, token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function count(table: 'sysDict' | 'sysDictItem'): Promise<number> {
  const row = await db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n);
}

async function addDict(dictCode: string, extra: Record<string, unknown> = {}): Promise<DictRecord> {
  const res = await call('POST', '/sys/dict/add', { dictName: `名称${dictCode}`, dictCode, ...extra });
  const b = body<DictRecord>(res);
  expect(b, b.message).toMatchObject({ success: true });
  return b.result;
}

async function addItem(
  dictId: string,
  itemValue: string,
  extra: Record<string, unknown> = {},
): Promise<DictItemRecord> {
  const res = await call('POST', '/sys/dictItem/add', { dictId, itemText: `项${itemValue}`, itemValue, ...extra });
  const b = body<DictItemRecord>(res);
  expect(b, b.message).toMatchObject({ success: true });
  return b.result;
}

async function allItems(app: FastifyInstance, token: string): Promise<Record<string, DictModel[]>> {
  const res = await api(app, token, { method: 'GET', url: '/sys/dict/queryAllDictItems' });
  return body<Record<string, DictModel[]>>(res).result;
}

describe('dictionaries', () => {
  it('lists live dictionaries in the IPage shape with name/code filters and registry sorts', async () => {
    const res = await call('GET', '/sys/dict/list?pageNo=1&pageSize=5&column=createTime&order=desc');
    expect(res.statusCode).toBe(200);
    const page = body<Page<DictRecord>>(res).result;
    expect(page.records.length).toBe(5);
    expect(page.total).toBeGreaterThan(5);
    expect(page).toMatchObject({ current: 1, size: 5 });
    expect(Object.keys(page.records[0]!).sort()).toEqual(
      [
        'id',
        'dictName',
        'dictCode',
        'description',
        'delFlag',
        'type',
        'createBy',
        'createTime',
        'updateBy',
        'updateTime',
        'version',
      ].sort(),
    );
    const sex = body<Page<DictRecord>>(await call('GET', '/sys/dict/list?dictCode=sex')).result;
    expect(sex.records.map((r) => r.dictCode)).toContain('sex');
    // The Vue 2 client's `*` wildcards are stripped; the name matches as "contains".
    const byName = body<Page<DictRecord>>(await call('GET', `/sys/dict/list?dictName=${encodeURIComponent('*性别*')}`));
    expect(byName.result.records.map((r) => r.dictCode)).toContain('sex');
    const tree = body<{ key: string; title: string; dictCode: string }[]>(await call('GET', '/sys/dict/treeList'));
    expect(tree.result.find((n) => n.dictCode === 'sex')).toMatchObject({ title: '性别' });
  });

  it('adds, edits (PUT and POST) and checks the code against every dictionary', async () => {
    const d = await addDict('qa_color', { description: '颜色', type: '0', unknownField: 'x' });
    expect(d).toMatchObject({
      dictName: '名称qa_color',
      dictCode: 'qa_color',
      description: '颜色',
      type: 0,
      delFlag: 0,
    });
    expect(d.createBy).toBe('admin');
    const dup = await call('POST', '/sys/dict/add', { dictName: '重复', dictCode: 'qa_color' });
    expect(body(dup)).toMatchObject({ success: false, message: DICT_TEXT.dictCodeTaken });
    // /sys/duplicate/check agrees.
    const check = await call('GET', '/sys/duplicate/check?tableName=sys_dict&fieldName=dict_code&fieldVal=qa_color');
    expect(body(check)).toMatchObject({ success: false, message: TEXT.duplicateTaken });
    const own = await call(
      'GET',
      `/sys/duplicate/check?tableName=sys_dict&fieldName=dict_code&fieldVal=qa_color&dataId=${d.id}`,
    );
    expect(body(own)).toMatchObject({ success: true });

    const put = await call('PUT', '/sys/dict/edit', { id: d.id, dictName: '颜色', dictCode: 'qa_colour', version: 1 });
    expect(body<DictRecord>(put)).toMatchObject({ success: true, result: { dictCode: 'qa_colour', version: 2 } });
    // A stale version is refused; a description left out is kept.
    const stale = await call('POST', '/sys/dict/edit', { id: d.id, dictName: 'x', dictCode: 'qa_colour', version: 1 });
    expect(body(stale)).toMatchObject({ success: false, message: ADMIN_TEXT.stale });
    const post = await call('POST', '/sys/dict/edit', { id: d.id, dictName: '颜色2', dictCode: 'qa_colour' });
    expect(body<DictRecord>(post).result).toMatchObject({ dictName: '颜色2', description: '颜色', version: 3 });
    const taken = await call('PUT', '/sys/dict/edit', { id: d.id, dictName: 'x', dictCode: 'sex' });
    expect(body(taken)).toMatchObject({ success: false, message: DICT_TEXT.dictCodeTaken });
  });

  it('deletes logically, keeps the code, restores and purges', async () => {
    const d = await addDict('qa_bin');
    await addItem(d.id, 'a');
    expect((await allItems(t.app, admin)).qa_bin).toHaveLength(1);
    expect(body(await call('DELETE', `/sys/dict/delete?id=${d.id}`))).toMatchObject({ success: true });
    const row = await db().selectFrom('sysDict').select('delFlag').where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row.delFlag).toBe(1);
    expect(await db().selectFrom('sysDictItem').select('id').where('dictId', '=', d.id).execute()).toHaveLength(1);
    expect((await allItems(t.app, admin)).qa_bin).toBeUndefined();
    const listed = body<Page<DictRecord>>(await call('GET', '/sys/dict/list?dictCode=qa_bin')).result;
    expect(listed.total).toBe(0);
    expect(body<DictRecord[]>(await call('GET', '/sys/dict/deleteList')).result.map((r) => r.id)).toContain(d.id);
    // Deleting again, or editing a deleted dictionary or adding to it, is refused.
    expect(body(await call('DELETE', `/sys/dict/delete?id=${d.id}`))).toMatchObject({
      success: false,
      message: ADMIN_TEXT.notFound,
    });
    expect(
      body(await call('POST', '/sys/dictItem/add', { dictId: d.id, itemText: 'b', itemValue: 'b' })),
    ).toMatchObject({ success: false, message: ADMIN_TEXT.notFound });
    // The code stays taken while the dictionary is in the recycle bin.
    const add = await call('POST', '/sys/dict/add', { dictName: 'x', dictCode: 'qa_bin' });
    expect(body(add)).toMatchObject({ success: false, message: DICT_TEXT.dictCodeTakenDeleted });
    // Restore, then purge (only from the recycle bin).
    expect(body(await call('PUT', `/sys/dict/back/${d.id}`))).toMatchObject({ success: true });
    expect((await allItems(t.app, admin)).qa_bin).toHaveLength(1);
    expect(body(await call('DELETE', `/sys/dict/deletePhysic/${d.id}`))).toMatchObject({
      success: false,
      message: DICT_TEXT.notDeleted,
    });
    await call('DELETE', `/sys/dict/delete?id=${d.id}`);
    expect(body(await call('DELETE', `/sys/dict/deletePhysic/${d.id}`))).toMatchObject({ success: true });
    expect(await db().selectFrom('sysDict').select('id').where('id', '=', d.id).execute()).toHaveLength(0);
    expect(await db().selectFrom('sysDictItem').select('id').where('dictId', '=', d.id).execute()).toHaveLength(0);
  });

  it('deleteBatch is all or nothing', async () => {
    const a = await addDict('qa_batch_a');
    const b = await addDict('qa_batch_b');
    const bad = await call('DELETE', `/sys/dict/deleteBatch?ids=${a.id},${b.id},nosuchid`);
    expect(body(bad)).toMatchObject({ success: false, message: ADMIN_TEXT.notFound });
    const live = await db().selectFrom('sysDict').select('delFlag').where('id', 'in', [a.id, b.id]).execute();
    expect(live.map((r) => r.delFlag)).toEqual([0, 0]);
    expect(body(await call('DELETE', `/sys/dict/deleteBatch?ids=${a.id},${b.id},`))).toMatchObject({ success: true });
    const gone = await db().selectFrom('sysDict').select('delFlag').where('id', 'in', [a.id, b.id]).execute();
    expect(gone.map((r) => r.delFlag)).toEqual([1, 1]);
  });
});

describe('dictionary items', () => {
  let dict: DictRecord;
  beforeAll(async () => {
    dict = await addDict('qa_level');
  });

  it('adds items, lists them in sortOrder with filters, and keeps values unique in the dictionary', async () => {
    const b = await addItem(dict.id, 'B', { sortOrder: 2, itemColor: '#ff0000', description: '乙' });
    const a = await addItem(dict.id, 'A', { sortOrder: '1' });
    const c = await addItem(dict.id, 'C', { sortOrder: 3, status: 0 });
    expect(a).toMatchObject({ status: 1, status_dictText: '启用', sortOrder: 1, createBy: 'admin' });
    expect(c).toMatchObject({ status: 0, status_dictText: '不启用' });
    // The Vue 2 client's createTime desc is ignored: items come in sortOrder.
    const page = body<Page<DictItemRecord>>(
      await call('GET', `/sys/dictItem/list?dictId=${dict.id}&column=createTime&order=desc`),
    ).result;
    expect(page.records.map((r) => r.itemValue)).toEqual(['A', 'B', 'C']);
    expect(page.records[1]).toMatchObject({ itemColor: '#ff0000', description: '乙' });
    const enabled = body<Page<DictItemRecord>>(await call('GET', `/sys/dictItem/list?dictId=${dict.id}&status=1`));
    expect(enabled.result.records.map((r) => r.itemValue)).toEqual(['A', 'B']);
    const byText = body<Page<DictItemRecord>>(
      await call('GET', `/sys/dictItem/list?dictId=${dict.id}&itemText=${encodeURIComponent('项B')}`),
    );
    expect(byText.result.records.map((r) => r.id)).toEqual([b.id]);

    // Uniqueness: add, edit and dictItemCheck; the same value in another dictionary is fine.
    const dup = await call('POST', '/sys/dictItem/add', { dictId: dict.id, itemText: 'x', itemValue: 'A' });
    expect(body(dup)).toMatchObject({ success: false, message: DICT_TEXT.itemValueTaken });
    const check = await call('GET', `/sys/dictItem/dictItemCheck?dictId=${dict.id}&itemValue=A`);
    expect(body(check)).toMatchObject({ success: false, message: DICT_TEXT.itemValueTaken });
    const own = await call('GET', `/sys/dictItem/dictItemCheck?dictId=${dict.id}&itemValue=A&id=${a.id}`);
    expect(body(own)).toMatchObject({ success: true, message: DICT_TEXT.itemValueFree });
    const free = await call('GET', `/sys/dictItem/dictItemCheck?dictId=${dict.id}&itemValue=D`);
    expect(body(free)).toMatchObject({ success: true });
    const other = await addDict('qa_level_other');
    await addItem(other.id, 'A');
    const clash = await call('PUT', '/sys/dictItem/edit', { id: b.id, dictId: dict.id, itemText: 'x', itemValue: 'A' });
    expect(body(clash)).toMatchObject({ success: false, message: DICT_TEXT.itemValueTaken });
  });

  it('edits items (PUT and POST), never moving them to another dictionary, and deletes them', async () => {
    const item = await addItem(dict.id, 'E', { description: '保留' });
    const put = await call('PUT', '/sys/dictItem/edit', {
      id: item.id,
      dictId: dict.id,
      itemText: '改名',
      itemValue: 'E2',
      sortOrder: 9,
      status: '0',
    });
    expect(body<DictItemRecord>(put).result).toMatchObject({
      itemText: '改名',
      itemValue: 'E2',
      sortOrder: 9,
      status: 0,
      description: '保留',
      version: 2,
    });
    const other = await addDict('qa_move');
    const move = await call('POST', '/sys/dictItem/edit', {
      id: item.id,
      dictId: other.id,
      itemText: 'x',
      itemValue: 'x',
    });
    expect(body(move)).toMatchObject({ success: false, message: ADMIN_TEXT.notFound });
    const stale = await call('POST', '/sys/dictItem/edit', { id: item.id, itemText: 'x', itemValue: 'x', version: 1 });
    expect(body(stale)).toMatchObject({ success: false, message: ADMIN_TEXT.stale });

    const x = await addItem(dict.id, 'X');
    const y = await addItem(dict.id, 'Y');
    expect(body(await call('DELETE', `/sys/dictItem/delete?id=${item.id}`))).toMatchObject({ success: true });
    const partial = await call('DELETE', `/sys/dictItem/deleteBatch?ids=${x.id},${item.id}`);
    expect(body(partial)).toMatchObject({ success: false, message: ADMIN_TEXT.notFound });
    expect(await db().selectFrom('sysDictItem').select('id').where('id', '=', x.id).execute()).toHaveLength(1);
    expect(body(await call('DELETE', `/sys/dictItem/deleteBatch?ids=${x.id},${y.id}`))).toMatchObject({
      success: true,
    });
    expect(await db().selectFrom('sysDictItem').select('id').where('id', 'in', [x.id, y.id]).execute()).toHaveLength(0);
  });

  it('numeric dictionaries take numeric values only', async () => {
    const n = await addDict('qa_numeric', { type: 1 });
    const res = await call('POST', '/sys/dictItem/add', { dictId: n.id, itemText: 'x', itemValue: 'abc' });
    expect(body(res)).toMatchObject({ success: false, message: DICT_TEXT.itemValueNumeric });
    await addItem(n.id, '10');
    const s = await addDict('qa_text_values');
    await addItem(s.id, 'abc');
    const toNumeric = await call('PUT', '/sys/dict/edit', {
      id: s.id,
      dictName: 'x',
      dictCode: 'qa_text_values',
      type: 1,
    });
    expect(body(toNumeric)).toMatchObject({ success: false, message: DICT_TEXT.itemValueNumeric });
  });
});

describe('every instance sees a write at once', () => {
  it('queryAllDictItems, getDictText and the login result of a second instance change with the first one’s writes', async () => {
    expect((await allItems(second.app, secondAdmin)).qa_cluster).toBeUndefined();
    const d = await addDict('qa_cluster');
    const item = await addItem(d.id, '1', { itemText: '一' });
    expect((await allItems(second.app, secondAdmin)).qa_cluster).toEqual([
      { value: '1', text: '一', title: '一', label: '一' },
    ]);
    const text = await api(second.app, secondAdmin, { method: 'GET', url: '/sys/dict/getDictText/qa_cluster/1' });
    expect(body(text).result).toBe('一');
    // An edit on the first instance, read on the second.
    await call('PUT', '/sys/dictItem/edit', { id: item.id, itemText: '壹', itemValue: '1' });
    expect((await allItems(second.app, secondAdmin)).qa_cluster?.[0]?.text).toBe('壹');
    // Disabled items leave queryAllDictItems; a deleted dictionary leaves everything.
    await call('PUT', '/sys/dictItem/edit', { id: item.id, itemText: '壹', itemValue: '1', status: 0 });
    expect((await allItems(second.app, secondAdmin)).qa_cluster).toBeUndefined();
    await call('PUT', '/sys/dictItem/edit', { id: item.id, itemText: '壹', itemValue: '1', status: 1 });
    const login = await second.app.inject({
      method: 'POST',
      url: `${second.app.config.apiPrefix}/sys/login`,
      payload: { username: 'admin', password: (await import('./helpers.ts')).TEST_PASSWORD },
    });
    expect(
      body<{ sysAllDictItems: Record<string, DictModel[]> }>(login).result.sysAllDictItems.qa_cluster,
    ).toHaveLength(1);
    await call('DELETE', `/sys/dict/delete?id=${d.id}`);
    expect((await allItems(second.app, secondAdmin)).qa_cluster).toBeUndefined();
    const gone = await api(second.app, secondAdmin, { method: 'GET', url: '/sys/dict/getDictText/qa_cluster/1' });
    expect(body(gone).result).toBe('');
  });
});

describe('permissions and hostile input', () => {
  it('refuses the low-privilege user on every administration call and changes nothing', async () => {
    const d = await addDict('qa_guarded');
    const item = await addItem(d.id, 'g');
    const before = [await count('sysDict'), await count('sysDictItem')];
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/sys/dict/list'],
      ['GET', '/sys/dict/treeList'],
      ['GET', '/sys/dict/deleteList'],
      ['POST', '/sys/dict/add', { dictName: 'x', dictCode: 'qa_guest' }],
      ['PUT', '/sys/dict/edit', { id: d.id, dictName: 'x', dictCode: 'qa_guest' }],
      ['POST', '/sys/dict/edit', { id: d.id, dictName: 'x', dictCode: 'qa_guest' }],
      ['DELETE', `/sys/dict/delete?id=${d.id}`],
      ['DELETE', `/sys/dict/deleteBatch?ids=${d.id}`],
      ['PUT', `/sys/dict/back/${d.id}`],
      ['DELETE', `/sys/dict/deletePhysic/${d.id}`],
      ['GET', `/sys/dictItem/list?dictId=${d.id}`],
      ['GET', `/sys/dictItem/dictItemCheck?dictId=${d.id}&itemValue=g`],
      ['POST', '/sys/dictItem/add', { dictId: d.id, itemText: 'x', itemValue: 'x' }],
      ['PUT', '/sys/dictItem/edit', { id: item.id, itemText: 'x', itemValue: 'x' }],
      ['DELETE', `/sys/dictItem/delete?id=${item.id}`],
      ['DELETE', `/sys/dictItem/deleteBatch?ids=${item.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, payload, guest);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(body(res).success).toBe(false);
      const anonymous = await api(t.app, null, { method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect([await count('sysDict'), await count('sysDictItem')]).toEqual(before);
    const row = await db().selectFrom('sysDict').selectAll().where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ dictCode: 'qa_guarded', delFlag: 0, version: 1 });
  });

  it('refuses SQL in sorts and treats SQL in filters as text', async () => {
    for (const column of ['dict_code;drop table sys_dict', 'password', '(select 1)', 'nosuch']) {
      const res = await call('GET', `/sys/dict/list?column=${encodeURIComponent(column)}&order=asc`);
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res)).toMatchObject({ success: false, message: TEXT.sortInvalid });
    }
    const order = await call('GET', '/sys/dict/list?column=dict_code&order=desc;drop');
    expect(body(order)).toMatchObject({ success: false, message: DICT_TEXT.sortInvalid });
    const hostile = await call('GET', `/sys/dict/list?dictCode=${encodeURIComponent("x' or '1'='1")}`);
    expect(body(hostile)).toMatchObject({ success: true, result: { total: 0 } });
    const pct = await call('GET', `/sys/dict/list?dictName=${encodeURIComponent('%')}`);
    expect(body(pct)).toMatchObject({ success: true, result: { total: 0 } });
    const items = await call('GET', `/sys/dictItem/list?dictId=${encodeURIComponent("1' or '1'='1")}`);
    expect(body(items)).toMatchObject({ success: false, message: DICT_TEXT.idInvalid });
    expect(await count('sysDict')).toBeGreaterThan(5);
  });

  it('refuses hostile and oversized values with the form messages and stores nothing', async () => {
    const d = await addDict('qa_hostile');
    const before = [await count('sysDict'), await count('sysDictItem')];
    const dictCases: [unknown, string][] = [
      [{ dictName: 'x', dictCode: "x' or '1'='1" }, DICT_TEXT.dictCodeFormat],
      [{ dictName: 'x', dictCode: 'sys_user,realname,id' }, DICT_TEXT.dictCodeFormat],
      [{ dictName: 'x', dictCode: '1abc' }, DICT_TEXT.dictCodeFormat],
      [{ dictName: 'x', dictCode: 'a'.repeat(101) }, DICT_TEXT.dictCodeTooLong],
      [{ dictName: 'x' }, DICT_TEXT.dictCodeRequired],
      [{ dictName: '   ', dictCode: 'qa_x' }, DICT_TEXT.dictNameRequired],
      [{ dictName: '名'.repeat(101), dictCode: 'qa_x' }, DICT_TEXT.dictNameTooLong],
      [{ dictName: 'a\nb', dictCode: 'qa_x' }, DICT_TEXT.controlChars],
      [{ dictName: 'x', dictCode: 'qa_x', description: 'd'.repeat(501) }, DICT_TEXT.descriptionTooLong],
      [{ dictName: 'x', dictCode: 'qa_x', type: 7 }, DICT_TEXT.typeInvalid],
    ];
    for (const [payload, message] of dictCases) {
      const res = await call('POST', '/sys/dict/add', payload);
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res)).toMatchObject({ success: false, message });
    }
    const itemCases: [unknown, string][] = [
      [{ dictId: d.id, itemText: 'x', itemValue: 'a,b' }, DICT_TEXT.itemValueComma],
      [{ dictId: d.id, itemText: 'x', itemValue: 'v'.repeat(101) }, DICT_TEXT.itemValueTooLong],
      [{ dictId: d.id, itemText: 'x' }, DICT_TEXT.itemValueRequired],
      [{ dictId: d.id, itemValue: 'v' }, DICT_TEXT.itemTextRequired],
      [{ dictId: d.id, itemText: 'x', itemValue: 'v', sortOrder: 'abc' }, DICT_TEXT.sortOrderInvalid],
      [{ dictId: d.id, itemText: 'x', itemValue: 'v', sortOrder: 1.5 }, DICT_TEXT.sortOrderInvalid],
      [{ dictId: d.id, itemText: 'x', itemValue: 'v', status: 2 }, DICT_TEXT.statusInvalid],
      [{ dictId: d.id, itemText: 'x', itemValue: 'v', itemColor: 'red;background:url(x)' }, DICT_TEXT.itemColorInvalid],
      [{ dictId: "x' or 1=1", itemText: 'x', itemValue: 'v' }, DICT_TEXT.idInvalid],
      [{ itemText: 'x', itemValue: 'v' }, DICT_TEXT.idRequired],
    ];
    for (const [payload, message] of itemCases) {
      const res = await call('POST', '/sys/dictItem/add', payload);
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res)).toMatchObject({ success: false, message });
    }
    const tooMany = Array.from({ length: 501 }, (_, i) => `id${i}`).join(',');
    const batch = await call('DELETE', `/sys/dict/deleteBatch?ids=${tooMany}`);
    expect(body(batch)).toMatchObject({ success: false, message: ADMIN_TEXT.tooManyIds });
    const huge = await call('POST', '/sys/dict/add', {
      dictName: 'x',
      dictCode: 'qa_huge',
      description: 'd'.repeat(3_000_000),
    });
    expect(huge.statusCode).toBeLessThan(500);
    expect(body(huge).success).toBe(false);
    expect([await count('sysDict'), await count('sysDictItem')]).toEqual(before);
  });
});
