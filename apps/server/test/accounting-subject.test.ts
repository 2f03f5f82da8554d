/**
 * 会计科目 administration (issue 15, /voucher/accSubject/*): the chart as a tree with its filters, add (parent derived
 * from the code, category inherited, the first digit's category), edit with the version, disabling refused while a
 * template uses the subject, delete refused while sub-accounts, voucher lines, balances or template lines use it,
 * the operate log and the permission codes — answers, what is stored, and nothing changed after a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECT_PATHS as PATH, SUBJECT_TEXT, type SubjectTreeNode } from '@houtai/shared/contract/accounting-subject';
import { newId } from '../src/lib/ids.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
const db = () => t.handle.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) {
  return api(t.app, token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function tree(query = ''): Promise<SubjectTreeNode[]> {
  const b = body<SubjectTreeNode[]>(await call('GET', `${PATH.list}${query}`));
  expect(b.success, b.message).toBe(true);
  return b.result;
}

function find(nodes: readonly SubjectTreeNode[], code: string): SubjectTreeNode | undefined {
  for (const n of nodes) {
    if (n.code === code) return n;
    const hit = find(n.children, code);
    if (hit) return hit;
  }
  return undefined;
}

const codes = (nodes: readonly SubjectTreeNode[]) => nodes.map((n) => n.code);

async function stored(code: string) {
  return db().selectFrom('accSubject').selectAll().where('code', '=', code).executeTakeFirst();
}

async function add(payload: Record<string, unknown>) {
  return body<SubjectTreeNode>(await call('POST', PATH.add, payload));
}

describe('GET list', () => {
  it('answers the seeded chart as a tree in code order, with leaf flags and texts', async () => {
    const roots = await tree();
    expect(codes(roots).slice(0, 3)).toEqual(['1001', '1002', '1012']);
    expect(roots.every((r) => r.level === 1 && r.parentCode === null)).toBe(true);
    const tax = find(roots, '2221')!;
    expect(tax).toMatchObject({ leaf: false, category: '负债', direction: 'C', direction_dictText: '贷', level: 1 });
    expect(codes(tax.children)).toEqual(['222101', '222102']);
    expect(tax.children[0]).toMatchObject({
      name: '应交增值税（进项税额）',
      parentCode: '2221',
      level: 2,
      leaf: true,
      direction: 'D',
      status: '1',
      status_dictText: '启用',
      children: [],
    });
    expect(roots.some((r) => r.code === '222101')).toBe(false);
  });

  it('filters by code or name keyword and by status, keeping the ancestors of a match', async () => {
    const byName = await tree(`?keyword=${encodeURIComponent('差旅')}`);
    expect(codes(byName)).toEqual(['6602']);
    expect(byName[0]).toMatchObject({ matched: false, leaf: false });
    expect(byName[0]!.children.map((c) => [c.code, c.matched])).toEqual([['660201', true]]);

    const byCode = await tree('?keyword=1122');
    expect(codes(byCode)).toEqual(['1122']);
    expect(byCode[0]!.matched).toBe(true);

    expect(await tree(`?keyword=${encodeURIComponent("' or 1=1 --")}`)).toEqual([]);
    expect(await tree('?keyword=%25')).toEqual([]);
    const bad = await call('GET', `${PATH.list}?status=${encodeURIComponent("1' or '1'='1")}`);
    expect(bad.statusCode).toBeLessThan(500);
    expect(body(bad)).toMatchObject({ success: false, message: SUBJECT_TEXT.statusInvalid });
  });
});

describe('add', () => {
  it('adds a first-level subject whose category matches its first digit', async () => {
    const b = await add({ code: '1131', name: '应收股利', direction: 'D', category: '资产' });
    expect(b).toMatchObject({
      success: true,
      message: SUBJECT_TEXT.added,
      result: { code: '1131', level: 1, parentCode: null, leaf: true, status: '1', version: 1 },
    });
    expect(await stored('1131')).toMatchObject({ category: '资产', createBy: 'admin', level: 1 });

    expect(await add({ code: '1132', name: '应收利息', direction: 'D', category: '负债' })).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.categoryMismatch('1', '资产'),
    });
    expect(await add({ code: '7001', name: '七', direction: 'D', category: '资产' })).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.categoryFirstDigit,
    });
    expect(await add({ code: '1133', name: '无类别', direction: 'D' })).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.categoryRequired,
    });
    expect(await stored('1132')).toBeUndefined();
    expect(await stored('1133')).toBeUndefined();
  });

  it('derives the parent from the code, inherits its category, and turns the parent into a non-leaf', async () => {
    // The category sent is ignored: a sub-account is of its parent's category.
    const b = await add({ code: '113101', name: '甲公司', direction: 'C', category: '损益', status: '0' });
    expect(b).toMatchObject({
      success: true,
      result: { code: '113101', parentCode: '1131', level: 2, category: '资产', direction: 'C', status: '0' },
    });
    expect(find(await tree(), '1131')).toMatchObject({ leaf: false, children: [{ code: '113101' }] });
    const deep = await add({ code: '11310101', name: '三级', direction: 'D', status: '0' });
    expect(deep).toMatchObject({ success: true, result: { level: 3, parentCode: '113101', category: '资产' } });
  });

  it('refuses a missing parent, a taken code, a malformed code and a fifth level', async () => {
    expect(await add({ code: '119901', name: '孤儿', direction: 'D' })).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.parentMissing('1199'),
    });
    expect(await add({ code: '1001', name: '重复', direction: 'D', category: '资产' })).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.codeTaken,
    });
    for (const code of ['100', '10011', '1001010101x', '100101010101', "1001' or '1'='1", 'abcd']) {
      const res = await call('POST', PATH.add, { code, name: 'x', direction: 'D', category: '资产' });
      expect(res.statusCode, code).toBeLessThan(500);
      expect(body(res), code).toMatchObject({ success: false, message: SUBJECT_TEXT.codeFormat });
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ code: '1134', direction: 'D', category: '资产' }, SUBJECT_TEXT.nameRequired],
      [{ code: '1134', name: '名'.repeat(101), direction: 'D', category: '资产' }, SUBJECT_TEXT.nameTooLong],
      [{ code: '1134', name: 'a\nb', direction: 'D', category: '资产' }, SUBJECT_TEXT.nameControl],
      [{ code: '1134', name: 'x', category: '资产' }, SUBJECT_TEXT.directionRequired],
      [{ code: '1134', name: 'x', direction: 'X', category: '资产' }, SUBJECT_TEXT.directionInvalid],
      [{ code: '1134', name: 'x', direction: 'D', category: '其他' }, SUBJECT_TEXT.categoryInvalid],
      [{ code: '1134', name: 'x', direction: 'D', category: '资产', status: '2' }, SUBJECT_TEXT.statusInvalid],
    ];
    for (const [payload, message] of cases)
      expect(await add(payload), message).toMatchObject({ success: false, message });
    expect(await stored('1134')).toBeUndefined();
  });

  it('refuses a sub-account under a disabled parent, or under a subject vouchers or templates already use', async () => {
    // 113101 is disabled (added so above): an enabled child under it is refused, a disabled one is not.
    expect(await add({ code: '11310102', name: '启用', direction: 'D' })).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.parentDisabled('113101 甲公司'),
    });
    // 2202 应付账款 is on the seeded templates.
    const used = await add({ code: '220201', name: '供应商甲', direction: 'C' });
    expect(used.success).toBe(false);
    expect(used.message).toMatch(/^科目「2202 应付账款」已被凭证模板「.*采购入库.*」使用，不能再增加下级科目$/);
    // 1012 has a voucher line.
    await db()
      .insertInto('accVoucherLine')
      .values({ id: newId(), voucherId: newId(), lineNo: 1, summary: 't', subjectCode: '1012', debit: 100, credit: 0 })
      .execute();
    expect(await add({ code: '101201', name: '银行汇票', direction: 'D' })).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.parentUsed('1012 其他货币资金', '凭证分录'),
    });
    expect(await stored('220201')).toBeUndefined();
    expect(await stored('101201')).toBeUndefined();
  });
});

describe('edit', () => {
  it('edits name, direction and status by PUT and POST with the version; the code and category stay', async () => {
    const s = (await add({ code: '6111', name: '投资收益', direction: 'C', category: '损益' })).result;
    const put = await call('PUT', PATH.edit, {
      id: s.id,
      name: '投资收益（改）',
      direction: 'D',
      status: '0',
      version: 1,
      code: '6112',
      category: '资产',
    });
    expect(body(put)).toMatchObject({
      success: true,
      message: SUBJECT_TEXT.edited,
      result: { code: '6111', name: '投资收益（改）', direction: 'D', status: '0', category: '损益', version: 2 },
    });
    expect(await stored('6111')).toMatchObject({ updateBy: 'admin', category: '损益' });
    expect(await stored('6112')).toBeUndefined();

    const stale = await call('POST', PATH.edit, { id: s.id, name: '旧', direction: 'C', version: 1 });
    expect(body(stale)).toMatchObject({ success: false, message: SUBJECT_TEXT.stale });
    const post = await call('POST', PATH.edit, { id: s.id, name: '投资收益', direction: 'C' });
    // Status left out: kept.
    expect(body(post)).toMatchObject({ success: true, result: { name: '投资收益', status: '0', version: 3 } });
    expect(body(await call('PUT', PATH.edit, { id: newId(), name: 'x', direction: 'C' }))).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.notFound,
    });
  });

  it('refuses to disable a subject a template uses, naming the template; and a parent with enabled children', async () => {
    const s = (await tree()).flatMap((r) => [r, ...r.children]).find((n) => n.code === '6001')!;
    const res = body(await call('PUT', PATH.edit, { id: s.id, name: s.name, direction: 'C', status: '0' }));
    expect(res.success).toBe(false);
    expect(res.message).toMatch(
      /^科目「6001 主营业务收入」已被凭证模板「[^」]*销售出库[^」]*」使用，请先修改凭证模板再停用$/,
    );
    expect(await stored('6001')).toMatchObject({ status: '1', version: s.version });

    const tax = find(await tree(), '2221')!;
    expect(
      body(await call('PUT', PATH.edit, { id: tax.id, name: tax.name, direction: 'C', status: '0' })),
    ).toMatchObject({ success: false, message: SUBJECT_TEXT.disableEnabledChildren('2221 应交税费', 2) });

    // Its children all disabled, 1131 may be disabled; then a child cannot be enabled under it until it is.
    const parent = find(await tree(), '1131')!;
    const child = find(await tree(), '113101')!;
    const edit = (n: SubjectTreeNode, status: '0' | '1') =>
      call('PUT', PATH.edit, { id: n.id, name: n.name, direction: n.direction, status });
    expect(body(await edit(parent, '0')).success).toBe(true);
    expect(body(await edit(child, '1'))).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.parentDisabled('1131 应收股利'),
    });
    expect(await stored('113101')).toMatchObject({ status: '0' });
    expect(body(await edit(parent, '1')).success).toBe(true);
    expect(body(await edit(child, '1')).success).toBe(true);
    expect(body(await edit(parent, '0'))).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.disableEnabledChildren('1131 应收股利', 1),
    });
  });
});

describe('delete', () => {
  it('refuses while sub-accounts, voucher lines, balances or template lines use it; then deletes a free leaf', async () => {
    const parent = find(await tree(), '1131')!;
    expect(body(await call('DELETE', `${PATH.delete}?id=${parent.id}`))).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.hasChildren('1131 应收股利', 1),
    });

    const cash = find(await tree(), '1012')!;
    expect(body(await call('DELETE', `${PATH.delete}?id=${cash.id}`))).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.usedByVouchers('1012 其他货币资金', 1),
    });

    const loan = find(await tree(), '2001')!;
    await db()
      .insertInto('accLedgerBalance')
      .values({ id: newId(), ledgerId: newId(), period: '2025-01', subjectCode: '2001', debit: 0, credit: 500 })
      .execute();
    expect(body(await call('DELETE', `${PATH.delete}?id=${loan.id}`))).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.usedByBalances('2001 短期借款'),
    });

    const receivable = find(await tree(), '1122')!;
    const used = body(await call('DELETE', `${PATH.delete}?id=${receivable.id}`));
    expect(used.success).toBe(false);
    expect(used.message).toMatch(/^科目「1122 应收账款」已被凭证模板「[^」]*」使用，不能删除$/);
    for (const code of ['1131', '1012', '2001', '1122']) expect(await stored(code)).toBeDefined();

    // Leaves first, then the parent.
    for (const code of ['11310101', '113101', '1131']) {
      const node = find(await tree(), code)!;
      expect(body(await call('DELETE', `${PATH.delete}?id=${node.id}`)), code).toMatchObject({
        success: true,
        message: SUBJECT_TEXT.deleted,
      });
      expect(await stored(code)).toBeUndefined();
    }
    expect(body(await call('DELETE', `${PATH.delete}?id=${parent.id}`))).toMatchObject({
      success: false,
      message: SUBJECT_TEXT.notFound,
    });
    expect(body(await call('DELETE', PATH.delete))).toMatchObject({ success: false, message: SUBJECT_TEXT.idRequired });
  });
});

describe('operate log and permissions', () => {
  it('logs each write with the subject', async () => {
    const s = (await add({ code: '4002', name: '资本公积', direction: 'C', category: '所有者权益' })).result;
    await call('PUT', PATH.edit, { id: s.id, name: '资本公积', direction: 'C', status: '0' });
    await call('DELETE', `${PATH.delete}?id=${s.id}`);
    const rows = await db()
      .selectFrom('operateLog')
      .select(['content'])
      .where('content', 'like', '%4002 资本公积%')
      .execute();
    expect(rows.map((r) => r.content).sort()).toEqual(
      ['添加会计科目：4002 资本公积', '编辑会计科目：4002 资本公积', '删除会计科目：4002 资本公积'].sort(),
    );
  });

  it('lets finance read the chart but not change it; refuses staff and the guest everything', async () => {
    const lisi = await login(t.app, 'lisi');
    expect(body(await call('GET', PATH.list, undefined, lisi)).success).toBe(true);
    for (const [method, url] of [
      ['POST', PATH.add],
      ['PUT', PATH.edit],
      ['POST', PATH.edit],
      ['DELETE', `${PATH.delete}?id=x`],
    ] as const) {
      const res = await call(method, url, method === 'DELETE' ? undefined : {}, lisi);
      expect(res.statusCode, `lisi ${method} ${url}`).toBe(403);
    }
    for (const username of ['zhangsan', 'guest']) {
      const token = await login(t.app, username);
      for (const [method, url] of [
        ['GET', PATH.list],
        ['POST', PATH.add],
        ['PUT', PATH.edit],
        ['DELETE', `${PATH.delete}?id=x`],
      ] as const) {
        const res = await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, token);
        expect(res.statusCode, `${username} ${method} ${url}`).toBe(403);
      }
    }
    expect(await stored('1001')).toBeDefined();
  });
});
