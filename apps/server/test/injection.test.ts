/**
 * Hostile names and SQL fragments in every identifier-bearing parameter of the helper endpoints: each is
 * refused (or, where it is a plain value, bound) with a Chinese message and never a 500, and no executed
 * SQL text ever contains it (security design §2.1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@houtai/shared/constants';
import { clientSignParams, signParams } from '@houtai/shared/sign';
import { api, body, createTestApp, login, sqlForHostileCheck, type TestContext } from './helpers.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'zhangsan');
});
afterAll(async () => {
  await t.close();
});

/** Tokens no legitimate statement of these endpoints contains. */
const NEVER_IN_SQL = [
  ';',
  '--',
  '/*',
  'drop ',
  'password',
  '1=1',
  "'1'='1",
  'id;select',
  ' or 1',
  "or '1",
  '(select 1)',
  'sleep(',
  'union',
  '__proto__',
  'constructor',
  '$ne',
];

/** A path segment as a browser sends it: commas kept, everything else that matters escaped. */
const seg = (s: string) => encodeURIComponent(s).replace(/%2C/g, ',');
const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();

interface Case {
  name: string;
  url: string;
  signed?: boolean;
  /** Expected refusal message; absent when the hostile text is a plain value that must only be bound. */
  message?: string;
  /** Hostile text expected among the bound parameters (plain values). */
  bound?: string;
}

const dict = (kind: string, code: string, query?: Record<string, string>): string =>
  `/sys/dict/${kind}/${seg(code)}${query ? `?${qs(query)}` : ''}`;
const tree = (q: Record<string, string>) =>
  `/sys/dict/loadTreeData?${qs({ tableName: 'sys_category', text: 'name', code: 'id', pidField: 'pid', pid: '0', ...q })}`;

