import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@houtai/shared/constants';
import { newId } from '../src/lib/ids.ts';
import { DUPLICATE_CHECK_PER_MINUTE } from '../src/modules/duplicate-check/duplicate-check.routes.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'zhangsan');
});
afterAll(async () => {
  await t.close();
});

const check = async (query: Record<string, string>, as = token) =>
  body<unknown>(
    await api(t.app, as, { method: 'GET', url: `/sys/duplicate/check?${new URLSearchParams(query).toString()}` }),
  );

describe('duplicate check', () => {
  it('says taken for an existing unique value and available for a free one', async () => {
    const taken = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' });
    expect(taken).toMatchObject({ success: false, code: 500, message: TEXT.duplicateTaken });
    const free = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody_here' });
    expect(free).toMatchObject({ success: true, code: 200, message: TEXT.duplicateFree, result: TEXT.duplicateFree });
  });

  it('excludes the row being edited (dataId)', async () => {
    const admin = await t.handle.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const own = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: admin.id });
    expect(own.success).toBe(true);
    const other = await check({
      tableName: 'sys_user',
      fieldName: 'username',
      fieldVal: 'admin',
      dataId: 'someone-else',
    });
    expect(other.success).toBe(false);
  });

  it('answers an empty value with success true, code 500 and the fixed text', async () => {
    const b = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: '' });
    expect(b).toMatchObject({ success: true, code: 500, message: TEXT.duplicateEmpty });
  });

  it('covers every registered unique field and ignores ds', async () => {
    const cases: [string, string, string][] = [
      ['sys_user', 'email', 'lisi@example.com'],
      ['sys_user', 'phone', '13800000003'],
      ['sys_user', 'work_no', 'E0004'],
      ['sys_user', 'workNo', 'A1000'],
      ['sys_role', 'role_code', 'admin'],
      ['sys_depart', 'org_code', 'A01A04'],
      ['sys_dict', 'dict_code', 'sex'],
      ['sys_category', 'code', 'A01A05'],
      ['sys_position', 'code', 'general_manager'],
      ['settlement_org', 'code', 'SO002'],
      ['lg_base_settlement_org', 'code', 'SO003'],
      ['ledger', 'code', 'L001'],
    ];
    for (const [tableName, fieldName, fieldVal] of cases) {
      const b = await check({ tableName, fieldName, fieldVal, ds: 'other_datasource' });
      expect(b.message, `${tableName}.${fieldName}`).toBe(TEXT.duplicateTaken);
      const free = await check({ tableName, fieldName, fieldVal: `${fieldVal}_free` });
      expect(free.message, `${tableName}.${fieldName}`).toBe(TEXT.duplicateFree);
    }
  });

  it('refuses pairs without a uniqueness rule, whatever the value', async () => {
    for (const [tableName, fieldName] of [
      ['sys_user', 'realname'],
      ['sys_user', 'password'],
      ['sys_user_token', 'token_hash'],
      ['sys_dict_item', 'item_value'],
      ['sys_category', 'name'],
    ] as const) {
      for (const fieldVal of ['x', '']) {
        const b = await check({ tableName, fieldName, fieldVal });
        expect(b).toMatchObject({ success: false, message: TEXT.duplicateNotAllowed });
      }
    }
  });

  it('needs a session', async () => {
    const res = await api(t.app, null, {
      method: 'GET',
      url: '/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin',
    });
    expect(res.statusCode).toBe(401);
  });

  it(`limits a user to ${DUPLICATE_CHECK_PER_MINUTE} checks a minute`, async () => {
    const lisi = await login(t.app, 'lisi');
    for (let i = 0; i < DUPLICATE_CHECK_PER_MINUTE; i++) {
      const b = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: `u${i}` }, lisi);
      expect(b.success).toBe(true);
    }
    const res = await api(t.app, lisi, {
      method: 'GET',
      url: '/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=last',
    });
    expect(res.statusCode).toBe(429);
    expect(body(res).message).toBe(TEXT.tooManyRequests);
    // Another user is not affected.
    expect((await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'free_one' })).success).toBe(true);
  });
});

