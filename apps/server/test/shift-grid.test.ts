/**
 * The shift grid's save (POST /hr/attendance/hrAttendanceShift/saveBatch, issue 13 item 8): inserts, updates and
 * logical deletes in one transaction; the shared column rules re-checked over the resulting set (a name unique
 * against the stored shifts, HH:mm times, required cells) refused with 400 naming the row; a stale version refused
 * with 409; the permission codes (403); nothing written on any refusal.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHIFT_PERMISSIONS, SHIFT_TEXT, type ShiftRecord, type ShiftSaveResult } from '@houtai/shared/contract/shift';
import { TEXT } from '@houtai/shared/constants';
import { api, body, createTestApp, login, roleIdOf, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let staff: string;

const SAVE = '/hr/attendance/hrAttendanceShift/saveBatch';

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
  staff = await login(t.app, 'zhangsan');
});
afterAll(async () => {
  await t.close();
});

/** The shifts as stored (not deleted), ordered as the list orders them, with every column. */
async function stored(): Promise<ShiftRecord[]> {
  return await t.handle.db
    .selectFrom('hrAttendanceShift')
    .select(['id', 'name', 'amStart', 'amEnd', 'pmStart', 'pmEnd', 'sortOrder', 'version'])
    .where('delFlag', '=', 0)
    .orderBy('sortOrder')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

async function allRows() {
  return t.handle.db.selectFrom('hrAttendanceShift').selectAll().orderBy('id').execute();
}

function save(token: string, payload: unknown) {
  return api(t.app, token, { method: 'POST', url: SAVE, payload: payload as Record<string, unknown> });
}

const row = (name: string, extra: Partial<ShiftRecord> = {}) => ({
  name,
  amStart: '08:00',
  amEnd: '12:00',
  pmStart: '13:00',
  pmEnd: '17:00',
  sortOrder: 50,
  ...extra,
});

/** Writes a shift row past the service (what another save, or an old row, would have left in the table). */
function insertDirectly(values: ReturnType<typeof row> & { id: string; delFlag: number; version: number }) {
  return t.handle.db
    .insertInto('hrAttendanceShift')
    .values({ ...values, createBy: 'test', createTime: null, updateBy: null, updateTime: null, sysOrgCode: null })
    .execute();
}

/** Makes the server read the roles' permission codes again (the cache epoch the service checks). */
function bumpPermissions() {
  return t.handle.db
    .updateTable('sysCacheEpoch')
    .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
    .where('name', '=', 'permission')
    .execute();
}

let before: Awaited<ReturnType<typeof allRows>>;
beforeEach(async () => {
  before = await allRows();
});

/** A refusal leaves every row (deleted ones included) as it was. */
async function expectNothingWritten() {
  expect(await allRows()).toEqual(before);
}

describe('seed', () => {
  it('grants the shift grid codes to the admin role only', async () => {
    const codes = async (token: string) => {
      const res = await api(t.app, token, { method: 'GET', url: '/sys/permission/getUserPermissionByToken' });
      return body<{ auth: { action: string }[] }>(res)
        .result.auth.map((a) => a.action)
        .filter((a) => a.startsWith('hr:shift:'))
        .sort();
    };
    expect(await codes(admin)).toEqual(['hr:shift:add', 'hr:shift:batch_delete', 'hr:shift:edit']);
    expect(await codes(staff)).toEqual([]);
  });
});

describe('the list', () => {
  it('answers sortOrder and version, which the grid sends back on save', async () => {
    const res = await api(t.app, admin, { method: 'GET', url: '/hr/attendance/hrAttendanceShift/list?pageSize=100' });
    const records = body<{ records: ShiftRecord[] }>(res).result.records;
    expect(records.length).toBeGreaterThanOrEqual(5);
    expect(typeof records[0]?.sortOrder).toBe('number');
    expect(typeof records[0]?.version).toBe('number');
  });
});

describe('saveBatch', () => {
  it('inserts, updates and logically deletes in one save, answering every stored shift and the saved ids', async () => {
    const [first, second] = await stored();
    const res = await save(admin, {
      inserted: [row('夜班A', { id: 'tmp-1' })],
      updated: [{ ...first!, name: `${first!.name}（改）`, amStart: '08:30' }],
      removedIds: [second!.id],
    });
    expect(res.statusCode).toBe(200);
    const b = body<ShiftSaveResult>(res);
    expect(b).toMatchObject({ success: true, message: SHIFT_TEXT.saved });

    const after = await stored();
    expect(b.result.records).toEqual(after);
    const inserted = after.find((s) => s.name === '夜班A');
    expect(inserted).toMatchObject({ amStart: '08:00', pmEnd: '17:00', sortOrder: 50, version: 1 });
    expect(inserted!.id).not.toBe('tmp-1');
    expect(after.find((s) => s.id === first!.id)).toMatchObject({
      name: `${first!.name}（改）`,
      amStart: '08:30',
      version: first!.version + 1,
    });
    expect(after.some((s) => s.id === second!.id)).toBe(false);
    const removed = await t.handle.db
      .selectFrom('hrAttendanceShift')
      .select(['delFlag', 'updateBy'])
      .where('id', '=', second!.id)
      .executeTakeFirstOrThrow();
    expect(removed).toEqual({ delFlag: 1, updateBy: 'admin' });
    expect(b.result.savedIds).toEqual([first!.id, inserted!.id]);
  });

  it('refuses a new name that duplicates a stored shift, naming the row, and writes nothing', async () => {
    const [first] = await stored();
    const res = await save(admin, { inserted: [row('全新班次'), row(first!.name)] });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, message: '第 2 行：班次名称不能重复' });
    await expectNothingWritten();
  });

  it('counts a removed shift out: its name may be taken by a new row in the same save', async () => {
    const [, , third] = await stored();
    const res = await save(admin, { inserted: [row(third!.name)], removedIds: [third!.id] });
    expect(body(res).success).toBe(true);
    expect((await stored()).filter((s) => s.name === third!.name)).toHaveLength(1);
  });

  it('refuses an update renaming a shift to another stored shift name', async () => {
    const [first, second] = await stored();
    const res = await save(admin, { updated: [{ ...second!, name: first!.name }] });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('第 1 行：班次名称不能重复');
    await expectNothingWritten();
  });

  it('swaps two names in one save, and gives a removed shift’s name to a renamed one (the unique index never trips)', async () => {
    const [first, second, third] = await stored();
    const swap = await save(admin, {
      updated: [
        { ...first!, name: second!.name },
        { ...second!, name: first!.name },
      ],
    });
    expect(body(swap).success).toBe(true);
    const after = await stored();
    expect(after.find((s) => s.id === first!.id)?.name).toBe(second!.name);
    expect(after.find((s) => s.id === second!.id)?.name).toBe(first!.name);
    const fresh = after.find((s) => s.id === first!.id)!;
    const take = await save(admin, { updated: [{ ...fresh, name: third!.name }], removedIds: [third!.id] });
    expect(body(take).success).toBe(true);
    expect((await stored()).filter((s) => s.name === third!.name).map((s) => s.id)).toEqual([first!.id]);
  });

  it('the database refuses a second live shift of the same name, and a removed one does not block it', async () => {
    const [first] = await stored();
    const copy = { ...row(first!.name), delFlag: 0, version: 1 };
    await expect(insertDirectly({ ...copy, id: 'dup-live' })).rejects.toThrow();
    await insertDirectly({ ...copy, delFlag: 1, id: 'dup-removed' });
    await t.handle.db.deleteFrom('hrAttendanceShift').where('id', '=', 'dup-removed').execute();
  });

  it('a write the unique index refuses answers 409 in Chinese and leaves nothing written', async () => {
    // A stored name that the save's first renaming step also uses: the check passes, the index refuses the write.
    await insertDirectly({ ...row('\u00010'), id: 'odd-name', delFlag: 0, version: 1 });
    before = await allRows();
    const target = (await stored()).find((s) => s.id !== 'odd-name')!;
    const res = await save(admin, { updated: [{ ...target, name: `${target.name}-改` }] });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ success: false, message: SHIFT_TEXT.nameTaken });
    await expectNothingWritten();
    await t.handle.db.deleteFrom('hrAttendanceShift').where('id', '=', 'odd-name').execute();
  });

  it('refuses a time that is not HH:mm, with the column title', async () => {
    const [first] = await stored();
    const res = await save(admin, { updated: [{ ...first!, pmEnd: '25:00' }] });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('第 1 行：下午下班须为HH:mm格式的时间（如 09:00）');
    await expectNothingWritten();
    const bad = await save(admin, { inserted: [row('新班次X', { amStart: '9:00' })] });
    expect(body(bad).message).toBe('第 1 行：上午上班须为HH:mm格式的时间（如 09:00）');
    await expectNothingWritten();
  });

  it('refuses an empty name and a name over 50 characters', async () => {
    const empty = await save(admin, { inserted: [row('   ')] });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe('第 1 行：班次名称不能为空');
    const long = await save(admin, { inserted: [row('班'.repeat(51))] });
    expect(long.statusCode).toBe(400);
    expect(body(long).message).toBe('第 1 行：最大长度50位字符');
    await expectNothingWritten();
  });

  it('names a stored shift the save did not send when it is the one failing, and lets an update fix it', async () => {
    const [first] = await stored();
    await t.handle.db.updateTable('hrAttendanceShift').set({ amEnd: '1200' }).where('id', '=', first!.id).execute();
    before = await allRows();
    const res = await save(admin, { inserted: [row('另一个班次')] });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(`班次“${first!.name}”：上午下班须为HH:mm格式的时间（如 09:00）`);
    await expectNothingWritten();
    const fixed = await save(admin, { updated: [{ ...first!, amEnd: '12:00' }] });
    expect(body(fixed).success).toBe(true);
  });

  it('refuses a stale version with 409 and writes nothing (the other rows of the save included)', async () => {
    const [first, second] = await stored();
    const res = await save(admin, {
      inserted: [row('不应写入')],
      updated: [
        { ...second!, name: `${second!.name}-新` },
        { ...first!, name: '过期修改', version: first!.version - 1 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ success: false, message: TEXT.versionConflict });
    await expectNothingWritten();
  });

  it('refuses an update of a shift that is gone with 409', async () => {
    const res = await save(admin, { updated: [{ ...row('无此班次'), id: 'no-such-id', version: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(SHIFT_TEXT.notFound);
    await expectNothingWritten();
  });

  it('refuses malformed bodies with 400 in Chinese, never 500', async () => {
    const [first] = await stored();
    const cases: unknown[] = [
      { inserted: Array.from({ length: 501 }, (_, i) => row(`批量${i}`)) },
      { updated: [{ ...first! }], removedIds: [first!.id] },
      { updated: [{ ...first!, version: 'abc' }] },
      { inserted: [{ ...row('x'), name: { $gt: '' } }] },
      { removedIds: [''] },
    ];
    for (const payload of cases) {
      const res = await save(admin, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).success).toBe(false);
      expect(body(res).message).toMatch(/[\u4e00-\u9fff]/);
    }
    await expectNothingWritten();
  });

  it('answers 403 to a user without hr:shift:edit, and 403 without add or batch_delete for those parts', async () => {
    const [first] = await stored();
    const denied = await save(staff, { updated: [{ ...first!, name: '无权修改' }] });
    expect(denied.statusCode).toBe(403);
    await expectNothingWritten();

    // Give the staff role the save code only.
    const staffRole = await roleIdOf(t.handle.db, 'staff');
    await t.handle.db
      .insertInto('sysRolePermission')
      .values({
        id: 'test-shift-edit',
        roleId: staffRole,
        permissionId: 'btn-hr-shift-edit',
        dataRuleIds: null,
        operateDate: null,
        operateIp: null,
      })
      .execute();
    await bumpPermissions();
    expect((await save(staff, { inserted: [row('员工新增')] })).statusCode).toBe(403);
    expect((await save(staff, { removedIds: [first!.id] })).statusCode).toBe(403);
    await expectNothingWritten();
    const ok = await save(staff, { updated: [{ ...first!, amEnd: '11:45' }] });
    expect(body(ok).success).toBe(true);
    expect((await stored()).find((s) => s.id === first!.id)?.amEnd).toBe('11:45');
    expect(SHIFT_PERMISSIONS.edit).toBe('hr:shift:edit');
  });

  it("lets the list be read with the pickers' code or hr:shift:edit, and refuses it with neither", async () => {
    const staffRole = await roleIdOf(t.handle.db, 'staff');
    const grants = () =>
      t.handle.db
        .selectFrom('sysRolePermission')
        .select(['id', 'permissionId'])
        .where('roleId', '=', staffRole)
        .where('permissionId', 'in', ['btn-picker-read', 'btn-hr-shift-edit'])
        .execute();
    const held = await grants();
    const list = () => api(t.app, staff, { method: 'GET', url: '/hr/attendance/hrAttendanceShift/list?pageSize=50' });
    try {
      await t.handle.db
        .deleteFrom('sysRolePermission')
        .where('roleId', '=', staffRole)
        .where('permissionId', 'in', ['btn-picker-read', 'btn-hr-shift-edit'])
        .execute();
      await bumpPermissions();
      const denied = await list();
      expect(denied.statusCode).toBe(403);
      expect(body(denied).message).toBe(TEXT.noPermission);

      for (const permissionId of ['btn-hr-shift-edit', 'btn-picker-read']) {
        await t.handle.db.deleteFrom('sysRolePermission').where('id', '=', 'test-shift-list').execute();
        await t.handle.db
          .insertInto('sysRolePermission')
          .values({
            id: 'test-shift-list',
            roleId: staffRole,
            permissionId,
            dataRuleIds: null,
            operateDate: null,
            operateIp: null,
          })
          .execute();
        await bumpPermissions();
        const allowed = await list();
        expect(allowed.statusCode, permissionId).toBe(200);
        expect((body(allowed).result as { records: unknown[] }).records.length).toBeGreaterThan(0);
      }
    } finally {
      await t.handle.db.deleteFrom('sysRolePermission').where('id', '=', 'test-shift-list').execute();
      for (const g of held) {
        await t.handle.db
          .insertInto('sysRolePermission')
          .values({
            id: g.id,
            roleId: staffRole,
            permissionId: g.permissionId,
            dataRuleIds: null,
            operateDate: null,
            operateIp: null,
          })
          .execute();
      }
      await bumpPermissions();
    }
  });
});
