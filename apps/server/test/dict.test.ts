import { ACCOUNTING_DICTIONARIES } from '../src/db/seed/accounting.ts';
import { ADMIN_DICTIONARIES } from '../src/db/seed/admin-permissions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@houtai/shared/constants';
import { clientSignParams, signParams } from '@houtai/shared/sign';
import { seed } from '../src/db/seed/index.ts';
import { DICTIONARIES } from '../src/db/seed/dictionaries.ts';
import { WORK_ORDER_DICT_CODES } from '../src/db/seed/work-orders.ts';
import { api, body, createTestApp, login, TEST_PASSWORD, type TestContext } from './helpers.ts';
import { ACCIDENT_CATEGORY_DICT, ACCIDENT_LEVEL_DICT } from '@houtai/shared/contract/pickers';

const PICKER_DICT_CODES = [ACCIDENT_CATEGORY_DICT, ACCIDENT_LEVEL_DICT];

let t: TestContext;
let admin: string;
let zhangsan: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
  zhangsan = await login(t.app, 'zhangsan');
});
afterAll(async () => {
  await t.close();
});

interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

interface TreeNode {
  key: string;
  title: string;
  leaf: boolean;
  parentId: string | null;
  value: null;
  code: null;
  icon: null;
  children: null;
}

/** A GET signed like the Jeecg clients do (query and path variable, secret of this server). */
function signedGet(token: string, url: string) {
  const sign = signParams(clientSignParams(url), t.config.signSecret);
  return api(t.app, token, { method: 'GET', url, headers: { 'x-sign': sign, 'x-timestamp': String(Date.now()) } });
}

function dictUrl(
  kind: 'getDictItems' | 'loadDict' | 'loadDictItem' | 'loadDictOrderByValue',
  code: string,
  query = '',
): string {
  return `/sys/dict/${kind}/${encodeURIComponent(code).replace(/%2C/g, ',')}${query ? `?${query}` : ''}`;
}

async function items(token: string, code: string) {
  const res = await signedGet(token, dictUrl('getDictItems', code));
  expect(res.statusCode).toBe(200);
  return body<DictModel[]>(res);
}

async function settlementIds(): Promise<Map<string, string>> {
  const rows = await t.handle.db.selectFrom('settlementOrg').select(['id', 'code']).execute();
  return new Map(rows.map((r) => [r.code, r.id]));
}

