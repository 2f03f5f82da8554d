/**
 * 用户导出 / 用户导入 through /sys/user/exportXls and /sys/user/importExcel (the task centre's USER kinds), and the
 * user list's role filter: the export holds the filtered users and never a secret; export → remove → import creates
 * the removed accounts again, reports taken usernames (and duplicates inside the file) in the error file and writes
 * nothing for them; imported accounts must change their password; the guest is refused; roleId is a bound value.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_TEXT, USER_TRANSFER_TEXT } from '@houtai/shared/contract/admin-user';
import { checkUsername, PASSWORD_RULE_MESSAGE } from '@houtai/shared/validation';
import { cellText } from '../src/excel/header-map.ts';
import { readWorkbook } from '../src/excel/reader.ts';
import { writeXlsx } from '../src/excel/writer.ts';
import {
  api,
  body,
  createTestApp,
  login,
  multipart,
  roleIdOf,
  sqlForHostileCheck,
  userIdOf,
  type TestContext,
} from './helpers.ts';

let t: TestContext;
let work: string;
let admin: string;
let guest: string;
const departId: Record<string, string> = {};

const EXPORT_TITLES = [
  '登录账号',
  '真实姓名',
  '性别',
  '生日',
  '手机号码',
  '电子邮件',
  '座机',
  '工号',
  '职务',
  '部门',
  '身份',
  '状态',
  '创建时间',
];

const PEOPLE = [
  {
    username: 'xfer_a',
    realname: '=导入甲',
    sex: 1,
    birthday: '1990-05-06',
    phone: '13900000001',
    email: 'xfer_a@example.com',
    telephone: '021-12345678',
    workNo: 'XF001',
    post: 'specialist,depart_manager',
    departs: ['A03A01', 'A01A03'],
  },
  {
    username: 'xfer_b',
    realname: '导入乙',
    sex: 2,
    phone: '13900000002',
    workNo: 'XF002',
    departs: ['A10A01'],
  },
  {
    username: 'xfer_c',
    realname: '导入丙',
    phone: '13900000003',
    email: 'xfer_c@example.com',
    departs: [] as string[],
  },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  work = mkdtempSync(path.join(tmpdir(), 'houtai-user-transfer-'));
  admin = await login(t.app, 'admin');
  guest = await login(t.app, 'guest');
  for (const d of await t.handle.db.selectFrom('sysDepart').select(['id', 'orgCode']).execute()) {
    departId[d.orgCode] = d.id;
  }
  for (const p of PEOPLE) {
    const { departs, ...fields } = p;
    const res = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/user/add',
      payload: {
        ...fields,
        password: 'Secret_123',
        confirmpassword: 'Secret_123',
        selecteddeparts: departs.map((c) => departId[c]).join(','),
      },
    });
    expect(body(res).success, body(res).message).toBe(true);
  }
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

function saved(content: Buffer): string {
  const file = path.join(work, `${randomBytes(4).toString('hex')}.xlsx`);
  writeFileSync(file, content);
  return file;
}

async function rowsOf(file: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of readWorkbook(file)) rows.push(row.values.map((v) => cellText(v)));
  return rows;
}

async function exported(query: string, token = admin): Promise<string[][]> {
  const res = await api(t.app, token, { method: 'GET', url: `/sys/user/exportXls?${query}` });
  expect(res.statusCode).toBe(200);
  return rowsOf(saved(res.rawPayload));
}

async function importFile(content: Buffer, token = admin) {
  const res = await api(t.app, token, {
    method: 'POST',
    url: '/sys/user/importExcel',
    ...multipart({ name: '用户导入.xlsx', content }),
  });
  expect(res.statusCode).toBe(200);
  return body<string | null>(res);
}

async function errorRows(stored: string): Promise<string[][]> {
  const res = await api(t.app, admin, { method: 'GET', url: `/sys/common/static/${stored}` });
  expect(res.statusCode).toBe(200);
  return rowsOf(saved(res.rawPayload));
}

/** The accounts as stored, without id, times and hash (compared across a round trip). */
async function accounts(usernames: readonly string[]) {
  const rows = await t.handle.db
    .selectFrom('sysUser')
    .select([
      'id',
      'username',
      'realname',
      'sex',
      'birthday',
      'phone',
      'email',
      'telephone',
      'workNo',
      'post',
      'userIdentity',
      'status',
      'delFlag',
    ])
    .where('username', 'in', [...usernames])
    .orderBy('username')
    .execute();
  if (rows.length === 0) return [];
  const links = await t.handle.db
    .selectFrom('sysUserDepart')
    .select(['userId', 'depId'])
    .where(
      'userId',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map(({ id, ...r }) => ({
    ...r,
    departs: links
      .filter((l) => l.userId === id)
      .map((l) => l.depId)
      .sort(),
  }));
}

const HOSTILE = "x' or '1'='1";

/** A row of an import file: the required columns, the others empty unless given. */
function row(username: string, realname: string, phone: string, more: Record<string, string> = {}) {
  return {
    登录账号: username,
    真实姓名: realname,
    手机号码: phone,
    电子邮件: '',
    工号: '',
    部门: '',
    职务: '',
    初始密码: '',
    ...more,
  };
}

async function xlsx(columns: string[], rows: Record<string, string>[]): Promise<Buffer> {
  const file = path.join(work, `${randomBytes(4).toString('hex')}.xlsx`);
  await writeXlsx(
    file,
    columns.map((title) => ({ key: title, title, type: 'string' as const })),
    rows,
  );
  return readFileSync(file);
}

describe('用户导出', () => {
  it('holds the filtered users in the declared columns, names for codes, and never a secret', async () => {
    const rows = await exported('username=xfer_*');
    expect(rows[0]).toEqual(EXPORT_TITLES);
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect([...byName.keys()].sort()).toEqual(['xfer_a', 'xfer_b', 'xfer_c']);
    expect(byName.get('xfer_a')).toEqual([
      'xfer_a',
      '=导入甲',
      '男',
      '1990-05-06',
      '13900000001',
      'xfer_a@example.com',
      '021-12345678',
      'XF001',
      '专员,部门经理',
      expect.stringMatching(/^(上海销售部,财务部|财务部,上海销售部)$/),
      '普通成员',
      '正常',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    ]);
    const hashes = (await t.handle.db.selectFrom('sysUser').select('password').execute()).map((r) => r.password);
    const cells = rows.flat();
    expect(cells.some((c) => /argon2|密码|salt/i.test(c))).toBe(false);
    for (const h of hashes) if (h) expect(cells).not.toContain(h);
  });

  it('exports only the ticked rows when selections are given', async () => {
    const id = await userIdOf(t.handle.db, 'xfer_b');
    const rows = await exported(`selections=${id}`);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['xfer_b']);
  });

  it('is refused to the guest, also as a task', async () => {
    const res = await api(t.app, guest, { method: 'GET', url: '/sys/user/exportXls' });
    expect(res.statusCode).toBe(403);
    const task = await api(t.app, guest, {
      method: 'POST',
      url: '/task/asyncTask/add',
      payload: { url: '/sys/user/exportXls', name: '用户导出' },
    });
    expect(task.statusCode).toBe(403);
    const up = await api(t.app, guest, {
      method: 'POST',
      url: '/sys/user/importExcel',
      ...multipart({
        name: 'x.xlsx',
        content: await xlsx(['登录账号', '真实姓名', '手机号码'], [row('g1', '访客', '13900000030')]),
      }),
    });
    expect(up.statusCode).toBe(403);
    expect(await accounts(['g1'])).toEqual([]);
  });
});

