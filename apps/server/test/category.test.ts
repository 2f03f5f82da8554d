import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@houtai/shared/constants';
import { CATEGORIES, type CategorySeed } from '../src/db/seed/categories.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'guest');
});
afterAll(async () => {
  await t.close();
});

interface Node {
  key: string;
  title: string;
  code: string | null;
  leaf: boolean;
  parentId: string | null;
  value: string | null;
  icon: null;
  children: Node[] | null;
}

const get = async <T>(url: string) => body<T>(await api(t.app, token, { method: 'GET', url }));

async function idOf(code: string): Promise<string> {
  return (await t.handle.db.selectFrom('sysCategory').select('id').where('code', '=', code).executeTakeFirstOrThrow())
    .id;
}

describe('category trees', () => {
  it('loads the business sources under A01 with code, title and leaf (async)', async () => {
    const b = await get<Node[]>('/sys/category/loadTreeRoot?async=true&pcode=A01');
    expect(b.success).toBe(true);
    expect(b.result.map((n) => [n.code, n.title, n.leaf])).toEqual([
      ['A01A01', '采购业务', false],
      ['A01A02', '销售业务', false],
      ['A01A03', '物流业务', false],
      ['A01A04', '费用报销', false],
      ['A01A05', '资金业务', false],
    ]);
    const a01 = await idOf('A01');
    expect(b.result[0]).toMatchObject({ key: await idOf('A01A01'), parentId: a01, children: null });
  });

  it('loads the whole subtree when async=false', async () => {
    const b = await get<Node[]>('/sys/category/loadTreeRoot?async=false&pcode=A01');
    const sales = b.result.find((n) => n.code === 'A01A02');
    expect(sales?.children?.map((n) => n.code)).toEqual(['A01A02A01', 'A01A02A02', 'A01A02A03']);
    const invoices = sales?.children?.find((n) => n.code === 'A01A02A03');
    expect(invoices?.leaf).toBe(false);
    expect(invoices?.children?.map((n) => [n.code, n.leaf, n.children])).toEqual([
      ['A01A02A03A01', true, null],
      ['A01A02A03A02', true, null],
    ]);
  });

  it('answers the roots for an empty pcode and refuses an unknown code', async () => {
    const roots = await get<Node[]>('/sys/category/loadTreeRoot?async=true&pcode=');
    expect(roots.result.map((n) => n.code)).toEqual(['A01', 'B01']);
    const unknown = await get('/sys/category/loadTreeRoot?async=true&pcode=Z99');
    expect(unknown.success).toBe(false);
    expect(unknown.message).toBe(TEXT.categoryUnknown);
  });

  it('requires the async parameter', async () => {
    const res = await api(t.app, token, { method: 'GET', url: '/sys/category/loadTreeRoot?pcode=A01' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/async/);
  });

  it('loads children by pid', async () => {
    const b = await get<Node[]>(`/sys/category/loadTreeChildren?pid=${await idOf('A01A01')}`);
    expect(b.result.map((n) => n.title)).toEqual(['采购入库', '采购退货', '采购发票']);
    expect(b.result.every((n) => n.leaf)).toBe(true);
  });

  it('loads tree data by pcode, pid or root and filters by an allow-listed condition', async () => {
    expect((await get<Node[]>('/sys/category/loadTreeData?pcode=A01')).result).toHaveLength(5);
    expect((await get<Node[]>('/sys/category/loadTreeData?pcode=0')).result.map((n) => n.code)).toEqual(['A01', 'B01']);
    expect(
      (await get<Node[]>(`/sys/category/loadTreeData?pid=${await idOf('B01')}`)).result.map((n) => n.code),
    ).toEqual(['B01A01', 'B01A02', 'B01A03']);
    const condition = encodeURIComponent(JSON.stringify({ code: 'A01A03', sysOrgCode: 'A01' }));
    const filtered = await get<Node[]>(`/sys/category/loadTreeData?pcode=A01&condition=${condition}`);
    expect(filtered.result.map((n) => n.title)).toEqual(['物流业务']);
    const refused = await get(
      `/sys/category/loadTreeData?pcode=A01&condition=${encodeURIComponent('{"hasChild":"1"}')}`,
    );
    expect(refused.success).toBe(false);
    expect(refused.message).toBe(TEXT.conditionInvalid);
    const none = await get('/sys/category/loadTreeData');
    expect(none.success).toBe(false);
    expect(none.message).toBe(TEXT.categoryParamMissing);
  });
});

describe('category lookups', () => {
  it('loads one category by code, name or id and refuses other fields', async () => {
    const byCode = await get<{ id: string; name: string; code: string; pid: string; hasChild: string }>(
      '/sys/category/loadOne?field=code&val=A01A02',
    );
    expect(byCode.success).toBe(true);
    expect(byCode.result).toMatchObject({ name: '销售业务', code: 'A01A02', pid: await idOf('A01'), hasChild: '1' });
    const byName = await get<{ code: string }>(
      `/sys/category/loadOne?field=name&val=${encodeURIComponent('物料分类')}`,
    );
    expect(byName.result.code).toBe('B01');
    const byId = await get<{ code: string }>(`/sys/category/loadOne?field=id&val=${await idOf('B01A02')}`);
    expect(byId.result.code).toBe('B01A02');
    const missing = await get('/sys/category/loadOne?field=code&val=Z99');
    expect(missing.success).toBe(false);
    expect(missing.message).toBe(TEXT.queryNoResult);
    const badField = await get('/sys/category/loadOne?field=has_child&val=1');
    expect(badField.success).toBe(false);
    expect(badField.message).toBe(TEXT.conditionInvalid);
  });

  it('translates ids to names in order, by path or query, dropping or keeping unknown ids', async () => {
    const ids = `${await idOf('A01A02')},nope,${await idOf('A01')}`;
    expect((await get<string[]>(`/sys/category/loadDictItem/${ids}`)).result).toEqual(['销售业务', '业务来源']);
    expect((await get<string[]>(`/sys/category/loadDictItem?ids=${ids}`)).result).toEqual(['销售业务', '业务来源']);
    expect((await get<string[]>(`/sys/category/loadDictItem?ids=${ids}&delNotExist=false`)).result).toEqual([
      '销售业务',
      'nope',
      '业务来源',
    ]);
  });

  it('loads all rows whose code starts with the code as DictModel, 0 meaning all', async () => {
    const sales = await get<{ value: string; text: string; title: string; label: string }[]>(
      '/sys/category/loadAllData?code=A01A02',
    );
    expect(sales.result.map((r) => r.text)).toEqual([
      '销售业务',
      '销售出库',
      '销售退货',
      '销售发票',
      '增值税专用发票',
      '增值税普通发票',
    ]);
    expect(sales.result[0]).toEqual({
      value: await idOf('A01A02'),
      text: '销售业务',
      title: '销售业务',
      label: '销售业务',
    });
    const total = (await t.handle.db.selectFrom('sysCategory').select('id').execute()).length;
    expect((await get<unknown[]>('/sys/category/loadAllData?code=0')).result).toHaveLength(total);
    expect((await get<unknown[]>('/sys/category/loadAllData?code=A0_')).result).toEqual([]);
    expect((await get<unknown[]>('/sys/category/loadAllData?code=%25')).result).toEqual([]);
  });

  it('needs a session', async () => {
    for (const url of [
      '/sys/category/loadTreeRoot?async=true&pcode=A01',
      '/sys/category/loadAllData?code=0',
      '/sys/category/loadDictItem?ids=x',
    ]) {
      expect((await api(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('category seed', () => {
  it('gives every A01 child two or more children and goes deeper somewhere', () => {
    const a01 = CATEGORIES.find((c) => c.code === 'A01');
    expect(a01?.children?.map((c) => c.code)).toEqual(['A01A01', 'A01A02', 'A01A03', 'A01A04', 'A01A05']);
    for (const child of a01?.children ?? []) expect(child.children?.length ?? 0).toBeGreaterThanOrEqual(2);
    const depth = (c: CategorySeed): number => 1 + Math.max(0, ...(c.children ?? []).map(depth));
    expect(depth(a01!)).toBeGreaterThanOrEqual(4);
  });

  it('keeps has_child right for every row', async () => {
    const rows = await t.handle.db.selectFrom('sysCategory').select(['id', 'pid', 'code', 'hasChild']).execute();
    const parents = new Set(rows.map((r) => r.pid));
    for (const r of rows) expect(r.hasChild, r.code ?? r.id).toBe(parents.has(r.id) ? '1' : '0');
  });
});
