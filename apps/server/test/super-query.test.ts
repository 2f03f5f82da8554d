/**
 * The advanced query (superQueryParams + superQueryMatchType) and the filter text box operators, through the list
 * endpoints that take them: every rule filters as it should (on SQLite and on PostgreSQL, LIKE without regard to
 * case on both), and/or, dates in the stored form; hostile input — unknown fields, SQL in a value, a rule, a field
 * or the match type, 1,000 conditions, 1,000-deep nesting, a 1 MB value, non-JSON, wrong types — is refused with a
 * Chinese business message or bound, and the statement log proves no request text ever reaches SQL text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_QUERY_TEXT } from '@houtai/shared/super-query';
import type { WorkOrderRecord } from '@houtai/shared/contract/work-order-rules';
import { AppError } from '../src/errors.ts';
import { compileSuperQuery } from '../src/registry/index.ts';
import { numberField, stringField } from '../src/registry/fields.ts';
import type { EntityDef } from '../src/registry/types.ts';
import { api, body, createTestApp, login, userIdOf, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let guest: string;

const ORDERS = [
  { no: 'SQ-1', title: 'Printer 打印机', priority: 'H', status: '0', time: '2026-01-10 09:00:00' },
  { no: 'SQ-2', title: 'printer jam', priority: 'L', status: '1', time: '2026-01-11 10:00:00' },
  { no: 'SQ-3', title: '50% off_sale', priority: 'M', status: '2', time: '2026-01-12 11:00:00' },
  { no: 'SQ-4', title: '邮箱容量不足', priority: 'H', status: '3', time: '2026-01-12 18:30:00' },
  { no: 'SQ-5', title: 'Scanner', priority: 'M', status: '0', time: '2026-01-13 08:00:00' },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
  guest = await login(t.app, 'guest');
  const adminId = await userIdOf(t.handle.db, 'admin');
  await t.handle.db.deleteFrom('biWorkOrderLog').execute();
  await t.handle.db.deleteFrom('biWorkOrder').execute();
  await t.handle.db
    .insertInto('biWorkOrder')
    .values(
      ORDERS.map((o) => ({
        id: `sq${o.no.slice(3)}`,
        orderNo: o.no,
        title: o.title,
        content: null,
        priority: o.priority,
        status: o.status,
        reporterId: adminId,
        assigneeId: null,
        closedBy: null,
        closedTime: null,
        closeNote: null,
        attachments: null,
        createBy: 'admin',
        createTime: o.time,
        updateBy: null,
        updateTime: null,
      })),
    )
    .execute();
});
afterAll(async () => {
  await t.close();
});

type Cond = { field: unknown; rule?: unknown; val?: unknown };

function params(conditions: Cond[] | string, matchType?: string): string {
  const raw = typeof conditions === 'string' ? conditions : encodeURI(JSON.stringify(conditions));
  const q = new URLSearchParams({ superQueryParams: raw, pageSize: '100' });
  if (matchType !== undefined) q.set('superQueryMatchType', matchType);
  return q.toString();
}

async function workOrders(query: string, token = admin) {
  const res = await api(t.app, token, { method: 'GET', url: `/bi/workOrder/list?${query}` });
  return { status: res.statusCode, env: body<{ records: WorkOrderRecord[]; total: number }>(res) };
}

async function numbers(conditions: Cond[], matchType?: string): Promise<string[]> {
  const { status, env } = await workOrders(params(conditions, matchType));
  expect(status).toBe(200);
  expect(env.success, env.message).toBe(true);
  return env.result.records.map((r) => r.orderNo).sort();
}

async function refused(query: string): Promise<string> {
  const { status, env } = await workOrders(query);
  expect(status).toBe(200);
  expect(env.success).toBe(false);
  expect(env.message).toMatch(/[\u4e00-\u9fff]/);
  expect(env.message).not.toMatch(/select|from|where|sqlite|syntax|stack/i);
  return env.message;
}

describe('rules on the work-order list', () => {
  it.each([
    [[{ field: 'title', rule: 'eq', val: 'Scanner' }], ['SQ-5']],
    [[{ field: 'title', val: 'Scanner' }], ['SQ-5']],
    [[{ field: 'title', rule: 'like', val: 'PRINTER' }], ['SQ-1', 'SQ-2']],
    [[{ field: 'title', rule: 'right_like', val: 'printer' }], ['SQ-1', 'SQ-2']],
    [[{ field: 'title', rule: 'left_like', val: 'JAM' }], ['SQ-2']],
    [[{ field: 'title', rule: 'like', val: '打印' }], ['SQ-1']],
    [[{ field: 'priority', rule: 'in', val: 'H,L' }], ['SQ-1', 'SQ-2', 'SQ-4']],
    [[{ field: 'priority', rule: 'in', val: ['M'] }], ['SQ-3', 'SQ-5']],
    [[{ field: 'status', rule: 'ne', val: '0' }], ['SQ-2', 'SQ-3', 'SQ-4']],
    [[{ field: 'createTime', rule: 'gt', val: '2026-01-12' }], ['SQ-5']],
    [[{ field: 'create_time', rule: 'ge', val: '2026-01-12' }], ['SQ-3', 'SQ-4', 'SQ-5']],
    [[{ field: 'create_time', rule: 'lt', val: '2026-01-11' }], ['SQ-1']],
    [[{ field: 'create_time', rule: 'le', val: '2026-01-11 10:00:00' }], ['SQ-1', 'SQ-2']],
    [[{ field: 'create_time', rule: 'eq', val: '2026-01-12' }], ['SQ-3', 'SQ-4']],
    [[{ field: 'create_time', rule: 'ne', val: '2026-01-12' }], ['SQ-1', 'SQ-2', 'SQ-5']],
    [[{ field: 'create_time', rule: 'in', val: '2026-01-10,2026-01-13 08:00:00' }], ['SQ-1', 'SQ-5']],
    // LIKE wildcards in a value are literal characters.
    [[{ field: 'title', rule: 'like', val: '%' }], ['SQ-3']],
    [[{ field: 'title', rule: 'like', val: 'f_s' }], ['SQ-3']],
    [[{ field: 'title', rule: 'like', val: '_' }], ['SQ-3']],
  ] as const)('%j → %j', async (conditions, expected) => {
    expect(await numbers([...conditions])).toEqual(expected);
  });

  it('and / or', async () => {
    const c = [
      { field: 'priority', rule: 'eq', val: 'H' },
      { field: 'status', rule: 'eq', val: '3' },
    ];
    expect(await numbers(c)).toEqual(['SQ-4']);
    expect(await numbers(c, 'and')).toEqual(['SQ-4']);
    expect(await numbers(c, 'OR')).toEqual(['SQ-1', 'SQ-4']);
    // An or-group stays inside its parentheses: the list's own filters still apply to every row.
    const { env } = await workOrders(`${params(c, 'or')}&status=0`);
    expect(env.result.records.map((r) => r.orderNo)).toEqual(['SQ-1']);
  });

  it('skips empty values but still checks their fields; plain JSON is accepted as well as URI-encoded', async () => {
    expect(await numbers([{ field: 'title', rule: 'eq', val: '' }])).toHaveLength(5);
    expect(await refused(params([{ field: 'nope', rule: 'eq', val: '' }]))).toBe(
      SUPER_QUERY_TEXT.fieldNotAllowed('nope'),
    );
    const plain = new URLSearchParams({ superQueryParams: JSON.stringify([{ field: 'title', val: 'Scanner' }]) });
    expect((await workOrders(plain.toString())).env.result.total).toBe(1);
  });

  it('the title box takes the filter text operators', async () => {
    const titled = async (text: string) =>
      (await workOrders(`title=${encodeURIComponent(text)}&pageSize=100`)).env.result.records
        .map((r) => r.orderNo)
        .sort();
    expect(await titled('printer')).toEqual(['SQ-1', 'SQ-2']);
    expect(await titled('*printer*')).toEqual(['SQ-1', 'SQ-2']);
    expect(await titled('Scan*')).toEqual(['SQ-5']);
    expect(await titled('*jam')).toEqual(['SQ-2']);
    expect(await titled('!Scanner')).toEqual(['SQ-1', 'SQ-2', 'SQ-3', 'SQ-4']);
    expect(await titled('>=S')).toEqual(['SQ-5', 'SQ-4', 'SQ-2'].sort());
  });

  it('the low-privilege user is refused the list before any query is read', async () => {
    const { status, env } = await workOrders(params([{ field: 'title', val: 'x' }]), guest);
    expect(env.success).toBe(false);
    expect([200, 403]).toContain(status);
  });
});

describe('hostile advanced queries', () => {
  const MARK = 'ZqMark';

  it.each([
    ['an unknown field', params([{ field: 'password', val: 'x' }]), SUPER_QUERY_TEXT.fieldNotAllowed('password')],
    ['a field that is not filterable', params([{ field: 'id', val: 'x' }]), SUPER_QUERY_TEXT.fieldNotAllowed('id')],
    ['__proto__ as a field', params([{ field: '__proto__', val: 'x' }]), SUPER_QUERY_TEXT.fieldInvalid],
    ['SQL in a field', params([{ field: `title) or (1=1 ${MARK}`, val: 'x' }]), SUPER_QUERY_TEXT.fieldInvalid],
    [
      'SQL in a rule',
      params([{ field: 'title', rule: `eq' or 1=1 -- ${MARK}`, val: 'x' }]),
      SUPER_QUERY_TEXT.ruleInvalid,
    ],
    [
      'SQL in the match type',
      params([{ field: 'title', val: 'x' }], `or 1=1 ${MARK}`),
      SUPER_QUERY_TEXT.matchTypeInvalid,
    ],
    [
      '1,000 conditions',
      params(Array.from({ length: 1000 }, () => ({ field: 'title', val: MARK }))),
      SUPER_QUERY_TEXT.tooMany,
    ],
    ['1,000-deep nesting', params('['.repeat(1000) + ']'.repeat(1000)), SUPER_QUERY_TEXT.malformed],
    ['a 1 MB value', params([{ field: 'title', val: MARK.repeat(200_000) }]), SUPER_QUERY_TEXT.tooLong],
    ['a 501-character value', params([{ field: 'title', val: 'x'.repeat(501) }]), SUPER_QUERY_TEXT.valueTooLong],
    ['non-JSON', params(`not json ${MARK}`), SUPER_QUERY_TEXT.malformed],
    ['a broken URI escape', params('%E0%A4%A'), SUPER_QUERY_TEXT.malformed],
    ['an object instead of a list', params(`{"field":"title","val":"${MARK}"}`), SUPER_QUERY_TEXT.malformed],
    ['an object as a value', params([{ field: 'title', val: { $ne: MARK } }]), SUPER_QUERY_TEXT.valueInvalid],
    ['a number as a field', params([{ field: 42, val: 'x' }]), SUPER_QUERY_TEXT.fieldInvalid],
    [
      'a date that is not one',
      params([{ field: 'create_time', rule: 'gt', val: `2026' ${MARK}` }]),
      SUPER_QUERY_TEXT.dateInvalid('创建时间'),
    ],
    [
      'like on a date',
      params([{ field: 'create_time', rule: 'like', val: '2026' }]),
      SUPER_QUERY_TEXT.ruleNotForType('创建时间'),
    ],
    [
      '101 values in a list',
      params([{ field: 'priority', rule: 'in', val: Array.from({ length: 101 }, (_, i) => `v${i}`).join(',') }]),
      SUPER_QUERY_TEXT.inTooMany,
    ],
  ])('%s is refused', async (_name, query, message) => {
    const from = t.statements.length;
    expect(await refused(query)).toBe(message);
    const sqlText = t.statements
      .slice(from)
      .map((s) => s.sql)
      .join('\n');
    expect(sqlText).not.toContain(MARK);
    expect(sqlText).not.toContain('bi_work_order');
  });

  it('SQL in a value is bound, never written into the statement', async () => {
    const values = [
      `x' or '1'='1 ${MARK}`,
      `${MARK}'; drop table bi_work_order; --`,
      `") or 1=1 /* ${MARK}`,
      `\\' ${MARK} union select`,
    ];

    for (const val of values) {
      for (const rule of ['eq', 'like', 'right_like', 'ne', 'in', 'gt']) {
        const from = t.statements.length;
        const { env } = await workOrders(params([{ field: 'title', rule, val }]));
        expect(env.success, env.message).toBe(true);
        if (rule !== 'ne' && rule !== 'gt') expect(env.result.total).toBe(0);
        const statements = t.statements.slice(from).filter((s) => s.sql.includes('bi_work_order'));
        expect(statements.length).toBeGreaterThan(0);
        for (const s of statements) {
          expect(s.sql).not.toContain(val);
          expect(s.sql).not.toContain(MARK);
        }
        const bound = statements.flatMap((s) => s.parameters.map(String));
        expect(bound.some((p) => p.includes(MARK))).toBe(true);
      }
    }
    expect(await t.handle.db.selectFrom('biWorkOrder').select('id').execute()).toHaveLength(5);
  });
});

describe('the evaluator on its own', () => {
  const entity: EntityDef = {
    names: ['sq_test'],
    label: '测试',
    table: 'sq_test',
    columns: {
      amount: numberField('amount', '金额', { filter: true }),
      day: stringField('day', '日期', { filter: true, format: 'date' }),
      secret: stringField('secret', '秘密'),
    },
    dictPairs: [],
    baseFilter: [],
    defaultOrder: [],
  };
  const compile = (field: string, rule: string, val: string) =>
    compileSuperQuery(entity, 'm', [{ field, rule: rule as 'eq', val }], 'and')?.compile(t.handle.db);
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      return (e as AppError).message;
    }
    throw new Error('expected a refusal');
  };

  it('number columns take numbers only, bound as numbers', () => {
    const q = compile('amount', 'ge', '12.5');
    expect(q?.parameters).toEqual([12.5]);
    expect(q?.sql).toMatch(/"m"\."amount" >= [?$]/);
    expect(refusal(() => compile('amount', 'eq', '1 or 1=1'))).toBe(SUPER_QUERY_TEXT.numberInvalid('金额'));
    expect(refusal(() => compile('amount', 'in', '1,x'))).toBe(SUPER_QUERY_TEXT.numberInvalid('金额'));
    expect(refusal(() => compile('amount', 'like', '1'))).toBe(SUPER_QUERY_TEXT.ruleNotForType('金额'));
    expect(compile('amount', 'in', '1, 2,3')?.parameters).toEqual([1, 2, 3]);
  });

  it('date columns take the stored form; unlisted columns do not exist', () => {
    expect(compile('day', 'lt', '2026-01-01')?.parameters).toEqual(['2026-01-01']);
    expect(refusal(() => compile('day', 'lt', '2026-01-01 00:00:00'))).toBe(SUPER_QUERY_TEXT.dateInvalid('日期'));
    expect(refusal(() => compile('secret', 'eq', 'x'))).toBe(SUPER_QUERY_TEXT.fieldNotAllowed('secret'));
  });
});

describe('the other lists', () => {
  it('announcements (admin list, my messages, listByUser) take the advanced query', async () => {
    const q = params([{ field: 'titile', rule: 'like', val: 'zz-no-such-title' }]);
    for (const url of ['/sys/annountCement/list', '/sys/sysAnnouncementSend/getMyAnnouncementSend']) {
      const env = body<{ total: number }>(await api(t.app, admin, { method: 'GET', url: `${url}?${q}` }));
      expect(env.success, `${url}: ${env.message}`).toBe(true);
      expect(env.result.total).toBe(0);
      const all = body<{ total: number }>(await api(t.app, admin, { method: 'GET', url }));
      expect(all.result.total).toBeGreaterThan(0);
      const bad = body(
        await api(t.app, admin, { method: 'GET', url: `${url}?${params([{ field: 'msg_content', val: 'x' }])}` }),
      );
      expect(bad.success).toBe(false);
      expect(bad.message).toBe(SUPER_QUERY_TEXT.fieldNotAllowed('msg_content'));
    }
    const bell = body<{ anntMsgTotal: number; sysMsgTotal: number }>(
      await api(t.app, admin, { method: 'GET', url: `/sys/annountCement/listByUser?${q}` }),
    );
    expect(bell.success, bell.message).toBe(true);
    expect(bell.result.anntMsgTotal + bell.result.sysMsgTotal).toBe(0);
  });

  it('the operate log takes the advanced query', async () => {
    const url = '/common/operateLog/list';
    const all = body<{ total: number }>(await api(t.app, admin, { method: 'GET', url }));
    const none = body<{ total: number }>(
      await api(t.app, admin, {
        method: 'GET',
        url: `${url}?${params([{ field: 'content', rule: 'eq', val: 'zz-none' }])}`,
      }),
    );
    expect(none.success, none.message).toBe(true);
    expect(none.result.total).toBe(0);
    const ne = body<{ total: number }>(
      await api(t.app, admin, {
        method: 'GET',
        url: `${url}?${params([{ field: 'content', rule: 'ne', val: 'zz-none' }])}`,
      }),
    );
    expect(ne.result.total).toBe(all.result.total);
    const bad = body(await api(t.app, admin, { method: 'GET', url: `${url}?${params([{ field: 'ip', val: 'x' }])}` }));
    expect(bad.message).toBe(SUPER_QUERY_TEXT.fieldNotAllowed('ip'));
  });

  it('online users take the advanced query over the user fields', async () => {
    const url = '/sys/online/list';
    const get = async (c: Cond[]) =>
      body<{ total: number; records: { username: string }[] }>(
        await api(t.app, admin, { method: 'GET', url: `${url}?${params(c)}` }),
      );
    const mine = await get([{ field: 'username', rule: 'eq', val: 'admin' }]);
    expect(mine.success, mine.message).toBe(true);
    expect(mine.result.total).toBeGreaterThan(0);
    expect(mine.result.records.every((r) => r.username === 'admin')).toBe(true);
    expect((await get([{ field: 'realname', rule: 'like', val: 'zz-none' }])).result.total).toBe(0);
    expect((await get([{ field: 'password', val: 'x' }])).message).toBe(SUPER_QUERY_TEXT.fieldNotAllowed('password'));
  });

  it('my tasks take the advanced query; number fields take numbers only', async () => {
    const url = '/task/asyncTask/list/mine';
    const get = async (c: Cond[]) =>
      body<{ total: number }>(await api(t.app, admin, { method: 'GET', url: `${url}?${params(c)}` }));
    const ok = await get([{ field: 'progress', rule: 'ge', val: '0' }]);
    expect(ok.success, ok.message).toBe(true);
    expect((await get([{ field: 'title', rule: 'eq', val: 'zz-none' }])).result.total).toBe(0);
    const bad = await get([{ field: 'progress', rule: 'ge', val: '0 or 1=1' }]);
    expect(bad.success).toBe(false);
    expect(bad.message).toBe(SUPER_QUERY_TEXT.numberInvalid('进度'));
  });
});
