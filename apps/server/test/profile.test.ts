/** The caller's own display settings (per user) and profile: getUserSettings, saveUserSettings, getUserInfo, editSelf. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@houtai/shared/constants';
import type { ProfileUserInfo, UserInfoResult } from '@houtai/shared/contract/user';
import { DEFAULT_SETTINGS, SETTINGS_TEXT, type DisplaySettings } from '@houtai/shared/settings';
import { EMAIL, MOBILE } from '@houtai/shared/validation';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangsan', 'lisi', 'wangwu', 'zhaoliu', 'guest']) tokens[u] = await login(t.app, u);
});
afterAll(async () => {
  await t.close();
});

async function userRow(username: string) {
  return t.handle.db.selectFrom('sysUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
}

function getSettings(username: string) {
  return api(t.app, tokens[username] ?? null, { method: 'GET', url: '/sys/user/getUserSettings' });
}

function saveSettings(username: string, payload: unknown, method: 'PUT' | 'POST' = 'PUT') {
  return api(t.app, tokens[username] ?? null, {
    method,
    url: '/sys/user/saveUserSettings',
    payload: payload as Record<string, unknown>,
  });
}

function editSelf(username: string, payload: Record<string, unknown>, method: 'PUT' | 'POST' = 'PUT') {
  return api(t.app, tokens[username] ?? null, { method, url: '/sys/user/editSelf', payload });
}

describe('display settings', () => {
  it('returns the spec defaults when nothing is stored', async () => {
    const res = await getSettings('wangwu');
    expect(res.statusCode).toBe(200);
    expect(body<DisplaySettings>(res).result).toEqual(DEFAULT_SETTINGS);
  });

  it('saves with PUT, stores JSON on the row and returns it on the next read', async () => {
    const saved = body<DisplaySettings>(
      await saveSettings('zhangsan', { theme: 'dark', primaryColor: '#722ed1', colorWeak: true }),
    );
    expect(saved.success).toBe(true);
    expect(saved.result).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', primaryColor: '#722ED1', colorWeak: true });
    expect(JSON.parse((await userRow('zhangsan')).settings ?? 'null')).toEqual(saved.result);
    expect(body<DisplaySettings>(await getSettings('zhangsan')).result).toEqual(saved.result);
  });

  it('merges a partial save over what is stored and accepts POST', async () => {
    await saveSettings('zhaoliu', { theme: 'dark' });
    const b = body<DisplaySettings>(await saveSettings('zhaoliu', { multipage: false }, 'POST'));
    expect(b.result).toMatchObject({ theme: 'dark', multipage: false });
  });

  it("normalises by the drawer's rules before storing", async () => {
    const b = body<DisplaySettings>(
      await saveSettings('zhaoliu', {
        layout: 'sidemenu',
        contentWidth: 'Fluid',
        fixedHeader: false,
        autoHideHeader: true,
        fixedSidebar: true,
      }),
    );
    expect(b.result).toMatchObject({
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      autoHideHeader: false,
      fixedSidebar: true,
    });
    const top = body<DisplaySettings>(await saveSettings('zhaoliu', { layout: 'topmenu', contentWidth: 'Fluid' }));
    expect(top.result).toMatchObject({ layout: 'topmenu', contentWidth: 'Fluid', fixedSidebar: false });
    expect(JSON.parse((await userRow('zhaoliu')).settings ?? 'null')).toEqual(top.result);
  });

  it('drops unknown keys', async () => {
    const b = body<Record<string, unknown>>(
      await saveSettings('guest', { theme: 'dark', isAdmin: true, __proto__x: 1 }),
    );
    expect(b.success).toBe(true);
    expect(Object.keys(b.result).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect((await userRow('guest')).settings).not.toContain('isAdmin');
  });

  it.each([
    [{ theme: 'blue' }, SETTINGS_TEXT.theme],
    [{ layout: 'mix' }, SETTINGS_TEXT.layout],
    [{ contentWidth: 'Wide' }, SETTINGS_TEXT.contentWidth],
    [{ primaryColor: '#000000' }, SETTINGS_TEXT.primaryColor],
    [{ fixedHeader: 'yes' }, SETTINGS_TEXT.flag('固定顶栏')],
    [[1, 2], SETTINGS_TEXT.notObject],
  ])('refuses %j with HTTP 400 and a Chinese message, storing nothing', async (payload, message) => {
    const before = (await userRow('lisi')).settings;
    const res = await saveSettings('lisi', payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, message });
    expect((await userRow('lisi')).settings).toBe(before);
  });

  it("keeps each user's settings apart", async () => {
    await saveSettings('zhangsan', { theme: 'dark', primaryColor: '#F5222D' });
    await saveSettings('lisi', { theme: 'light', primaryColor: '#52C41A' });
    expect(body<DisplaySettings>(await getSettings('zhangsan')).result).toMatchObject({
      theme: 'dark',
      primaryColor: '#F5222D',
    });
    expect(body<DisplaySettings>(await getSettings('lisi')).result).toMatchObject({
      theme: 'light',
      primaryColor: '#52C41A',
    });
  });

  it('falls back to the defaults when the stored text is broken', async () => {
    await t.handle.db.updateTable('sysUser').set({ settings: '{oops' }).where('username', '=', 'wangwu').execute();
    expect(body<DisplaySettings>(await getSettings('wangwu')).result).toEqual(DEFAULT_SETTINGS);
    await t.handle.db.updateTable('sysUser').set({ settings: null }).where('username', '=', 'wangwu').execute();
  });

  it('does not bump the profile version (a settings save never makes a profile edit stale)', async () => {
    const before = (await userRow('guest')).version;
    await saveSettings('guest', { colorWeak: true });
    expect((await userRow('guest')).version).toBe(before);
  });

  it('writes an operate-log row for a save', async () => {
    const id = (await userRow('guest')).id;
    await saveSettings('guest', { multipage: true });
    const rows = await t.handle.db
      .selectFrom('operateLog')
      .selectAll()
      .where('relateId', '=', id)
      .where('content', '=', '保存系统设置')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('GET /sys/user/getUserInfo', () => {
  it("returns the caller's userInfo with its version and the dictionary cache, never the password", async () => {
    const res = await api(t.app, tokens.zhangsan ?? null, { method: 'GET', url: '/sys/user/getUserInfo' });
    const b = body<UserInfoResult>(res);
    expect(b.success).toBe(true);
    const row = await userRow('zhangsan');
    expect(b.result.userInfo).toMatchObject({
      id: row.id,
      username: 'zhangsan',
      realname: row.realname,
      phone: row.phone,
      orgCode: row.orgCode,
      version: row.version,
    });
    expect(b.result.userInfo).not.toHaveProperty('password');
    expect(b.result.userInfo).not.toHaveProperty('salt');
    expect(res.body).not.toContain(row.password ?? '<none>');
    expect(b.result.sysAllDictItems).toHaveProperty('sex');
  });
});

describe('editSelf', () => {
  it('changes the editable fields with PUT and returns the new userInfo', async () => {
    const before = await userRow('zhangsan');
    const res = await editSelf('zhangsan', {
      realname: '张三丰',
      nickname: '三丰',
      email: 'zsf@example.com',
      phone: '13900000011',
      sex: '2',
      birthday: '1990-05-06',
      telephone: '010-12345678',
      avatar: 'temp/avatar_1.png',
    });
    const b = body<{ userInfo: ProfileUserInfo }>(res);
    expect(res.statusCode).toBe(200);
    expect(b).toMatchObject({ success: true, message: TEXT.profileSaved });
    expect(b.result.userInfo).toMatchObject({
      username: 'zhangsan',
      realname: '张三丰',
      nickname: '三丰',
      email: 'zsf@example.com',
      phone: '13900000011',
      sex: 2,
      birthday: '1990-05-06',
      telephone: '010-12345678',
      avatar: 'temp/avatar_1.png',
      version: before.version + 1,
    });
    const after = await userRow('zhangsan');
    expect(after).toMatchObject({
      realname: '张三丰',
      phone: '13900000011',
      updateBy: 'zhangsan',
      version: before.version + 1,
    });
  });

  it('accepts POST, clears a field sent empty and leaves absent ones alone', async () => {
    const b = body<{ userInfo: ProfileUserInfo }>(
      await editSelf('zhangsan', { nickname: '', avatar: 'https://cdn.example.com/a.png' }, 'POST'),
    );
    expect(b.success).toBe(true);
    expect(b.result.userInfo).toMatchObject({
      nickname: null,
      avatar: 'https://cdn.example.com/a.png',
      realname: '张三丰',
    });
  });

  it('records 修改个人信息 in the operate log against the caller', async () => {
    const id = (await userRow('zhangsan')).id;
    const rows = await t.handle.db
      .selectFrom('operateLog')
      .selectAll()
      .where('relateId', '=', id)
      .where('content', '=', '修改个人信息')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    [{ email: 'not-an-email' }, EMAIL.message],
    [{ phone: '12345' }, MOBILE.message],
    [{ phone: '16600000000' }, MOBILE.message],
    [{ sex: 3 }, '性别只能是0、1或2'],
    [{ birthday: '2001-02-30' }, '生日格式应为yyyy-MM-dd'],
    [{ avatar: 'javascript:alert(1)' }, '头像地址不正确'],
    [{ avatar: '//evil.example.com/x.png' }, '头像地址不正确'],
    [{ avatar: `https://x.example.com/${'a'.repeat(260)}` }, '最大长度255位字符'],
    [{ realname: '' }, '请输入真实姓名'],
  ])('refuses %j with HTTP 400 and its message, changing nothing', async (payload, message) => {
    const before = await userRow('lisi');
    const res = await editSelf('lisi', payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, message });
    expect(await userRow('lisi')).toEqual(before);
  });

  it('refuses a birthday after today', async () => {
    t.clock.now = Date.parse('2024-06-01T00:00:00Z');
    try {
      const b = body(await editSelf('lisi', { birthday: '2024-06-02' }));
      expect(b).toMatchObject({ success: false, message: TEXT.birthdayInFuture });
    } finally {
      t.clock.now = null;
    }
  });

  it("refuses another user's phone number and e-mail (any case)", async () => {
    const phone = body(await editSelf('lisi', { phone: '13800000003' }));
    expect(phone).toMatchObject({ success: false, message: TEXT.phoneTaken });
    const email = body(await editSelf('lisi', { email: 'WangWu@Example.com' }));
    expect(email).toMatchObject({ success: false, message: TEXT.emailTaken });
    expect((await userRow('lisi')).phone).toBe('13800000002');
  });

  it('accepts the caller keeping their own phone and e-mail', async () => {
    const b = body(await editSelf('lisi', { phone: '13800000002', email: 'lisi@example.com' }));
    expect(b.success).toBe(true);
  });

  it('ignores username, status, orgCode, id and other fields outside the schema', async () => {
    const before = await userRow('wangwu');
    const lisi = await userRow('lisi');
    const b = body<{ userInfo: ProfileUserInfo }>(
      await editSelf('wangwu', {
        id: lisi.id,
        username: 'boss',
        status: 2,
        delFlag: 1,
        orgCode: 'A01',
        workNo: 'A1000',
        thirdOrgCode: null,
        password: 'x',
        settings: '{}',
        realname: '王五五',
      }),
    );
    expect(b.success).toBe(true);
    const after = await userRow('wangwu');
    expect(after).toMatchObject({
      id: before.id,
      username: 'wangwu',
      status: before.status,
      delFlag: 0,
      orgCode: before.orgCode,
      workNo: before.workNo,
      thirdOrgCode: before.thirdOrgCode,
      password: before.password,
      realname: '王五五',
    });
    expect(await userRow('lisi')).toEqual(lisi);
  });

  it('applies an edit carrying the current version and refuses a stale one with 409', async () => {
    const v = (await userRow('zhaoliu')).version;
    const first = await editSelf('zhaoliu', { nickname: '六六', version: v });
    expect(first.statusCode).toBe(200);
    expect(body<{ userInfo: ProfileUserInfo }>(first).result.userInfo.version).toBe(v + 1);
    const stale = await editSelf('zhaoliu', { nickname: '旧的', version: v });
    expect(stale.statusCode).toBe(409);
    expect(body(stale)).toMatchObject({ success: false, message: TEXT.versionConflict });
    expect((await userRow('zhaoliu')).nickname).toBe('六六');
  });

  it('refuses every route without a token with 401', async () => {
    const calls = [
      { method: 'GET', url: '/sys/user/getUserSettings' },
      { method: 'PUT', url: '/sys/user/saveUserSettings', payload: { theme: 'dark' } },
      { method: 'POST', url: '/sys/user/saveUserSettings', payload: { theme: 'dark' } },
      { method: 'GET', url: '/sys/user/getUserInfo' },
      { method: 'PUT', url: '/sys/user/editSelf', payload: { realname: 'x' } },
      { method: 'POST', url: '/sys/user/editSelf', payload: { realname: 'x' } },
    ] as const;
    for (const c of calls) {
      const res = await api(t.app, null, { ...c, payload: 'payload' in c ? { ...c.payload } : undefined });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(401);
    }
  });
});
