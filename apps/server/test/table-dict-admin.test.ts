/**
 * 表字典登记 (issue 14, wave 2): /sys/tableDict list / add / edit / delete / tables / columns, and the dictionary
 * reads consulting it — an unregistered table, an unregistered pair, a password column or a where clause refused; a
 * disabled or deleted registration refused at once (the 'table-dict' epoch), a new one allowed at once; the form's
 * lists come from the registry of business tables and the catalogue, never sys_user_token or password columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { TEXT } from '@houtai/shared/constants';
import { clientSignParams, signParams } from '@houtai/shared/sign';
import {
  TABLE_DICT_TEXT,
  type TableDictColumnOption,
  type TableDictRecord,
  type TableDictTableOption,
} from '@houtai/shared/contract/table-dict';
import { SEEDED_TABLE_DICTS } from '../src/db/seed/table-dicts.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

describe('table dictionaries: registry and administration', () => {
  let t: TestContext;
  let admin: string;
  let guest: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'admin');
    guest = await login(t.app, 'guest');
  });
  afterAll(async () => {
    await t.close();
  });

  const signedGet = (url: string) => {
    const sign = signParams(clientSignParams(url), t.config.signSecret);
    return api(t.app, admin, { method: 'GET', url, headers: { 'x-sign': sign, 'x-timestamp': String(Date.now()) } });
  };
  const dictItems = async (code: string) =>
    body<{ value: string; text: string }[]>(
      await signedGet(`/sys/dict/getDictItems/${encodeURIComponent(code).replace(/%2C/g, ',')}`),
    );
  const add = (payload: Record<string, unknown>, token = admin) =>
    api(t.app, token, { method: 'POST', url: '/sys/tableDict/add', payload });
  const list = async (query = '') =>
    body<Page<TableDictRecord>>(await api(t.app, admin, { method: 'GET', url: `/sys/tableDict/list?${query}` }));
  const count = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('sysTableDict')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is seeded with what was allowed before, and the reads still answer those', async () => {
    const all = await list('pageSize=100');
    expect(all.result.total).toBe(SEEDED_TABLE_DICTS.length);
    const codes = all.result.records.map((r) => r.dictCode);
    expect(codes).toContain('sys_user,realname,username');
    const user = all.result.records.find((r) => r.dictCode === 'sys_user,realname,id');
    expect(user).toMatchObject({
      tableName_dictText: '用户',
      textField_dictText: '真实姓名',
      status: 1,
      status_dictText: '启用',
    });
    const items = await dictItems('sys_user,realname,username');
    expect(items.success).toBe(true);
    expect(items.result.some((i) => i.value === 'admin')).toBe(true);
    // An alias of a registered table resolves to the same registration.
    expect((await dictItems('settlement_org,name,id')).success).toBe(true);
  });

  it('refuses a dictCode naming an unregistered table or pair, a password column or a where clause', async () => {
    for (const code of [
      'sys_user,password,username',
      'sys_user,salt,id',
      'sys_user_token,token,id',
      'sys_user,username,id',
      'sys_role,role_name,id',
      'sys_user,realname,username,1=1 or 1=1',
      'sys_user,realname,username) union select password,username from sys_user --',
    ]) {
      const res = await dictItems(code);
      expect(res.success, code).toBe(false);
      expect([TEXT.dictNotAllowed, TEXT.dictCodeFormat, TEXT.conditionInvalid].filter(Boolean)).toContain(res.message);
    }
    // A row written by hand that names a column outside the registry still resolves to nothing.
    await t.handle.db
      .insertInto('sysTableDict')
      .values({
        id: 'hand-pw',
        tableName: 'sys_user',
        textField: 'password',
        valueField: 'id',
        description: null,
        status: 1,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await t.handle.db
      .updateTable('sysCacheEpoch')
      .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
      .where('name', '=', 'table-dict')
      .execute();
    expect((await dictItems('sys_user,password,id')).message).toBe(TEXT.dictNotAllowed);
    await t.handle.db.deleteFrom('sysTableDict').where('id', '=', 'hand-pw').execute();
  });

  it('offers only the registry’s business tables and their registered columns', async () => {
    const tables = body<TableDictTableOption[]>(
      await api(t.app, admin, { method: 'GET', url: '/sys/tableDict/tables' }),
    );
    const names = tables.result.map((x) => x.tableName);
    expect(names).toContain('sys_user');
    expect(names).toContain('sys_role');
    for (const secret of ['sys_user_token', 'sys_config', 'sys_auth_code', 'sys_table_dict', 'sys_seed_step'])
      expect(names).not.toContain(secret);
    const cols = body<TableDictColumnOption[]>(
      await api(t.app, admin, { method: 'GET', url: '/sys/tableDict/columns?table=sys_user' }),
    );
    const fields = cols.result.map((c) => c.field);
    expect(fields).toEqual(expect.arrayContaining(['id', 'username', 'realname']));
    for (const secret of ['password', 'salt']) expect(fields).not.toContain(secret);
    for (const table of ['sys_user_token', "sys_user' --", 'sys_user where 1=1']) {
      const res = await api(t.app, admin, {
        method: 'GET',
        url: `/sys/tableDict/columns?table=${encodeURIComponent(table)}`,
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res).success).toBe(false);
    }
  });

  it('registers a new pair (allowed at once), disables it (refused at once), deletes it', async () => {
    expect((await dictItems('sys_role,role_name,role_code')).success).toBe(false);
    const res = await add({
      tableName: 'sys_role',
      textField: 'role_name',
      valueField: 'role_code',
      description: '角色',
    });
    expect(body(res)).toMatchObject({ success: true, message: TABLE_DICT_TEXT.added });
    const id = body<string>(res).result;
    const allowed = await dictItems('sys_role,role_name,role_code');
    expect(allowed.success).toBe(true);
    expect(allowed.result.some((i) => i.value === 'admin')).toBe(true);

    const off = await api(t.app, admin, {
      method: 'PUT',
      url: '/sys/tableDict/edit',
      payload: { id, tableName: 'sys_role', textField: 'role_name', valueField: 'role_code', status: 0, version: 1 },
    });
    expect(body(off)).toMatchObject({ success: true, message: TABLE_DICT_TEXT.edited });
    expect((await dictItems('sys_role,role_name,role_code')).message).toBe(TEXT.dictNotAllowed);
    const stale = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/tableDict/edit',
      payload: { id, tableName: 'sys_role', textField: 'role_name', valueField: 'role_code', status: 1, version: 1 },
    });
    expect(body(stale).message).toBe(ADMIN_TEXT.stale);
    const on = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/tableDict/edit',
      payload: { id, tableName: 'sys_role', textField: 'role_name', valueField: 'role_code', status: '1' },
    });
    expect(body(on).success).toBe(true);
    expect((await dictItems('sys_role,role_name,role_code')).success).toBe(true);
    expect((await list('tableName=role')).result.records.map((r) => r.dictCode)).toEqual([
      'sys_role,role_name,role_code',
    ]);
    expect((await list('status=0')).result.total).toBe(0);

    const del = await api(t.app, admin, { method: 'DELETE', url: `/sys/tableDict/delete?id=${id}` });
    expect(body(del)).toMatchObject({ success: true, message: TABLE_DICT_TEXT.deleted });
    expect((await dictItems('sys_role,role_name,role_code')).message).toBe(TEXT.dictNotAllowed);
    expect(body(await api(t.app, admin, { method: 'DELETE', url: `/sys/tableDict/delete?id=${id}` })).message).toBe(
      ADMIN_TEXT.notFound,
    );
  });

  it('refuses tables and columns outside the registry, where clauses, duplicates, oversized input', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ tableName: 'sys_user', textField: 'password', valueField: 'id' }, TABLE_DICT_TEXT.fieldUnknown],
      [{ tableName: 'sys_user', textField: 'realname', valueField: 'salt' }, TABLE_DICT_TEXT.fieldUnknown],
      [{ tableName: 'sys_user', textField: 'realName', valueField: 'id' }, TABLE_DICT_TEXT.fieldInvalid],
      [{ tableName: 'sys_user_token', textField: 'token', valueField: 'id' }, TABLE_DICT_TEXT.tableUnknown],
      [{ tableName: 'no_such_table', textField: 'a', valueField: 'b' }, TABLE_DICT_TEXT.tableUnknown],
      [{ tableName: 'sys_user where 1=1', textField: 'realname', valueField: 'id' }, TABLE_DICT_TEXT.tableInvalid],
      [{ tableName: 'sys_user', textField: 'realname', valueField: "id,del_flag='0'" }, TABLE_DICT_TEXT.fieldInvalid],
      [{ tableName: 'sys_user', textField: 'realname', valueField: 'id', whereClause: '1=1' }, TABLE_DICT_TEXT.taken],
      [{ tableName: 'sys_user', textField: 'realname' }, TABLE_DICT_TEXT.valueRequired],
      [{ textField: 'realname', valueField: 'id' }, TABLE_DICT_TEXT.tableRequired],
      [{ tableName: 'x'.repeat(65), textField: 'a', valueField: 'b' }, TABLE_DICT_TEXT.tableInvalid],
      [
        { tableName: 'sys_role', textField: 'role_name', valueField: 'id', description: 'd'.repeat(201) },
        TABLE_DICT_TEXT.descriptionTooLong,
      ],
      [{ tableName: 'sys_role', textField: 'role_name', valueField: 'id', status: 2 }, TABLE_DICT_TEXT.statusInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await add(payload);
      expect(res.statusCode, message).toBeLessThan(500);
      expect(body(res).success, message).toBe(false);
      expect(body(res).message, JSON.stringify(payload)).toBe(message);
    }
    const big = await add({
      tableName: 'sys_role',
      textField: 'role_name',
      valueField: 'id',
      description: 'x'.repeat(2_000_000),
    });
    expect(big.statusCode).toBeLessThan(500);
    expect(body(big).success).toBe(false);
    const filter = await list(`tableName=${encodeURIComponent("x' or '1'='1")}`);
    expect(filter.result.total).toBe(0);
    expect(await count()).toBe(before);
  });

  it('needs system:tableDict:list / :edit', async () => {
    expect((await api(t.app, guest, { method: 'GET', url: '/sys/tableDict/list' })).statusCode).toBe(403);
    expect((await api(t.app, guest, { method: 'GET', url: '/sys/tableDict/tables' })).statusCode).toBe(403);
    expect((await add({ tableName: 'sys_role', textField: 'role_name', valueField: 'id' }, guest)).statusCode).toBe(
      403,
    );
  });
});