describe('getDictItems', () => {
  it('answers a plain dictionary in sort order as DictModel with title and label echoing text', async () => {
    const b = await items(admin, 'sex');
    expect(b.success).toBe(true);
    expect(b.result).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
  });

  it('includes disabled items for a plain code but queryAllDictItems leaves them out', async () => {
    const dict = await t.handle.db
      .selectFrom('sysDict')
      .select('id')
      .where('dictCode', '=', 'work_order_status')
      .executeTakeFirstOrThrow();
    await t.handle.db
      .updateTable('sysDictItem')
      .set({ status: 0 })
      .where('dictId', '=', dict.id)
      .where('itemValue', '=', '3')
      .execute();
    const b = await items(admin, 'work_order_status');
    expect(b.result.map((i) => i.value)).toEqual(['0', '1', '2', '3']);
    const all = body<Record<string, DictModel[]>>(
      await api(t.app, admin, { method: 'GET', url: '/sys/dict/queryAllDictItems' }),
    );
    expect(all.success).toBe(true);
    expect(all.result.work_order_status?.map((i) => i.value)).toEqual(['0', '1', '2']);
    expect(all.result.operate_type?.map((i) => i.text)).toEqual(['查询', '添加', '编辑', '删除', '导入', '导出']);
  });

  it('answers an empty list for an unknown plain code', async () => {
    const b = await items(admin, 'no_such_dict');
    expect(b.success).toBe(true);
    expect(b.result).toEqual([]);
  });

  it('resolves lg_base_settlement_org,name,id to enabled settlement organisations only', async () => {
    const ids = await settlementIds();
    let b = await items(admin, 'lg_base_settlement_org,name,id');
    expect(b.success).toBe(true);
    expect(b.result).toEqual([
      {
        value: ids.get('SO001'),
        text: '上海后台贸易有限公司',
        title: '上海后台贸易有限公司',
        label: '上海后台贸易有限公司',
      },
      {
        value: ids.get('SO002'),
        text: '杭州后台物流有限公司',
        title: '杭州后台物流有限公司',
        label: '杭州后台物流有限公司',
      },
      {
        value: ids.get('SO003'),
        text: '北京后台科技有限公司',
        title: '北京后台科技有限公司',
        label: '北京后台科技有限公司',
      },
    ]);
    await t.handle.db.updateTable('settlementOrg').set({ status: '0' }).where('code', '=', 'SO003').execute();
    try {
      b = await items(admin, 'lg_base_settlement_org,name,id');
      expect(b.result.map((i) => i.value)).toEqual([ids.get('SO001'), ids.get('SO002')]);
    } finally {
      await t.handle.db.updateTable('settlementOrg').set({ status: '1' }).where('code', '=', 'SO003').execute();
    }
  });

  it("limits the 'bi' scope to the caller's own settlement organisations", async () => {
    const ids = await settlementIds();
    const mine = await items(zhangsan, 'lg_base_settlement_org,name,id,bi');
    expect(mine.success).toBe(true);
    expect(mine.result.map((i) => i.value)).toEqual([ids.get('SO001')]);
    const adminAll = await items(admin, 'lg_base_settlement_org,name,id,bi');
    expect(adminAll.result).toHaveLength(3);
    const guest = await items(await login(t.app, 'guest'), 'lg_base_settlement_org,name,id,bi');
    expect(guest.result).toEqual([]);
  });

  it('lists only active, not deleted users and never their passwords', async () => {
    await t.handle.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'wangwu').execute();
    await t.handle.db.updateTable('sysUser').set({ delFlag: 1 }).where('username', '=', 'lisi').execute();
    try {
      const b = await items(admin, 'sys_user,realname,username');
      expect(b.success).toBe(true);
      const values = b.result.map((i) => i.value);
      expect(values).toContain('admin');
      expect(values).toContain('zhangsan');
      expect(values).not.toContain('wangwu');
      expect(values).not.toContain('lisi');
      expect(b.result.find((i) => i.value === 'admin')?.text).toBe('管理员');
      expect(JSON.stringify(b.result)).not.toMatch(/argon2/);
      const byId = await items(admin, 'sys_user,realname,id');
      const adminRow = await t.handle.db
        .selectFrom('sysUser')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(byId.result.find((i) => i.value === adminRow.id)?.text).toBe('管理员');
    } finally {
      await t.handle.db
        .updateTable('sysUser')
        .set({ status: 1, delFlag: 0 })
        .where('username', 'in', ['wangwu', 'lisi'])
        .execute();
    }
  });

  it('applies a registered 4th-segment condition with bound values', async () => {
    const b = await items(admin, "sys_user,realname,username,username='zhangsan'");
    expect(b.result).toEqual([{ value: 'zhangsan', text: '张三', title: '张三', label: '张三' }]);
    const inList = await items(
      admin,
      "sys_user,realname,username,username in (admin,lisi) and sex = 1 and del_flag='0'",
    );
    expect(inList.result.map((i) => i.value)).toEqual(['admin', 'lisi']);
  });

  it('resolves the other registered triples', async () => {
    const departs = await items(admin, 'sys_depart,depart_name,org_code');
    expect(departs.result).toContainEqual({ value: 'A01', text: '后台集团', title: '后台集团', label: '后台集团' });
    const departIds = await items(admin, 'sys_depart,depart_name,id');
    expect(departIds.result.length).toBe(departs.result.length);
    const positions = await items(admin, 'sys_position,name,code');
    expect(positions.result).toContainEqual({
      value: 'general_manager',
      text: '总经理',
      title: '总经理',
      label: '总经理',
    });
    const categories = await items(admin, 'sys_category,name,code');
    expect(categories.result).toContainEqual({
      value: 'A01A02',
      text: '销售业务',
      title: '销售业务',
      label: '销售业务',
    });
    expect((await items(admin, 'sys_category,name,id')).result.length).toBe(categories.result.length);
    const ledgers = await items(admin, 'ledger,name,id');
    expect(ledgers.result.map((i) => i.text)).toContain('上海贸易主账簿');
  });

  it('refuses a malformed table code with the format message', async () => {
    for (const code of ['sys_user,realname', 'sys_user,,id', ',realname,id']) {
      const b = await items(admin, code);
      expect(b.success).toBe(false);
      expect(b.code).toBe(500);
      expect(b.message).toBe(TEXT.dictCodeFormat);
    }
  });

  it('refuses unregistered triples, including the user password', async () => {
    for (const code of [
      'sys_user,password,id',
      'sys_user,realname,password',
      'sys_role,role_name,id',
      'sys_user_token,token_hash,id',
      'settlement_org,id,name',
    ]) {
      const b = await items(admin, code);
      expect(b.success).toBe(false);
      expect(b.message).toBe(TEXT.dictNotAllowed);
    }
  });
});

