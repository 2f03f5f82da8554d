/**
 * 编码校验规则 administration (issue 14, wave 2): /sys/checkRule list / add / edit / delete / deleteBatch / queryById,
 * the rule JSON checked by the shared schema (patterns that do not compile, nest repeats, are too long), ruleCode
 * unique, SQL text in filters and sorts answered as plain data, oversized input refused, and checkByCode running
 * the shared evaluator on what the screen saved (with a capped value length).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { CHECK_RULE_LIMITS, CHECK_RULE_TEXT, evaluateCheckRule, patternProblem } from '@houtai/shared/check-rule';
import { CHECK_RULE_ADMIN_TEXT, type CheckRuleRecord } from '@houtai/shared/contract/check-rule';
import { TEXT } from '@houtai/shared/constants';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

const SEGMENTS = [
  { digits: '2', pattern: '[A-Z]{2}', message: '前两位必须是大写字母' },
  { digits: '*', pattern: '[A-Z]{2}\\d{4}', message: '须为两个大写字母加四位数字' },
];

describe('check rules: the shared evaluator and its safety checks', () => {
  it('refuses patterns that do not compile, nest repeats or back-reference; accepts ordinary ones', () => {
    for (const p of ['[A-Za-z]', '[A-Za-z0-9_]*', '.{3,12}', '\\d{8}', '(\\d{3})?', '(?:ab)+', '[(+)]+', 'a|b'])
      expect(patternProblem(p), p).toBeNull();
    expect(patternProblem('(a')).toBe(CHECK_RULE_TEXT.patternSyntax);
    expect(patternProblem('')).toBe(CHECK_RULE_TEXT.patternRequired);
    expect(patternProblem('a'.repeat(CHECK_RULE_LIMITS.patternMax + 1))).toBe(CHECK_RULE_TEXT.patternTooLong);
    for (const p of ['(a+)+', '(a*)*', '((a+))+', '(a|aa)+', '(?:\\w+\\s?)*', '(x+x+)+y', '([a-z]+){2,}'])
      expect(patternProblem(p), p).toBe(CHECK_RULE_TEXT.patternNested);
    expect(patternProblem('(a)\\1')).toBe(CHECK_RULE_TEXT.patternBackReference);
  });

  it('evaluates segments left to right; a blank value passes', () => {
    expect(evaluateCheckRule(SEGMENTS, 'AB1234')).toBeNull();
    expect(evaluateCheckRule(SEGMENTS, '')).toBeNull();
    expect(evaluateCheckRule(SEGMENTS, 'a1')).toMatchObject({ message: '前两位必须是大写字母', checkValue: 'a1' });
    expect(evaluateCheckRule(SEGMENTS, 'AB12')).toMatchObject({ message: '须为两个大写字母加四位数字' });
  });
});

describe('check rules: administration calls', () => {
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

  const add = (payload: Record<string, unknown>, token = admin) =>
    api(t.app, token, { method: 'POST', url: '/sys/checkRule/add', payload });
  const list = async (query: string) => {
    const res = await api(t.app, admin, { method: 'GET', url: `/sys/checkRule/list?${query}` });
    return body<Page<CheckRuleRecord>>(res);
  };
  const count = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('sysCheckRule')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const check = (ruleCode: string, value: string) =>
    api(t.app, admin, {
      method: 'GET',
      url: `/sys/checkRule/checkByCode?ruleCode=${ruleCode}&value=${encodeURIComponent(value)}`,
    });

  it('lists the seeded rules, filters by name and code, pages', async () => {
    const all = await list('pageNo=1&pageSize=10');
    expect(all.success).toBe(true);
    expect(all.result.records.map((r) => r.ruleCode).sort()).toEqual(['common', 'order_no']);
    const byName = await list(`ruleName=${encodeURIComponent('*单据*')}`);
    expect(byName.result.records.map((r) => r.ruleCode)).toEqual(['order_no']);
    const byCode = await list('ruleCode=comm');
    expect(byCode.result.records.map((r) => r.ruleCode)).toEqual(['common']);
    const paged = await list('pageNo=2&pageSize=1&column=ruleCode&order=asc');
    expect(paged.result).toMatchObject({ total: 2, current: 2, size: 1, pages: 2 });
    expect(paged.result.records[0]?.ruleCode).toBe('order_no');
  });

  it('treats SQL in filters as text and refuses unknown sorts', async () => {
    const injected = await list(`ruleName=${encodeURIComponent("x' or '1'='1")}`);
    expect(injected.success).toBe(true);
    expect(injected.result.total).toBe(0);
    const pct = await list(`ruleCode=${encodeURIComponent('%')}`);
    expect(pct.result.total).toBe(0);
    const sort = await list(`column=${encodeURIComponent('rule_code; drop table sys_check_rule')}`);
    expect(sort.success).toBe(false);
    expect(sort.message).toBe(TEXT.sortInvalid);
    const unknownSort = await list('column=ruleJson');
    expect(unknownSort.message).toBe(TEXT.sortInvalid);
    expect(await count()).toBe(2);
  });

  it('adds a rule (JSON text or array), answers it by id, and checkByCode runs it', async () => {
    const res = await add({
      ruleName: '测试规则',
      ruleCode: 'test_rule',
      ruleJson: JSON.stringify(SEGMENTS),
      ruleDescription: '两位大写字母加四位数字',
      unknownField: 'dropped',
    });
    expect(body(res)).toMatchObject({ success: true, message: CHECK_RULE_ADMIN_TEXT.added });
    const id = body<string>(res).result;
    const got = body<CheckRuleRecord>(
      await api(t.app, admin, { method: 'GET', url: `/sys/checkRule/queryById?id=${id}` }),
    );
    expect(got.result).toMatchObject({ ruleCode: 'test_rule', ruleName: '测试规则', createBy: 'admin', version: 1 });
    expect(JSON.parse(got.result.ruleJson)).toEqual(SEGMENTS);

    expect(body(await check('test_rule', 'AB1234'))).toMatchObject({ success: true, result: null });
    const bad = body(await check('test_rule', 'ab1234'));
    expect(bad).toMatchObject({ success: false, message: '前两位必须是大写字母' });
    expect(bad.result).toMatchObject({ digits: '2', checkValue: 'ab', passed: false, beginIndex: 0, endIndex: 2 });

    const arr = await add({ ruleName: '数组', ruleCode: 'as-array', ruleJson: [{ digits: 3, pattern: '\\d+' }] });
    expect(body(arr).success).toBe(true);
    const stored = await t.handle.db
      .selectFrom('sysCheckRule')
      .select('ruleJson')
      .where('ruleCode', '=', 'as-array')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.ruleJson)).toEqual([{ digits: '3', pattern: '\\d+', message: '' }]);
  });

  it('refuses unsafe or broken rules, a taken code, bad names and oversized input — storing nothing', async () => {
    const before = await count();
    const base = { ruleName: '坏规则', ruleCode: 'bad_rule' };
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...base, ruleJson: '[{"digits":"*","pattern":"(a+)+","message":"x"}]' },
        `第1条规则：${CHECK_RULE_TEXT.patternNested}`,
      ],
      [
        { ...base, ruleJson: [SEGMENTS[0], { digits: '*', pattern: '(a', message: '' }] },
        `第2条规则：${CHECK_RULE_TEXT.patternSyntax}`,
      ],
      [{ ...base, ruleJson: [{ digits: 'x', pattern: 'a' }] }, `第1条规则：${CHECK_RULE_TEXT.digitsInvalid}`],
      [{ ...base, ruleJson: [{ digits: '0', pattern: 'a' }] }, `第1条规则：${CHECK_RULE_TEXT.digitsInvalid}`],
      [
        { ...base, ruleJson: [{ digits: '*', pattern: 'a'.repeat(501) }] },
        `第1条规则：${CHECK_RULE_TEXT.patternTooLong}`,
      ],
      [
        { ...base, ruleJson: [{ digits: '*', pattern: '(a)\\1' }] },
        `第1条规则：${CHECK_RULE_TEXT.patternBackReference}`,
      ],
      [{ ...base, ruleJson: 'not json' }, CHECK_RULE_TEXT.jsonInvalid],
      [{ ...base, ruleJson: '{"digits":"*"}' }, CHECK_RULE_TEXT.jsonInvalid],
      [{ ...base, ruleJson: '[]' }, CHECK_RULE_TEXT.segmentsRequired],
      [{ ...base, ruleJson: Array.from({ length: 51 }, () => SEGMENTS[0]) }, CHECK_RULE_TEXT.segmentsTooMany],
      [{ ...base, ruleJson: 'x'.repeat(50_000) }, CHECK_RULE_TEXT.jsonInvalid],
      [{ ...base, ruleCode: 'common', ruleJson: SEGMENTS }, CHECK_RULE_ADMIN_TEXT.codeTaken],
      [{ ...base, ruleCode: "x' or 1=1 --", ruleJson: SEGMENTS }, CHECK_RULE_ADMIN_TEXT.codeInvalid],
      [{ ...base, ruleCode: 'a'.repeat(65), ruleJson: SEGMENTS }, CHECK_RULE_ADMIN_TEXT.codeTooLong],
      [{ ruleCode: 'no_name', ruleJson: SEGMENTS }, CHECK_RULE_ADMIN_TEXT.nameRequired],
      [{ ...base, ruleName: '名'.repeat(101), ruleJson: SEGMENTS }, CHECK_RULE_ADMIN_TEXT.nameTooLong],
      [{ ...base, ruleJson: SEGMENTS, ruleDescription: 'd'.repeat(501) }, CHECK_RULE_ADMIN_TEXT.descriptionTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await add(payload);
      expect(res.statusCode, message).toBeLessThan(500);
      expect(body(res).success, message).toBe(false);
      expect(body(res).message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('edits with PUT or POST (version checked), keeps ruleCode unique, deletes one or a batch', async () => {
    const id = body<string>(await add({ ruleName: '待编辑', ruleCode: 'to_edit', ruleJson: SEGMENTS })).result;
    const put = await api(t.app, admin, {
      method: 'PUT',
      url: '/sys/checkRule/edit',
      payload: { id, ruleName: '已编辑', ruleCode: 'edited', ruleJson: SEGMENTS.slice(0, 1), version: 1 },
    });
    expect(body(put)).toMatchObject({ success: true, message: CHECK_RULE_ADMIN_TEXT.edited });
    const stale = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/checkRule/edit',
      payload: { id, ruleName: '旧版', ruleCode: 'edited', ruleJson: SEGMENTS, version: 1 },
    });
    expect(body(stale)).toMatchObject({ success: false, message: ADMIN_TEXT.stale });
    const taken = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/checkRule/edit',
      payload: { id, ruleName: '撞码', ruleCode: 'common', ruleJson: SEGMENTS },
    });
    expect(body(taken).message).toBe(CHECK_RULE_ADMIN_TEXT.codeTaken);
    const row = body<CheckRuleRecord>(
      await api(t.app, admin, { method: 'GET', url: `/sys/checkRule/queryById?id=${id}` }),
    );
    expect(row.result).toMatchObject({ ruleName: '已编辑', ruleCode: 'edited', version: 2, updateBy: 'admin' });
    // checkByCode sees the edit at once.
    expect(body(await check('edited', 'AB')).success).toBe(true);

    const del = await api(t.app, admin, { method: 'DELETE', url: `/sys/checkRule/delete?id=${id}` });
    expect(body(del)).toMatchObject({ success: true, message: CHECK_RULE_ADMIN_TEXT.deleted });
    expect(body(await check('edited', 'AB')).message).toBe(CHECK_RULE_TEXT.unknown);
    const again = await api(t.app, admin, { method: 'DELETE', url: `/sys/checkRule/delete?id=${id}` });
    expect(body(again).message).toBe(ADMIN_TEXT.notFound);

    const a = body<string>(await add({ ruleName: '批1', ruleCode: 'batch_1', ruleJson: SEGMENTS })).result;
    const b = body<string>(await add({ ruleName: '批2', ruleCode: 'batch_2', ruleJson: SEGMENTS })).result;
    const batch = await api(t.app, admin, { method: 'DELETE', url: `/sys/checkRule/deleteBatch?ids=${a},${b},` });
    expect(body(batch).success).toBe(true);
    const badIds = await api(t.app, admin, {
      method: 'DELETE',
      url: `/sys/checkRule/deleteBatch?ids=${encodeURIComponent("1' or '1'='1")}`,
    });
    expect(body(badIds).success).toBe(false);
    expect(body(badIds).message).toBe(CHECK_RULE_ADMIN_TEXT.idInvalid);
  });

  it('refuses a stored rule that is unsafe instead of running it, and caps the value length', async () => {
    await t.handle.db
      .insertInto('sysCheckRule')
      .values({
        id: 'evil-rule',
        ruleName: '手工写入',
        ruleCode: 'evil',
        ruleJson: JSON.stringify([{ digits: '*', pattern: '(a+)+$', message: 'x' }]),
        ruleDescription: null,
        createBy: 'x',
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    const started = Date.now();
    const evil = body(await check('evil', `${'a'.repeat(40)}!`));
    expect(evil).toMatchObject({ success: false, message: CHECK_RULE_TEXT.invalid });
    expect(Date.now() - started).toBeLessThan(2000);
    const long = body(await check('common', 'a'.repeat(1001)));
    expect(long.success).toBe(false);
  });

  it('needs system:checkRule:list / :edit', async () => {
    const res = await api(t.app, guest, { method: 'GET', url: '/sys/checkRule/list' });
    expect(res.statusCode).toBe(403);
    const w = await add({ ruleName: '越权', ruleCode: 'nope', ruleJson: SEGMENTS }, guest);
    expect(w.statusCode).toBe(403);
  });
});