const CASES: Case[] = [
  // getDictItems: table, columns and the 4th segment
  {
    name: 'password column',
    url: dict('getDictItems', 'sys_user,password,id'),
    signed: true,
    message: TEXT.dictNotAllowed,
  },
  {
    name: 'password as value column',
    url: dict('getDictItems', 'sys_user,realname,password'),
    signed: true,
    message: TEXT.dictNotAllowed,
  },
  {
    name: '4th segment tautology',
    url: dict('getDictItems', 'sys_user,realname,id,1=1 or 1=1'),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  {
    name: '4th segment OR',
    url: dict('getDictItems', "sys_user,realname,id,username='admin' or '1'='1'"),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  {
    name: '4th segment stacked',
    url: dict('getDictItems', 'sys_user,realname,id,username=admin;drop table sys_user'),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  {
    name: '4th segment subquery',
    url: dict('getDictItems', 'sys_user,realname,id,username in (select password from sys_user)'),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  {
    name: '4th segment function',
    url: dict('getDictItems', 'sys_user,realname,id,sleep(5)=0'),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  {
    name: '4th segment comment',
    url: dict('getDictItems', 'sys_user,realname,id,username=admin /*x*/'),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  {
    name: '4th segment unlisted field',
    url: dict('getDictItems', "sys_user,realname,id,password='x'"),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  {
    name: 'scope plus OR',
    url: dict('getDictItems', 'lg_base_settlement_org,name,id,bi or 1=1'),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  {
    name: 'stacked table (plain code)',
    url: dict('getDictItems', 'settlement_org; drop table sys_user'),
    signed: true,
    message: TEXT.dictCodeFormat,
  },
  {
    name: 'stacked table',
    url: dict('getDictItems', 'settlement_org; drop table sys_user,name,id'),
    signed: true,
    message: TEXT.dictNotAllowed,
  },
  {
    name: 'column with statement',
    url: dict('getDictItems', 'sys_user,realname,id;select'),
    signed: true,
    message: TEXT.dictNotAllowed,
  },
  {
    name: 'union in column',
    url: dict('getDictItems', 'sys_user,realname union select password,id'),
    signed: true,
    message: TEXT.dictNotAllowed,
  },
  {
    name: 'quoted table',
    url: dict('getDictItems', '"sys_user",realname,id'),
    signed: true,
    message: TEXT.dictNotAllowed,
  },
  {
    name: 'prototype key',
    url: dict('getDictItems', '__proto__,constructor,id'),
    signed: true,
    message: TEXT.dictNotAllowed,
  },
  // loadDict: keyword (a value) and sort parameters
  {
    name: 'keyword',
    url: dict('loadDict', 'lg_base_settlement_org,name,id', { keyword: "%' or 1=1 --" }),
    signed: true,
    bound: "%\\%' or 1=1 --%",
  },
  {
    name: 'sort column statement',
    url: dict('loadDict', 'lg_base_settlement_org,name,id', { column: 'id;select' }),
    signed: true,
    message: TEXT.sortInvalid,
  },
  {
    name: 'sort column subquery',
    url: dict('loadDict', 'lg_base_settlement_org,name,id', { column: '(select 1)' }),
    signed: true,
    message: TEXT.sortInvalid,
  },
  {
    name: 'sort order',
    url: dict('loadDict', 'lg_base_settlement_org,name,id', { column: 'code', order: 'desc;drop table sys_user' }),
    signed: true,
    message: TEXT.sortInvalid,
  },
  {
    name: 'loadDict table',
    url: dict('loadDict', 'sys_user,password,id', { keyword: 'a' }),
    signed: true,
    message: TEXT.dictNotAllowed,
  },
  // loadDictItem: keys are values
  {
    name: 'dict item key',
    url: dict('loadDictItem', 'lg_base_settlement_org,name,id', { key: "1' or '1'='1" }),
    signed: true,
    bound: "1' or '1'='1",
  },
  {
    name: 'dict item table',
    url: dict('loadDictItem', 'sys_user,realname,id,1=1 or 1=1', { key: 'x' }),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  // loadTreeData: every identifier and the condition
  {
    name: 'tree table',
    url: tree({ tableName: 'settlement_org; drop table sys_user' }),
    signed: true,
    message: TEXT.dictNotAllowed,
  },
  { name: 'tree text', url: tree({ text: 'name;select' }), signed: true, message: TEXT.dictNotAllowed },
  { name: 'tree code', url: tree({ code: 'id) or (1=1' }), signed: true, message: TEXT.dictNotAllowed },
  { name: 'tree pidField', url: tree({ pidField: 'pid or 1=1' }), signed: true, message: TEXT.dictNotAllowed },
  {
    name: 'tree hasChildField',
    url: tree({ hasChildField: 'has_child;--' }),
    signed: true,
    message: TEXT.dictNotAllowed,
  },
  {
    name: 'tree condition key',
    url: tree({ condition: '{"1=1) or (1":"1"}' }),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  {
    name: 'tree condition text',
    url: tree({ condition: 'code=1 or 1=1' }),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  {
    name: 'tree condition operator object',
    url: tree({ condition: '{"code":{"$ne":"x"}}' }),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  {
    name: 'tree condition password',
    url: tree({ condition: '{"password":"x"}' }),
    signed: true,
    message: TEXT.conditionInvalid,
  },
  {
    name: 'tree condition value',
    url: tree({ condition: `{"code":"A01' or '1'='1"}` }),
    signed: true,
    bound: "A01' or '1'='1",
  },
  { name: 'tree pid value', url: tree({ pid: "0' or '1'='1" }), signed: true, bound: "0' or '1'='1" },
  // categories
  {
    name: 'category pcode',
    url: `/sys/category/loadTreeRoot?${qs({ async: 'true', pcode: "A01' or '1'='1" })}`,
    message: TEXT.categoryUnknown,
    bound: "A01' or '1'='1",
  },
  {
    name: 'category tree pcode',
    url: `/sys/category/loadTreeData?${qs({ pcode: "A01' or '1'='1" })}`,
    message: TEXT.categoryUnknown,
    bound: "A01' or '1'='1",
  },
  {
    name: 'category condition key',
    url: `/sys/category/loadTreeData?${qs({ pcode: 'A01', condition: '{"1=1) or (1":"1"}' })}`,
    message: TEXT.conditionInvalid,
  },
  {
    name: 'category loadOne field',
    url: `/sys/category/loadOne?${qs({ field: 'code;select', val: 'A01' })}`,
    message: TEXT.conditionInvalid,
  },
  {
    name: 'category loadOne field OR',
    url: `/sys/category/loadOne?${qs({ field: 'code or 1=1', val: 'A01' })}`,
    message: TEXT.conditionInvalid,
  },
  {
    name: 'category loadOne value',
    url: `/sys/category/loadOne?${qs({ field: 'code', val: "A01' or '1'='1" })}`,
    message: TEXT.queryNoResult,
    bound: "A01' or '1'='1",
  },
  {
    name: 'category loadAllData code',
    url: `/sys/category/loadAllData?${qs({ code: "%' or 1=1 --" })}`,
    bound: "\\%' or 1=1 --%",
  },
  { name: 'category ids', url: `/sys/category/loadDictItem?${qs({ ids: "1' or '1'='1" })}`, bound: "1' or '1'='1" },
  // duplicate check and check rules
  {
    name: 'duplicate table',
    url: `/sys/duplicate/check?${qs({ tableName: 'settlement_org; drop table sys_user', fieldName: 'code', fieldVal: 'x' })}`,
    message: TEXT.duplicateNotAllowed,
  },
  {
    name: 'duplicate field',
    url: `/sys/duplicate/check?${qs({ tableName: 'sys_user', fieldName: 'id;select', fieldVal: 'x' })}`,
    message: TEXT.duplicateNotAllowed,
  },
  {
    name: 'duplicate password',
    url: `/sys/duplicate/check?${qs({ tableName: 'sys_user', fieldName: 'password', fieldVal: 'x' })}`,
    message: TEXT.duplicateNotAllowed,
  },
  {
    name: 'duplicate value',
    url: `/sys/duplicate/check?${qs({ tableName: 'sys_user', fieldName: 'username', fieldVal: "admin' or '1'='1", dataId: "1' or '1'='1 --" })}`,
    bound: "admin' or '1'='1",
  },
  {
    name: 'check rule code',
    url: `/sys/checkRule/checkByCode?${qs({ ruleCode: "common' or '1'='1", value: 'abc' })}`,
    message: TEXT.checkRuleUnknown,
    bound: "common' or '1'='1",
  },
];

function signedHeaders(url: string, ts = Date.now()): Record<string, string> {
  return { 'x-sign': signParams(clientSignParams(url), t.config.signSecret), 'x-timestamp': String(ts) };
}

function expectNoHostileSql(from: number, label: string): void {
  for (const s of t.statements.slice(from)) {
    const text = sqlForHostileCheck(s.sql);
    for (const bad of NEVER_IN_SQL) expect(text, `${label}: ${s.sql}`).not.toContain(bad);
  }
}

describe('hostile identifiers, conditions, keywords and sort parameters', () => {
  for (const c of CASES) {
    it(`${c.message ? 'refuses' : 'binds'} ${c.name}`, async () => {
      const from = t.statements.length;
      const res = await api(t.app, token, { method: 'GET', url: c.url, headers: c.signed ? signedHeaders(c.url) : {} });
      expect(res.statusCode).toBeLessThan(500);
      const b = body(res);
      expect(b.message).not.toBe(TEXT.serverError);
      if (c.message) {
        expect(b.success).toBe(false);
        expect(b.message).toBe(c.message);
        expect(b.message).toMatch(/[\u4e00-\u9fa5]/);
      } else {
        expect(b.success).toBe(true);
      }
      expectNoHostileSql(from, c.name);
      if (c.bound) {
        const params = t.statements.slice(from).flatMap((s) => s.parameters.map(String));
        expect(params).toContain(c.bound);
      }
    });
  }

  it('refused identifiers never reach the database at all', async () => {
    const from = t.statements.length;
    const url = dict('getDictItems', 'sys_user,password,id');
    await api(t.app, token, { method: 'GET', url, headers: signedHeaders(url) });
    const after = t.statements.slice(from);
    // Only the session lookup (and possibly its touch) and the table-dictionary registry's read ran: no statement
    // names the table or the column asked for.
    expect(after.every((s) => /sys_user_token|sys_table_dict|sys_cache_epoch/.test(s.sql))).toBe(true);
    expect(after.some((s) => /"password"|from "sys_user"/.test(s.sql))).toBe(false);
  });
});

describe('signature refusals on every signed endpoint', () => {
  const SIGNED = [
    dict('getDictItems', 'lg_base_settlement_org,name,id'),
    dict('loadDict', 'lg_base_settlement_org,name,id', { keyword: 'a' }),
    dict('loadDictItem', 'lg_base_settlement_org,name,id', { key: 'x' }),
    tree({}),
  ];

  for (const url of SIGNED) {
    it(`refuses unsigned, badly signed, stale and future calls to ${url.split('?')[0]}`, async () => {
      const now = Date.now();
      t.clock.now = now;
      try {
        const variants: [Record<string, string>, string][] = [
          [{}, TEXT.signMissing],
          [{ ...signedHeaders(url, now), 'x-sign': signParams({ other: '1' }, t.config.signSecret) }, TEXT.signFailed],
          [{ ...signedHeaders(url, now), 'x-sign': "' or 1=1 --" }, TEXT.signFailed],
          [signedHeaders(url, now - 301_000), TEXT.signExpired],
          [signedHeaders(url, now + 301_000), TEXT.signExpired],
        ];
        for (const [headers, message] of variants) {
          const from = t.statements.length;
          const res = await api(t.app, token, { method: 'GET', url, headers });
          expect(res.statusCode).toBe(200);
          expect(body(res)).toMatchObject({ success: false, code: 500, message });
          // Nothing but the session lookup ran.
          expect(t.statements.slice(from).every((s) => /sys_user_token/.test(s.sql))).toBe(true);
        }
        expect(body(await api(t.app, token, { method: 'GET', url, headers: signedHeaders(url, now) })).success).toBe(
          true,
        );
      } finally {
        t.clock.now = null;
      }
    });
  }
});