describe('check rules', () => {
  const rule = async (ruleCode: string, value: string) =>
    body<Record<string, unknown> | null>(
      await api(t.app, token, {
        method: 'GET',
        url: `/sys/checkRule/checkByCode?ruleCode=${ruleCode}&value=${encodeURIComponent(value)}`,
      }),
    );

  it('passes a value that satisfies every rule with result null', async () => {
    for (const v of ['abc', 'a_1', 'Abcdefghijkl']) {
      const b = await rule('common', v);
      expect(b.success, v).toBe(true);
      expect(b.result).toBeNull();
    }
  });

  it('reports the first failing rule with its range for a digits rule', async () => {
    const b = await rule('common', '1abc');
    expect(b.success).toBe(false);
    expect(b.code).toBe(500);
    expect(b.message).toBe('首位必须是字母');
    expect(b.result).toEqual({
      digits: '1',
      pattern: '[A-Za-z]',
      message: '首位必须是字母',
      checkValue: '1',
      passed: false,
      beginIndex: 0,
      endIndex: 1,
    });
  });

  it('reports a whole-value rule without a range', async () => {
    const chars = await rule('common', 'ab-c');
    expect(chars.message).toBe('只能输入字母、数字和下划线');
    expect(chars.result).toEqual({
      digits: '*',
      pattern: '[A-Za-z0-9_]*',
      message: '只能输入字母、数字和下划线',
      checkValue: 'ab-c',
      passed: false,
    });
    expect((await rule('common', 'ab')).message).toBe('长度必须在3到12位之间');
    expect((await rule('common', 'abcdefghijklm')).message).toBe('长度必须在3到12位之间');
    expect((await rule('common', '中文abc')).message).toBe('首位必须是字母');
  });

  it('decodes the value once more, as the Jeecg clients encode it (encodeURIComponent before sending)', async () => {
    const b = await rule('common', encodeURIComponent('ab c'));
    expect(b.result).toMatchObject({ checkValue: 'ab c', passed: false });
    const zh = await rule('common', encodeURIComponent('中文abc'));
    expect(zh).toMatchObject({ success: false, message: '首位必须是字母', result: { checkValue: '中' } });
    expect((await rule('common', encodeURIComponent('abc_1'))).success).toBe(true);
  });

  it('consumes digits left to right', async () => {
    expect((await rule('order_no', 'DD202401011234')).success).toBe(true);
    const b = await rule('order_no', 'DD2024x1011234');
    expect(b.message).toBe('第3到10位必须是8位日期数字');
    expect(b.result).toMatchObject({ digits: '8', checkValue: '2024x101', beginIndex: 2, endIndex: 10 });
    const short = await rule('order_no', 'DD2024');
    expect(short.result).toMatchObject({ checkValue: '2024', beginIndex: 2, endIndex: 6 });
  });

  it('refuses an unknown code', async () => {
    const b = await rule('no_such_rule', 'abc');
    expect(b).toMatchObject({ success: false, code: 500, message: TEXT.checkRuleUnknown });
  });

  it('answers a broken stored rule with a clear message instead of a 500', async () => {
    const broken = [
      ['bad_regex', JSON.stringify([{ digits: '*', pattern: '([a-z', message: 'x' }])],
      ['bad_json', '[{digits:'],
      ['bad_digits', JSON.stringify([{ digits: 'abc', pattern: '.*', message: 'x' }])],
      ['long_pattern', JSON.stringify([{ digits: '*', pattern: 'a'.repeat(501), message: 'x' }])],
      ['not_array', JSON.stringify({ digits: '*' })],
    ];
    for (const [code, json] of broken) {
      await t.handle.db
        .insertInto('sysCheckRule')
        .values({
          id: newId(),
          ruleName: code!,
          ruleCode: code!,
          ruleJson: json!,
          ruleDescription: null,
          createBy: null,
          createTime: null,
          updateBy: null,
          updateTime: null,
        })
        .execute();
      const res = await api(t.app, token, {
        method: 'GET',
        url: `/sys/checkRule/checkByCode?ruleCode=${code}&value=abc`,
      });
      expect(res.statusCode, code).toBe(200);
      expect(body(res), code).toMatchObject({ success: false, message: TEXT.checkRuleInvalid });
    }
  });

  it('needs a session', async () => {
    expect(
      (await api(t.app, null, { method: 'GET', url: '/sys/checkRule/checkByCode?ruleCode=common&value=abc' }))
        .statusCode,
    ).toBe(401);
  });
});
