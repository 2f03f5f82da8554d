/**
 * The pickers' reads (issue 12 item 2): departments, users, roles, positions, shifts, demo accident rules. Paging,
 * sorting by registry columns only, filters, the answer shapes, the guest refusals, no secret in any answer, and
 * hostile filter values that stay bound parameters (the statement log proves the text never reaches SQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, createTestApp, login, userIdOf, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let staff: string;
let guest: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, guest] = await Promise.all([login(t.app, 'admin'), login(t.app, 'zhangsan'), login(t.app, 'guest')]);
});
afterAll(async () => {
  await t.close();
});

interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

interface Node {
  id: string;
  key: string;
  value: string;
  title: string;
  departName: string;
  orgCode: string;
  delFlag: string;
  isLeaf: boolean;
  children: Node[] | null;
}

async function get<T>(token: string | null, url: string) {
  const res = await api(t.app, token, { method: 'GET', url });
  return { status: res.statusCode, body: body<T>(res), text: res.body };
}

const SECRET_KEYS = ['password', 'salt', 'settings', 'token', 'mustChangePassword', 'thirdOrgCode', 'accountId'];

function expectNoSecrets(value: unknown) {
  const text = JSON.stringify(value);
  for (const k of SECRET_KEYS) expect(text).not.toContain(`"${k}"`);
}

const PICKER_URLS = [
  '/sys/sysDepart/queryDepartTreeSync',
  '/sys/sysDepart/queryIdTree',
  '/sys/sysDepart/searchBy?keyWord=部',
  '/sys/sysDepart/queryTreeListByLength',
  '/sys/sysDepart/queryMyDeptTreeList',
  '/sys/user/list',
  '/sys/user/queryUserRealDeptData',
  '/sys/user/getMultiUser?username=admin',
  '/hr/hrPosition/list',
  '/hr/attendance/hrAttendanceShift/list',
  '/demo/adverseAccidentRule/list',
];

describe('policies', () => {
  it('staff read every picker list; the guest is refused each one', async () => {
    for (const url of PICKER_URLS) {
      const ok = await get(staff, url);
      expect(ok.status, url).toBe(200);
      expect(ok.body.success, url).toBe(true);
      const refused = await get(guest, url);
      expect(refused.status, url).toBe(403);
      expect(refused.body.success, url).toBe(false);
    }
  });

  it('the role list is an administration read: admin yes, staff and guest no', async () => {
    expect((await get(admin, '/sys/role/list')).status).toBe(200);
    expect((await get(staff, '/sys/role/list')).status).toBe(403);
    expect((await get(guest, '/sys/role/list')).status).toBe(403);
  });

  it('without a token every picker list answers 401', async () => {
    for (const url of [...PICKER_URLS, '/sys/role/list']) expect((await get(null, url)).status, url).toBe(401);
  });
});

describe('departments', () => {
  it('queryDepartTreeSync answers one level: the roots, then the children of a pid', async () => {
    const roots = (await get<Node[]>(staff, '/sys/sysDepart/queryDepartTreeSync')).body.result;
    expect(roots.map((n) => n.orgCode)).toEqual(['A01', 'A02', 'A03', 'A10']);
    const a03 = roots.find((n) => n.orgCode === 'A03')!;
    expect(a03).toMatchObject({
      key: a03.id,
      value: a03.id,
      title: '华东事业部',
      departName: '华东事业部',
      delFlag: '0',
    });
    expect(a03.isLeaf).toBe(false);
    expect(a03.children).toEqual([]);
    const kids = (await get<Node[]>(staff, `/sys/sysDepart/queryDepartTreeSync?pid=${a03.id}`)).body.result;
    expect(kids.map((n) => n.departName)).toEqual(['上海销售部', '杭州仓储部']);
    expect(kids.every((n) => n.isLeaf)).toBe(true);
  });

  it('queryDepartTreeSync with orgCode starts at that department; with ids answers those departments', async () => {
    const a03 = (await get<Node[]>(staff, '/sys/sysDepart/queryDepartTreeSync?orgCode=A03')).body.result;
    expect(a03.map((n) => n.orgCode)).toEqual(['A03']);
    const byCode = (await get<Node[]>(staff, '/sys/sysDepart/queryDepartTreeSync?ids=A01A03,A10A01&primaryKey=orgCode'))
      .body.result;
    expect(byCode.map((n) => n.departName).sort()).toEqual(['财务部', '运输调度部'].sort());
    const byId = (await get<Node[]>(staff, `/sys/sysDepart/queryDepartTreeSync?ids=${byCode[0]!.id}`)).body.result;
    expect(byId).toHaveLength(1);
    const bad = await get(staff, '/sys/sysDepart/queryDepartTreeSync?ids=x&primaryKey=depart_name');
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toBe('主键参数只能是id或orgCode');
  });

  it('deleted departments are answered with their flag', async () => {
    const id = 'dep-deleted-test';
    await t.handle.db
      .insertInto('sysDepart')
      .values({
        id,
        parentId: null,
        departName: '已撤销事业部',
        departNameEn: null,
        departNameAbbr: null,
        description: null,
        orgType: '1',
        orgCode: 'A99',
        mobile: null,
        fax: null,
        address: null,
        memo: null,
        delFlag: '1',
        createBy: 'test',
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    const roots = (await get<Node[]>(staff, '/sys/sysDepart/queryDepartTreeSync')).body.result;
    expect(roots.find((n) => n.id === id)).toMatchObject({ delFlag: '1', departName: '已撤销事业部' });
    const tree = (await get<Node[]>(staff, '/sys/sysDepart/queryIdTree')).body.result;
    expect(tree.find((n) => n.id === id)?.delFlag).toBe('1');
    await t.handle.db.deleteFrom('sysDepart').where('id', '=', id).execute();
  });

  it('queryIdTree nests the whole tree; queryTreeListByLength stops at len levels', async () => {
    const tree = (await get<Node[]>(staff, '/sys/sysDepart/queryIdTree')).body.result;
    const a01 = tree.find((n) => n.orgCode === 'A01')!;
    expect(a01.children!.map((n) => n.departName)).toEqual(['总经办', '人力资源部', '财务部', '信息技术部']);
    expect(a01.children![0]!.children).toBeNull();
    const one = (await get<Node[]>(staff, '/sys/sysDepart/queryTreeListByLength?len=1')).body.result;
    expect(one.every((n) => n.children === null)).toBe(true);
    expect((await get(staff, '/sys/sysDepart/queryTreeListByLength?len=0')).body.message).toBe('层级参数不正确');
    const sub = (await get<Node[]>(staff, '/sys/sysDepart/queryIdTree?orgCode=A10')).body.result;
    expect(sub.map((n) => n.orgCode)).toEqual(['A10']);
    expect(sub[0]!.children).toHaveLength(2);
  });

  it('searchBy matches names; myDeptSearch keeps the caller’s departments; queryMyDeptTreeList is the caller’s', async () => {
    const found = (await get<Node[]>(staff, `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('销售')}`)).body
      .result;
    expect(found.map((n) => n.departName).sort()).toEqual(['上海销售部', '北京销售部'].sort());
    const mine = (
      await get<Node[]>(staff, `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('销售')}&myDeptSearch=1`)
    ).body.result;
    expect(mine.map((n) => n.departName)).toEqual(['上海销售部']);
    const my = (await get<Node[]>(staff, '/sys/sysDepart/queryMyDeptTreeList')).body.result;
    expect(my.map((n) => n.orgCode)).toEqual(['A03A01']);
  });
});

interface UserRow {
  id: string;
  username: string;
  realname: string;
  orgCodeTxt: string | null;
  departIds: string | null;
  status: number;
  createTime: string | null;
  phone?: string | null;
  email?: string | null;
}

describe('users', () => {
  it('/sys/user/list pages with the JeecgBoot shape and never a secret', async () => {
    const r = await get<Page<UserRow>>(staff, '/sys/user/list?pageNo=1&pageSize=2&status=1');
    expect(r.body.success).toBe(true);
    const page = r.body.result;
    expect(page.size).toBe(2);
    expect(page.current).toBe(1);
    expect(page.records).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(6);
    expect(page.pages).toBe(Math.ceil(page.total / 2));
    expectNoSecrets(r.body);
    // Staff hold no user-administration code: no phone, no email.
    expect(page.records[0]).not.toHaveProperty('phone');
    expect(page.records[0]).not.toHaveProperty('email');
  });

  it('phone and email only for a user administrator', async () => {
    const r = await get<Page<UserRow>>(admin, '/sys/user/list?username=zhangsan');
    expect(r.body.result.records[0]).toHaveProperty('phone');
    expectNoSecrets(r.body);
  });

  it('a page size above 100 is cut to 100; a bad page is refused in Chinese', async () => {
    expect((await get<Page<UserRow>>(staff, '/sys/user/list?pageSize=5000')).body.result.size).toBe(100);
    const bad = await get(staff, '/sys/user/list?pageNo=-1');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: '分页参数不正确' });
  });

  it('filters by username, realname (wildcards too), status and department', async () => {
    const byName = (await get<Page<UserRow>>(staff, '/sys/user/list?username=zhang')).body.result.records;
    expect(byName.map((u) => u.username)).toEqual(['zhangsan']);
    const byReal = (await get<Page<UserRow>>(staff, `/sys/user/list?realname=${encodeURIComponent('*李*')}`)).body
      .result.records;
    expect(byReal.map((u) => u.username)).toEqual(['lisi']);
    const a10 = (await get<Node[]>(staff, '/sys/sysDepart/queryDepartTreeSync?orgCode=A10')).body.result[0]!;
    const inA10 = (await get<Page<UserRow>>(staff, `/sys/user/list?departId=${a10.id}`)).body.result.records;
    expect(inA10.map((u) => u.username).sort()).toEqual(['lisi', 'zhaoliu']);
    expect(inA10.find((u) => u.username === 'lisi')?.orgCodeTxt).toBe('运输调度部');
    const frozen = (await get<Page<UserRow>>(staff, '/sys/user/list?status=2')).body.result.records;
    expect(frozen.every((u) => u.status === 2)).toBe(true);
    expect((await get(staff, '/sys/user/list?status=9')).body.message).toBe('状态参数不正确');
  });

  it('queryUserRealDeptData sorts by createTime desc unless told; sorts only by registry columns', async () => {
    const r = (await get<Page<UserRow>>(staff, '/sys/user/queryUserRealDeptData?pageSize=50')).body.result.records;
    const times = r.map((u) => u.createTime ?? '');
    expect(times).toEqual([...times].sort().reverse());
    const asc = (
      await get<Page<UserRow>>(staff, '/sys/user/queryUserRealDeptData?column=username&order=asc&pageSize=50')
    ).body.result.records.map((u) => u.username);
    expect(asc).toEqual([...asc].sort());
    for (const column of ['password', 'salt', 'phone', 'username;drop table sys_user']) {
      const refused = await get(staff, `/sys/user/queryUserRealDeptData?column=${encodeURIComponent(column)}`);
      expect(refused.body, column).toMatchObject({ success: false, message: '排序字段不正确' });
    }
    expect((await get(staff, '/sys/user/queryUserRealDeptData?order=sideways')).body.success).toBe(false);
  });

  it('queryUserRealDeptData filters by department (with its sub-departments) and searches', async () => {
    const a03 = (await get<Node[]>(staff, '/sys/sysDepart/queryDepartTreeSync?orgCode=A03')).body.result[0]!;
    const users = (await get<Page<UserRow>>(staff, `/sys/user/queryUserRealDeptData?departId=${a03.id}`)).body.result
      .records;
    expect(users.map((u) => u.username).sort()).toEqual(['zhangsan', 'zhaoliu']);
    const one = (
      await get<Page<UserRow>>(
        staff,
        `/sys/user/queryUserRealDeptData?departId=${a03.id}&realname=${encodeURIComponent('赵')}`,
      )
    ).body.result.records;
    expect(one.map((u) => u.username)).toEqual(['zhaoliu']);
    const none = (await get<Page<UserRow>>(staff, '/sys/user/queryUserRealDeptData?departId=nope')).body.result;
    expect(none.total).toBe(0);
  });

  it('getMultiUser answers the users of a stored value in its order (username by default, or ids)', async () => {
    const byName = (await get<UserRow[]>(staff, '/sys/user/getMultiUser?username=lisi,zhangsan,nobody')).body.result;
    expect(byName.map((u) => [u.username, u.realname])).toEqual([
      ['lisi', '李四'],
      ['zhangsan', '张三'],
    ]);
    expectNoSecrets(byName);
    const id = await userIdOf(t.handle.db, 'wangwu');
    const byId = (await get<UserRow[]>(staff, `/sys/user/getMultiUser?store=id&id=${id}`)).body.result;
    expect(byId.map((u) => u.username)).toEqual(['wangwu']);
    const many = Array.from({ length: 201 }, (_, i) => `u${i}`).join(',');
    expect((await get(staff, `/sys/user/getMultiUser?username=${many}`)).body.success).toBe(false);
  });
});

describe('roles, positions, shifts, accident rules', () => {
  it('/sys/role/list pages roles with id, roleCode, roleName; filters and sorts', async () => {
    const page = (await get<Page<{ id: string; roleCode: string; roleName: string }>>(admin, '/sys/role/list')).body
      .result;
    expect(page.records.map((r) => r.roleCode)).toEqual(['admin', 'finance', 'guest', 'staff']);
    expect(page.records[0]).toMatchObject({ roleCode: 'admin', roleName: '管理员' });
    const desc = (await get<Page<{ roleCode: string }>>(admin, '/sys/role/list?column=roleCode&order=desc')).body.result
      .records;
    expect(desc[0]!.roleCode).toBe('staff');
    const byName = (
      await get<Page<{ roleCode: string }>>(admin, `/sys/role/list?roleName=${encodeURIComponent('财务')}`)
    ).body.result.records;
    expect(byName.map((r) => r.roleCode)).toEqual(['finance']);
    expect((await get(admin, '/sys/role/list?column=description')).body.message).toBe('排序字段不正确');
  });

  it('/hr/hrPosition/list searches postInfoName and answers the position row', async () => {
    const all = (await get<Page<Record<string, unknown>>>(staff, '/hr/hrPosition/list')).body.result;
    expect(all.total).toBeGreaterThanOrEqual(4);
    const found = (
      await get<Page<Record<string, unknown>>>(staff, `/hr/hrPosition/list?postInfoName=${encodeURIComponent('经理')}`)
    ).body.result.records;
    expect(found.map((r) => r.name).sort()).toEqual(['总经理', '部门经理'].sort());
    const gm = found.find((r) => r.name === '总经理')!;
    expect(gm).toMatchObject({ name_dictText: '总经理', postLevel_dictText: '正高级' });
    expect(Object.keys(gm)).toEqual(
      expect.arrayContaining([
        'id',
        'name_dictText',
        'sequenceId_dictText',
        'postTitleId_dictText',
        'postLevel_dictText',
      ]),
    );
    expect((await get(staff, '/hr/hrPosition/list?column=company_id')).body.message).toBe('排序字段不正确');
  });

  it('/hr/attendance/hrAttendanceShift/list answers seeded shifts with HH:mm times', async () => {
    const page = (
      await get<Page<{ id: string; name: string; amStart: string; amEnd: string; pmStart: string; pmEnd: string }>>(
        staff,
        '/hr/attendance/hrAttendanceShift/list',
      )
    ).body.result;
    expect(page.total).toBeGreaterThanOrEqual(5);
    const { id, ...first } = page.records[0]!;
    expect(id).toMatch(/\S/);
    expect(first).toEqual({
      name: '标准班',
      amStart: '09:00',
      amEnd: '12:00',
      pmStart: '13:30',
      pmEnd: '18:00',
      sortOrder: 1,
      version: 1,
    });
    for (const s of page.records)
      for (const v of [s.amStart, s.amEnd, s.pmStart, s.pmEnd]) expect(v).toMatch(/^\d\d:\d\d$/);
    const sorted = (
      await get<Page<{ amStart: string }>>(staff, '/hr/attendance/hrAttendanceShift/list?column=amStart&order=asc')
    ).body.result.records.map((s) => s.amStart);
    expect(sorted).toEqual([...sorted].sort());
  });

  it('/demo/adverseAccidentRule/list pages a dozen rules with dictionary texts, filters by category and level', async () => {
    const page = (await get<Page<Record<string, string>>>(staff, '/demo/adverseAccidentRule/list?pageSize=5')).body
      .result;
    expect(page.total).toBeGreaterThanOrEqual(12);
    expect(page.records).toHaveLength(5);
    expect(page.pages).toBe(Math.ceil(page.total / 5));
    expect(Object.keys(page.records[0]!).sort()).toEqual(
      ['id', 'category', 'category_dictText', 'level', 'level_dictText', 'title', 'ruleDesc'].sort(),
    );
    const fire = (await get<Page<Record<string, string>>>(staff, '/demo/adverseAccidentRule/list?category=fire')).body
      .result.records;
    expect(fire.length).toBeGreaterThan(0);
    expect(fire.every((r) => r.category_dictText === '消防安全')).toBe(true);
    const top = (await get<Page<Record<string, string>>>(staff, '/demo/adverseAccidentRule/list?level=1')).body.result
      .records;
    expect(top.every((r) => r.level === '1' && r.level_dictText === 'I级（特别重大）')).toBe(true);
    const page2 = (await get<Page<Record<string, string>>>(staff, '/demo/adverseAccidentRule/list?pageSize=5&pageNo=2'))
      .body.result.records;
    expect(page2.map((r) => r.id)).not.toContain(page.records[0]!.id);
  });
});

describe('hostile values', () => {
  const HOSTILE = `x' or '1'='1`;
  const HOSTILE_URLS = [
    `/sys/user/list?username=${encodeURIComponent(HOSTILE)}&realname=${encodeURIComponent(HOSTILE)}`,
    `/sys/user/list?departId=${encodeURIComponent(HOSTILE)}&code=${encodeURIComponent(HOSTILE)}`,
    `/sys/user/queryUserRealDeptData?username=${encodeURIComponent(HOSTILE)}`,
    `/sys/user/getMultiUser?username=${encodeURIComponent(HOSTILE)}`,
    `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent(HOSTILE)}`,
    `/sys/sysDepart/queryDepartTreeSync?pid=${encodeURIComponent(HOSTILE)}`,
    `/sys/sysDepart/queryIdTree?orgCode=${encodeURIComponent(HOSTILE)}`,
    `/hr/hrPosition/list?postInfoName=${encodeURIComponent(HOSTILE)}`,
    `/hr/attendance/hrAttendanceShift/list?name=${encodeURIComponent(HOSTILE)}`,
    `/demo/adverseAccidentRule/list?title=${encodeURIComponent(HOSTILE)}&category=${encodeURIComponent(HOSTILE)}`,
  ];

  it('filter values are bound parameters: the request text never appears in SQL, and nothing matches', async () => {
    for (const url of HOSTILE_URLS) {
      const from = t.statements.length;
      const r = await get<Page<unknown> | unknown[]>(staff, url);
      expect(r.body.success, url).toBe(true);
      const result = r.body.result;
      expect(Array.isArray(result) ? result : result.records, url).toEqual([]);
      const run = t.statements.slice(from);
      expect(run.length, url).toBeGreaterThan(0);
      for (const s of run) expect(s.sql, url).not.toContain("'1'='1");
      expect(
        run.some((s) => s.parameters.some((p) => typeof p === 'string' && p.includes(HOSTILE))),
        url,
      ).toBe(true);
    }
  });

  it('a hostile sort column is refused before any SQL', async () => {
    const from = t.statements.length;
    const r = await get(staff, `/sys/user/list?column=${encodeURIComponent('(select password from sys_user)')}`);
    expect(r.body).toMatchObject({ success: false, message: '排序字段不正确' });
    expect(t.statements.slice(from).some((s) => s.sql.includes('select password'))).toBe(false);
  });

  it('an overlong filter is refused in Chinese (400), never a 500', async () => {
    const r = await get(staff, `/sys/user/list?username=${'a'.repeat(500)}`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, message: '查询条件过长' });
  });
});

describe('advanced query on the picker lists (superQueryParams, one shared evaluator)', () => {
  const sq = (conditions: unknown[], matchType = 'and') =>
    `superQueryParams=${encodeURIComponent(encodeURI(JSON.stringify(conditions)))}&superQueryMatchType=${matchType}`;

  it('filters users, positions, shifts and rules by the server, over their registry fields', async () => {
    const users = await get<Page<{ username: string }>>(
      staff,
      `/sys/user/list?${sq([{ field: 'username', rule: 'eq', val: 'lisi' }])}`,
    );
    expect(users.body.success).toBe(true);
    expect(users.body.result.records.map((r) => r.username)).toEqual(['lisi']);

    const all = await get<Page<{ name: string }>>(staff, '/hr/attendance/hrAttendanceShift/list?pageSize=100');
    const first = all.body.result.records[0]!.name;
    const shifts = await get<Page<{ name: string }>>(
      staff,
      `/hr/attendance/hrAttendanceShift/list?${sq([{ field: 'name', rule: 'ne', val: first }])}`,
    );
    expect(shifts.body.result.total).toBe(all.body.result.total - 1);
    expect(shifts.body.result.records.map((r) => r.name)).not.toContain(first);

    const rules = await get<Page<{ category: string }>>(
      staff,
      `/demo/adverseAccidentRule/list?pageSize=100&${sq([{ field: 'title', rule: 'like', val: '…not there…' }])}`,
    );
    expect(rules.body.result.total).toBe(0);
  });

  it('refuses a field the list does not allow (phone is never a condition), in Chinese, before any SQL', async () => {
    const from = t.statements.length;
    const res = await get<unknown>(staff, `/sys/user/list?${sq([{ field: 'phone', rule: 'like', val: '138' }])}`);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(t.statements.slice(from).some((s) => /phone/i.test(s.sql) && s.parameters.includes('%138%'))).toBe(false);
  });
});