describe('loadDict and loadDictItem', () => {
  it('searches the text with an escaped keyword and caps the page size', async () => {
    const code = 'lg_base_settlement_org,name,id';
    const hit = body<DictModel[]>(
      await signedGet(admin, dictUrl('loadDict', code, `keyword=${encodeURIComponent('杭州')}`)),
    );
    expect(hit.success).toBe(true);
    expect(hit.result.map((i) => i.text)).toEqual(['杭州后台物流有限公司']);
    const wildcard = body<DictModel[]>(await signedGet(admin, dictUrl('loadDict', code, 'keyword=%25')));
    expect(wildcard.result).toEqual([]);
    const page = body<DictModel[]>(await signedGet(admin, dictUrl('loadDict', 'sys_category,name,code', 'pageSize=2')));
    expect(page.result).toHaveLength(2);
    const big = body<DictModel[]>(
      await signedGet(admin, dictUrl('loadDict', 'sys_category,name,code', 'pageSize=500')),
    );
    expect(big.success).toBe(true);
    expect(big.result.length).toBeLessThanOrEqual(100);
  });

  it('refuses a keyword longer than 64 characters with a Chinese message', async () => {
    const res = await signedGet(
      admin,
      dictUrl('loadDict', 'lg_base_settlement_org,name,id', `keyword=${'a'.repeat(65)}`),
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).success).toBe(false);
    expect(body(res).message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('sorts through the registry and refuses unknown sort columns and orders', async () => {
    const desc = body<DictModel[]>(
      await signedGet(admin, dictUrl('loadDict', 'lg_base_settlement_org,name,code', 'column=code&order=desc')),
    );
    expect(desc.result.map((i) => i.value)).toEqual(['SO003', 'SO002', 'SO001']);
    const bad = body(await signedGet(admin, dictUrl('loadDict', 'lg_base_settlement_org,name,code', 'column=status')));
    expect(bad.success).toBe(false);
    expect(bad.message).toBe(TEXT.sortInvalid);
    const badOrder = body(
      await signedGet(admin, dictUrl('loadDict', 'lg_base_settlement_org,name,code', 'column=code&order=sideways')),
    );
    expect(badOrder.message).toBe(TEXT.sortInvalid);
  });

  it('searches a plain dictionary too', async () => {
    const b = body<DictModel[]>(
      await signedGet(admin, dictUrl('loadDict', 'operate_type', `keyword=${encodeURIComponent('导')}`)),
    );
    expect(b.result.map((i) => i.value)).toEqual(['5', '6']);
  });

  it('translates stored keys to texts in the order given, dropping or keeping unknown keys', async () => {
    const ids = await settlementIds();
    const key = `${ids.get('SO002')},nope,${ids.get('SO001')}`;
    const dropped = body<string[]>(
      await signedGet(admin, dictUrl('loadDictItem', 'lg_base_settlement_org,name,id', `key=${key}`)),
    );
    expect(dropped.result).toEqual(['杭州后台物流有限公司', '上海后台贸易有限公司']);
    const kept = body<string[]>(
      await signedGet(admin, dictUrl('loadDictItem', 'lg_base_settlement_org,name,id', `key=${key}&delNotExist=false`)),
    );
    expect(kept.result).toEqual(['杭州后台物流有限公司', 'nope', '上海后台贸易有限公司']);
    const plain = body<string[]>(await signedGet(admin, dictUrl('loadDictItem', 'sex', 'key=2,1')));
    expect(plain.result).toEqual(['女', '男']);
  });
});

describe('loadDictOrderByValue and getDictText', () => {
  it('lists the selected values first, then the first page without them', async () => {
    const ids = await settlementIds();
    const selected = `${ids.get('SO003')},${ids.get('SO001')}`;
    const b = body<DictModel[]>(
      await signedGet(
        admin,
        dictUrl('loadDictOrderByValue', 'lg_base_settlement_org,name,id', `keyword=${selected}&pageSize=2`),
      ),
    );
    expect(b.success).toBe(true);
    const values = b.result.map((m) => m.value);
    expect(values.slice(0, 2)).toEqual([ids.get('SO003'), ids.get('SO001')]);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toContain(ids.get('SO002'));
    const plain = body<DictModel[]>(await signedGet(admin, dictUrl('loadDictOrderByValue', 'sex', 'keyword=2')));
    expect(plain.result.map((m) => m.value)).toEqual(['2', '1']);
  });

  it('is signed like the other table helpers', async () => {
    const res = await api(t.app, admin, { method: 'GET', url: dictUrl('loadDictOrderByValue', 'sex', 'keyword=1') });
    expect(body(res).success).toBe(false);
  });

  it('getDictText answers the text of one value, empty for an unknown one, and refuses unregistered tables', async () => {
    const get = async (code: string, key: string) =>
      body<string>(await api(t.app, admin, { method: 'GET', url: `/sys/dict/getDictText/${code}/${key}` }));
    expect((await get('sex', '2')).result).toBe('女');
    expect((await get('sex', '9')).result).toBe('');
    const ids = await settlementIds();
    expect((await get('lg_base_settlement_org,name,id', ids.get('SO001')!)).result).toBe('上海后台贸易有限公司');
    expect(await get('sys_user,password,id', 'x')).toMatchObject({ success: false, message: '不允许查询该字典表' });
  });
});

describe('loadTreeData', () => {
  async function tree(query: string) {
    return body<TreeNode[]>(await signedGet(admin, `/sys/dict/loadTreeData?${query}`));
  }
  async function categoryId(code: string) {
    return (await t.handle.db.selectFrom('sysCategory').select('id').where('code', '=', code).executeTakeFirstOrThrow())
      .id;
  }

  it('loads children of a category with the contract node shape and leaf from has_child', async () => {
    const a01 = await categoryId('A01');
    const b = await tree(
      `tableName=sys_category&text=name&code=id&pidField=pid&hasChildField=has_child&pid=${a01}&condition=`,
    );
    expect(b.success).toBe(true);
    expect(b.result.map((n) => n.title)).toEqual(['采购业务', '销售业务', '物流业务', '费用报销', '资金业务']);
    expect(b.result[0]).toEqual({
      key: await categoryId('A01A01'),
      title: '采购业务',
      leaf: false,
      parentId: a01,
      value: null,
      code: null,
      icon: null,
      children: null,
    });
    const leaves = await tree(
      `tableName=sys_category&text=name&code=id&pidField=pid&hasChildField=has_child&pid=${await categoryId('A01A01')}`,
    );
    expect(leaves.result.every((n) => n.leaf)).toBe(true);
  });

  it('reads has_child as "is leaf" when converIsLeafVal=0', async () => {
    const b = await tree(
      `tableName=sys_category&text=name&code=id&pidField=pid&hasChildField=has_child&pid=${await categoryId('A01')}&converIsLeafVal=0`,
    );
    expect(b.result.every((n) => n.leaf)).toBe(true);
  });

  it('filters by an allow-listed JSON condition', async () => {
    const condition = encodeURIComponent(JSON.stringify({ code: 'A01A03' }));
    const b = await tree(
      `tableName=sys_category&text=name&code=id&pidField=pid&pid=${await categoryId('A01')}&condition=${condition}`,
    );
    expect(b.result.map((n) => n.title)).toEqual(['物流业务']);
  });

  it('loads department roots (empty pid) and computes leaves without a has-child column', async () => {
    const roots = await tree('tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&pid=');
    expect(roots.success).toBe(true);
    expect(roots.result.map((n) => n.title)).toEqual(['后台集团', '华北分公司', '华东事业部', '物流中心']);
    expect(roots.result.every((n) => !n.leaf)).toBe(true);
    const children = await tree(
      `tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&pid=${roots.result[0]!.key}`,
    );
    expect(children.result.map((n) => n.title)).toContain('财务部');
    expect(children.result.every((n) => n.leaf)).toBe(true);
  });

  it('refuses tables without a registered tree and unregistered pid or has-child fields', async () => {
    for (const query of [
      'tableName=sys_user&text=realname&code=id&pidField=org_code',
      'tableName=sys_category&text=name&code=id&pidField=code',
      'tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&hasChildField=status',
    ]) {
      const b = await tree(query);
      expect(b.success).toBe(false);
      expect(b.message).toBe(TEXT.dictNotAllowed);
    }
  });
});

describe('cache and seeds', () => {
  it('answers refleshCache with success', async () => {
    const b = body(await api(t.app, admin, { method: 'GET', url: '/sys/dict/refleshCache' }));
    expect(b.success).toBe(true);
  });

  it('seeds the documented dictionaries, including async task states and the settlement table dictionary', async () => {
    const all = body<Record<string, DictModel[]>>(
      await api(t.app, admin, { method: 'GET', url: '/sys/dict/queryAllDictItems' }),
    ).result;
    for (const code of [
      'sex',
      'user_status',
      'del_flag',
      'yn',
      'is_open',
      'priority',
      'msg_category',
      'msg_type',
      'send_status',
      'menu_type',
      'perms_type',
      'operate_type',
      'log_type',
      'org_category',
      'position_rank',
      'depart_status',
      'valid_status',
      'async_task_status',
      'work_order_status',
    ]) {
      expect(all[code]?.length, code).toBeGreaterThan(0);
    }
    expect(all.async_task_status?.map((i) => [i.value, i.text])).toEqual([
      ['1', '进行中'],
      ['2', '已完成'],
      ['3', '失败'],
    ]);
    expect(all.msg_category?.slice(0, 2).map((i) => i.text)).toEqual(['通知公告', '系统消息']);
    const tableDict = await t.handle.db
      .selectFrom('sysDict')
      .select(['id', 'description'])
      .where('dictCode', '=', 'lg_base_settlement_org')
      .executeTakeFirstOrThrow();
    expect(tableDict.description).toContain('表字典');
  });

  it('seeds idempotently: a second run adds no dictionary, item, category or rule', async () => {
    const count = async () => ({
      dicts: (await t.handle.db.selectFrom('sysDict').select('id').execute()).length,
      items: (await t.handle.db.selectFrom('sysDictItem').select('id').execute()).length,
      categories: (await t.handle.db.selectFrom('sysCategory').select('id').execute()).length,
      rules: (await t.handle.db.selectFrom('sysCheckRule').select('id').execute()).length,
    });
    const before = await count();
    // The base dictionaries, the work orders', the picker demo's two (accident category and level) and the
    // administration's new ones (quartz_status; user_status exists already) and the accounting lists' three.
    const adminNew = ADMIN_DICTIONARIES.filter((d) => !DICTIONARIES.some((b) => b.code === d.code)).length;
    expect(before.dicts).toBe(
      DICTIONARIES.length +
        WORK_ORDER_DICT_CODES.length +
        PICKER_DICT_CODES.length +
        adminNew +
        ACCOUNTING_DICTIONARIES.length,
    );
    await seed(t.handle.db, { adminPassword: TEST_PASSWORD });
    expect(await count()).toEqual(before);
  });

  it('needs a session for every dictionary endpoint', async () => {
    for (const url of ['/sys/dict/queryAllDictItems', '/sys/dict/refleshCache', '/sys/dict/getDictItems/sex']) {
      const res = await api(t.app, null, { method: 'GET', url });
      expect(res.statusCode).toBe(401);
    }
  });
});