describe('用户导入', () => {
  it('export → remove → import creates the removed accounts as they were and reports the taken username', async () => {
    const before = await accounts(['xfer_a', 'xfer_b', 'xfer_c']);
    const res = await api(t.app, admin, { method: 'GET', url: '/sys/user/exportXls?username=xfer_*' });
    const source = saved(res.rawPayload);
    expect(
      (await rowsOf(source))
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['xfer_a', 'xfer_b', 'xfer_c']);
    // A logical delete keeps the username (unique over every row): the accounts are removed for good, as the
    // recycle bin's 彻底删除 does.
    const gone = [await userIdOf(t.handle.db, 'xfer_a'), await userIdOf(t.handle.db, 'xfer_b')];
    await t.handle.db.deleteFrom('sysUserDepart').where('userId', 'in', gone).execute();
    await t.handle.db.deleteFrom('sysUser').where('id', 'in', gone).execute();
    expect((await exported('username=xfer_*')).slice(1).map((r) => r[0])).toEqual(['xfer_c']);

    const answer = await importFile(readFileSync(source));
    expect(answer).toMatchObject({ success: true, code: 201 });
    expect(answer.message).toContain('成功 2 行，失败 1 行');

    expect(await accounts(['xfer_a', 'xfer_b', 'xfer_c'])).toEqual(before);
    const errors = await errorRows(answer.result!);
    expect(errors.slice(1)).toHaveLength(1);
    expect(errors[1]!.join('|')).toContain('xfer_c');
    expect(errors[1]!.join('|')).toContain(ADMIN_USER_TEXT.usernameTaken);

    // Created by the import: a hash nobody knows, a password to change, the importer as creator.
    const made = await t.handle.db
      .selectFrom('sysUser')
      .select(['password', 'mustChangePassword', 'createBy'])
      .where('username', 'in', ['xfer_a', 'xfer_b'])
      .execute();
    for (const m of made) {
      expect(m.password).toMatch(/^\$argon2id\$/);
      expect(m.mustChangePassword).toBe(1);
      expect(m.createBy).toBe('admin');
    }
    await expect(login(t.app, 'xfer_a', 'Secret_123')).rejects.toThrow();
  });

  it('refuses taken identifiers, duplicates inside the file and unknown names; writes nothing for those rows', async () => {
    const content = await xlsx(
      ['登录账号', '真实姓名', '手机号码', '电子邮件', '工号', '部门', '职务', '初始密码'],
      [
        row('imp_ok', '新人', '13900000010', { 部门: '财务部，A10A02', 职务: '专员', 初始密码: 'Start_123' }),
        row('IMP_OK', '同名', '13900000011'),
        row('imp_phone', '占号', '13900000002'),
        row('imp_mail', '占邮', '13900000013', { 电子邮件: 'XFER_C@example.com' }),
        row('imp_work', '占工号', '13900000014', { 工号: 'XF001' }),
        row('imp_dep', '无部门', '13900000015', { 部门: '不存在的部门' }),
        row('imp_post', '无职务', '13900000016', { 职务: '宇航员' }),
        row('imp_pwd', '弱密码', '13900000017', { 初始密码: '123' }),
        row(HOSTILE, '怪名', '13900000018'),
        row('imp_dup', '重号', '13900000010'),
      ],
    );
    const answer = await importFile(content);
    expect(answer).toMatchObject({ success: true, code: 201 });
    const lines = (await errorRows(answer.result!)).slice(1).map((r) => r.join('|'));
    expect(lines).toHaveLength(9);
    expect(lines[0]).toContain(USER_TRANSFER_TEXT.duplicateInFile('登录账号', 'IMP_OK'));
    expect(lines[1]).toContain(ADMIN_USER_TEXT.phoneTaken);
    expect(lines[2]).toContain(ADMIN_USER_TEXT.emailTaken);
    expect(lines[3]).toContain(ADMIN_USER_TEXT.workNoTaken);
    expect(lines[4]).toContain(USER_TRANSFER_TEXT.departUnknown('不存在的部门'));
    expect(lines[5]).toContain(USER_TRANSFER_TEXT.positionUnknown('宇航员'));
    expect(lines[6]).toContain(PASSWORD_RULE_MESSAGE);
    expect(lines[7]).toContain(checkUsername(HOSTILE)!);
    expect(lines[8]).toContain(USER_TRANSFER_TEXT.duplicateInFile('手机号码', '13900000010'));

    const made = await accounts([
      'imp_ok',
      'IMP_OK',
      'imp_phone',
      'imp_mail',
      'imp_work',
      'imp_dep',
      'imp_post',
      'imp_pwd',
      HOSTILE,
      'imp_dup',
    ]);
    expect(made.map((m) => m.username)).toEqual(['imp_ok']);
    expect(made[0]).toMatchObject({ post: 'specialist', departs: [departId.A01A03!, departId.A10A02!].sort() });
  });

  it('an imported account with 初始密码 signs in but must change it first', async () => {
    const signedIn = body<{ token: string; userInfo: { mustChangePassword?: boolean } }>(
      await api(t.app, null, {
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'imp_ok', password: 'Start_123' },
      }),
    );
    expect(signedIn.success).toBe(true);
    expect(signedIn.result.userInfo.mustChangePassword).toBe(true);
    const refused = await api(t.app, signedIn.result.token, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('管理员已重置您的密码，请先修改密码');
  });

  it('the import also runs as a task of the task centre (business type USER)', async () => {
    const content = await xlsx(['登录账号', '真实姓名', '手机号码'], [row('imp_task', '任务导入', '13900000020')]);
    const up = body<string>(
      await api(t.app, admin, {
        method: 'POST',
        url: '/sys/common/upload',
        ...multipart({ name: 'u.xlsx', content }, { biz: 'temp' }),
      }),
    );
    expect(up.success, up.message).toBe(true);
    const added = body<string>(
      await api(t.app, admin, {
        method: 'POST',
        url: '/task/asyncTask/add',
        payload: { businessType: 'USER', name: '用户导入', importUrl: up.message },
      }),
    );
    expect(added.success, added.message).toBe(true);
    for (let i = 0; i < 200 && (await accounts(['imp_task'])).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await accounts(['imp_task'])).toMatchObject([{ username: 'imp_task', realname: '任务导入' }]);
  });
});

describe('the list filtered by role', () => {
  async function listed(query: string): Promise<string[]> {
    const res = await api(t.app, admin, { method: 'GET', url: `/sys/user/list?pageSize=200&${query}` });
    expect(res.statusCode).toBe(200);
    const b = body<{ records: { username: string }[] }>(res);
    expect(b.success, b.message).toBe(true);
    return b.result.records.map((r) => r.username).sort();
  }

  it('answers only the holders of the role', async () => {
    const roleId = await roleIdOf(t.handle.db, 'admin');
    const holders = await t.handle.db
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysUser as u', 'u.id', 'ur.userId')
      .select('u.username')
      .where('ur.roleId', '=', roleId)
      .where('u.delFlag', '=', 0)
      .execute();
    expect(holders.length).toBeGreaterThan(0);
    expect(await listed(`roleId=${roleId}`)).toEqual(holders.map((h) => h.username).sort());
    expect((await listed('')).length).toBeGreaterThan(holders.length);
    // The export applies the same filter.
    const rows = await exported(`roleId=${roleId}`);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(holders.map((h) => h.username).sort());
  });

  it('is a bound value: SQL text in roleId finds nobody and never reaches the SQL', async () => {
    const hostile = "x' or '1'='1";
    t.statements.length = 0;
    expect(await listed(`roleId=${encodeURIComponent(hostile)}`)).toEqual([]);
    expect(t.statements.length).toBeGreaterThan(0);
    for (const s of t.statements) expect(sqlForHostileCheck(s.sql)).not.toContain("or '1'='1");
    expect(t.statements.some((s) => s.parameters.includes(hostile))).toBe(true);
    const long = await api(t.app, admin, { method: 'GET', url: `/sys/user/list?roleId=${'r'.repeat(65)}` });
    expect(long.statusCode).toBeLessThan(500);
    expect(body(long).success).toBe(false);
  });
});
