/**
 * The realtime socket on a real port (contract §2.12, security design §2.6): handshake authentication, heartbeat,
 * fan-out through app.realtime, and sockets closing when their session ends. With TEST_REDIS_URL, two instances
 * share one database and one Redis channel.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DbHandle } from '../src/db/connection.ts';
import { md5Hex } from '../src/lib/ids.ts';
import { hashToken } from '../src/modules/session/session.service.ts';
import { HEARTCHECK_TEXT } from '../src/realtime/socket-route.ts';
import { SOCKET_KEY_MISMATCH } from '../src/realtime/socket-server.ts';
import { api, body, createTestApp, login, TEST_PASSWORD, userIdOf, type TestContext } from './helpers.ts';
import { connect, portOf, refusalOf, terminateOpened } from './ws-client.ts';

function socketUrl(app: FastifyInstance, key: string, underPrefix = false): string {
  return `ws://127.0.0.1:${portOf(app)}${underPrefix ? app.config.apiPrefix : ''}/websocket/${key}`;
}

function keyOf(userId: string, token: string): string {
  return `${userId}_${md5Hex(token)}`;
}

/** Signs in and opens a socket the way the web client does. */
async function signedInSocket(app: FastifyInstance, username: string, underPrefix = false) {
  const token = await login(app, username);
  const userId = await userIdOf(app.db, username);
  const client = await connect(socketUrl(app, keyOf(userId, token), underPrefix), token);
  return { token, userId, client };
}

afterEach(terminateOpened);

/** Connections the server still holds, waited for to drop to `expected` (closing is asynchronous). */
async function serverConnections(app: FastifyInstance, expected: number): Promise<number> {
  let n = -1;
  for (let i = 0; i < 50 && n !== expected; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 20));
    n = await new Promise<number>((res) => app.server.getConnections((_e, c) => res(c)));
  }
  return n;
}

describe('realtime socket (one instance)', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp({ config: { realtimeSocketsPerUser: 3 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts the handshake at the site root and under the API prefix, echoing the token as the protocol', async () => {
    const token = await login(t.app, 'admin');
    const key = keyOf(await userIdOf(t.handle.db, 'admin'), token);
    const atRoot = await connect(socketUrl(t.app, key), token);
    expect(atRoot.ws.protocol).toBe(token);
    const underPrefix = await connect(socketUrl(t.app, key, true), [token]);
    expect(underPrefix.ws.protocol).toBe(token);
    expect(t.app.realtime.localSocketCount()).toBe(2);
  });

  it('refuses a page of another site (Origin) and accepts one of this site (security design §2.6)', async () => {
    const token = await login(t.app, 'admin');
    const key = keyOf(await userIdOf(t.handle.db, 'admin'), token);
    await expect(connect(socketUrl(t.app, key), token, { origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(connect(socketUrl(t.app, key), token, { origin: 'null' })).rejects.toThrow('HTTP 403');
    const same = await connect(socketUrl(t.app, key), token, { origin: `http://127.0.0.1:${portOf(t.app)}` });
    expect(same.ws.protocol).toBe(token);
  });

  it('refuses the upgrade without a token (401)', async () => {
    const adminId = await userIdOf(t.handle.db, 'admin');
    await expect(connect(socketUrl(t.app, `${adminId}_${'0'.repeat(32)}`))).rejects.toThrow('HTTP 401');
    await expect(connect(socketUrl(t.app, `${adminId}_${'0'.repeat(32)}`, true), 'null')).rejects.toThrow('HTTP 401');
    expect(t.app.realtime.localSocketCount()).toBe(0);
  });

  it('refuses an unknown token (401)', async () => {
    const adminId = await userIdOf(t.handle.db, 'admin');
    const forged = randomBytes(32).toString('base64url');
    await expect(connect(socketUrl(t.app, keyOf(adminId, forged)), forged)).rejects.toThrow('HTTP 401');
  });

  it("refuses another user's token for a user id in the path (403)", async () => {
    const guestToken = await login(t.app, 'guest');
    const adminId = await userIdOf(t.handle.db, 'admin');
    await expect(connect(socketUrl(t.app, keyOf(adminId, guestToken)), guestToken)).rejects.toThrow('HTTP 403');
  });

  it('refuses a key whose MD5 is not that of the token (403)', async () => {
    const token = await login(t.app, 'admin');
    const adminId = await userIdOf(t.handle.db, 'admin');
    const other = await login(t.app, 'admin');
    await expect(connect(socketUrl(t.app, keyOf(adminId, other)), token)).rejects.toThrow('HTTP 403');
    await expect(connect(socketUrl(t.app, `${adminId}_`), token)).rejects.toThrow('HTTP 403');
  });

  it("accepts the Vue2 client's bare /websocket/{userId} at the root and under the prefix, echoing the token", async () => {
    const token = await login(t.app, 'admin');
    const adminId = await userIdOf(t.handle.db, 'admin');
    const atRoot = await connect(socketUrl(t.app, adminId), token);
    expect(atRoot.ws.protocol).toBe(token);
    const underPrefix = await connect(socketUrl(t.app, adminId, true), [token]);
    expect(underPrefix.ws.protocol).toBe(token);
    expect(t.app.realtime.localSocketCount()).toBe(2);
    atRoot.ws.send('HeartBeat');
    expect(JSON.parse(await atRoot.next())).toEqual(JSON.parse(HEARTCHECK_TEXT));
  });

  it('refuses a bare /websocket/{userId} of another user (403, with the reason) and opens no socket', async () => {
    const guestToken = await login(t.app, 'guest');
    const adminId = await userIdOf(t.handle.db, 'admin');
    const refusal = await refusalOf(socketUrl(t.app, adminId, true), guestToken);
    expect(refusal.status).toBe(403);
    expect(refusal.body).toMatchObject({ success: false, message: SOCKET_KEY_MISMATCH });
    await expect(connect(socketUrl(t.app, adminId), guestToken)).rejects.toThrow('HTTP 403');
    expect(t.app.realtime.localSocketCount()).toBe(0);
  });

  it('refuses a revoked token (401)', async () => {
    const token = await login(t.app, 'zhangsan');
    const userId = await userIdOf(t.handle.db, 'zhangsan');
    expect((await api(t.app, token, { method: 'POST', url: '/sys/logout' })).statusCode).toBe(200);
    await expect(connect(socketUrl(t.app, keyOf(userId, token)), token)).rejects.toThrow('HTTP 401');
  });

  it("refuses a frozen user's token (401)", async () => {
    const token = await login(t.app, 'lisi');
    const userId = await userIdOf(t.handle.db, 'lisi');
    await t.handle.db.updateTable('sysUser').set({ status: 2 }).where('id', '=', userId).execute();
    try {
      await expect(connect(socketUrl(t.app, keyOf(userId, token)), token)).rejects.toThrow('HTTP 401');
    } finally {
      await t.handle.db.updateTable('sysUser').set({ status: 1 }).where('id', '=', userId).execute();
    }
  });

  it('refuses a token in the query string (400), even with the right protocol', async () => {
    const token = await login(t.app, 'admin');
    const key = keyOf(await userIdOf(t.handle.db, 'admin'), token);
    await expect(connect(`${socketUrl(t.app, key)}?token=${token}`, token)).rejects.toThrow('HTTP 400');
    await expect(connect(`${socketUrl(t.app, key)}?t=${token}`, token)).rejects.toThrow('HTTP 400');
    // Without the protocol the query token is not even read.
    await expect(connect(`${socketUrl(t.app, key)}?token=${token}`)).rejects.toThrow('HTTP 401');
  });

  it('refuses two offered protocols (401): the token must be the only one', async () => {
    const token = await login(t.app, 'admin');
    const key = keyOf(await userIdOf(t.handle.db, 'admin'), token);
    await expect(connect(socketUrl(t.app, key), [token, 'chat'])).rejects.toThrow('HTTP 401');
  });

  it('a refused handshake leaves no connection open on the server', async () => {
    const token = await login(t.app, 'admin');
    const adminId = await userIdOf(t.handle.db, 'admin');
    await expect(connect(socketUrl(t.app, keyOf(adminId, token)))).rejects.toThrow('HTTP 401');
    await expect(connect(socketUrl(t.app, keyOf(adminId, 'other')), token)).rejects.toThrow('HTTP 403');
    await expect(connect(`${socketUrl(t.app, keyOf(adminId, token))}?token=x`, token)).rejects.toThrow('HTTP 400');
    await expect(connect(`ws://127.0.0.1:${portOf(t.app)}/elsewhere`, token)).rejects.toThrow('HTTP 404');
    expect(await serverConnections(t.app, 0)).toBe(0);
  });

  it('answers an upgrade on any other path 404 and ends the connection', async () => {
    const token = await login(t.app, 'admin');
    await expect(connect(`ws://127.0.0.1:${portOf(t.app)}${t.app.config.apiPrefix}/sys/login`, token)).rejects.toThrow(
      'HTTP 404',
    );
    await expect(connect(`ws://127.0.0.1:${portOf(t.app)}/websocket/`, token)).rejects.toThrow('HTTP 404');
  });

  it('answers any client text with {"cmd":"heartcheck","msgTxt":"心跳响应"}', async () => {
    const { client } = await signedInSocket(t.app, 'admin');
    client.ws.send('ping');
    expect(JSON.parse(await client.next())).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    client.ws.send('HeartBeat');
    expect(await client.next()).toBe(HEARTCHECK_TEXT);
  });

  it('closes an open socket at once after POST /sys/logout (4001)', async () => {
    const { token, client } = await signedInSocket(t.app, 'admin');
    const other = await signedInSocket(t.app, 'admin');
    expect(body(await api(t.app, token, { method: 'POST', url: '/sys/logout' })).success).toBe(true);
    expect((await client.closed).code).toBe(4001);
    // Another session of the same user keeps its socket.
    other.client.ws.send('ping');
    expect(await other.client.next()).toBe(HEARTCHECK_TEXT);
  });

  it("closes the target's sockets on force logout", async () => {
    const admin = await login(t.app, 'admin');
    const guest = await signedInSocket(t.app, 'guest');
    const res = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/online/forceLogout',
      payload: { username: 'guest' },
    });
    expect(body(res).success).toBe(true);
    expect((await guest.client.closed).code).toBe(4001);
  });

  it("a password change closes the user's other sessions' sockets and keeps its own", async () => {
    const own = await signedInSocket(t.app, 'wangwu');
    const other = await signedInSocket(t.app, 'wangwu');
    const newPassword = `Np_${randomBytes(4).toString('hex')}1`;
    const res = await api(t.app, own.token, {
      method: 'PUT',
      url: '/sys/user/updatePassword',
      payload: { username: 'wangwu', oldpassword: TEST_PASSWORD, password: newPassword, confirmpassword: newPassword },
    });
    expect(body(res).success).toBe(true);
    expect((await other.client.closed).code).toBe(4001);
    own.client.ws.send('ping');
    expect(await own.client.next()).toBe(HEARTCHECK_TEXT);
  });

  it('a heartbeat re-checks the session now and then and closes the socket of one revoked elsewhere', async () => {
    const { token, client } = await signedInSocket(t.app, 'zhaoliu');
    // Revoked without the hub knowing (another tool, a missed message).
    await t.handle.db
      .updateTable('sysUserToken')
      .set({ revokedAt: new Date().toISOString(), revokedReason: 'test' })
      .where('tokenHash', '=', hashToken(token))
      .execute();
    client.ws.send('ping');
    expect(await client.next()).toBe(HEARTCHECK_TEXT);
    // Within the re-check interval nothing is read again.
    t.clock.now = Date.now() + 31_000;
    try {
      client.ws.send('ping');
      expect(await client.next()).toBe(HEARTCHECK_TEXT);
      expect((await client.closed).code).toBe(4001);
    } finally {
      t.clock.now = null;
    }
  });

  it('broadcast reaches every socket; sendToUsers only the addressed users, with their userId', async () => {
    const a1 = await signedInSocket(t.app, 'admin');
    const a2 = await signedInSocket(t.app, 'admin', true);
    const g = await signedInSocket(t.app, 'guest');

    await t.app.realtime.broadcast({ cmd: 'topic', msgId: 'n1', msgTxt: '通知' });
    for (const c of [a1.client, a2.client, g.client]) {
      expect(JSON.parse(await c.next())).toEqual({ cmd: 'topic', msgId: 'n1', msgTxt: '通知' });
    }

    await t.app.realtime.sendToUsers([g.userId], { cmd: 'user', msgId: 'm1', msgTxt: '给访客', status: 2 });
    expect(JSON.parse(await g.client.next())).toEqual({
      cmd: 'user',
      msgId: 'm1',
      msgTxt: '给访客',
      status: 2,
      userId: g.userId,
    });
    await t.app.realtime.sendToUsers([a1.userId, g.userId], { cmd: 'user', msgId: 'm2', msgTxt: '两人' });
    expect(JSON.parse(await g.client.next())).toMatchObject({ msgId: 'm2', userId: g.userId });
    for (const c of [a1.client, a2.client]) {
      // The guest's message never reached the admin: the next frame is the one addressed to both.
      expect(JSON.parse(await c.next())).toMatchObject({ msgId: 'm2', userId: a1.userId });
    }
    // A message that names its addressee is sent as it is.
    await t.app.realtime.sendToUsers([g.userId], { cmd: 'user', msgId: 'm3', userId: 'x' });
    expect(JSON.parse(await g.client.next())).toEqual({ cmd: 'user', msgId: 'm3', userId: 'x' });
  });

  it("a user's sockets are that user's alone: closeUser and closeToken touch no one else", async () => {
    const a = await signedInSocket(t.app, 'admin');
    const g = await signedInSocket(t.app, 'guest');
    await t.app.realtime.closeUser(g.userId);
    expect((await g.client.closed).code).toBe(4001);
    await t.app.realtime.closeToken(hashToken(await login(t.app, 'admin')));
    a.client.ws.send('ping');
    expect(await a.client.next()).toBe(HEARTCHECK_TEXT);
  });

  it('past the per-user limit the oldest socket closes (4008)', async () => {
    const first = await signedInSocket(t.app, 'admin');
    await signedInSocket(t.app, 'admin');
    await signedInSocket(t.app, 'admin');
    expect(t.app.realtime.localSocketCount()).toBe(3);
    await signedInSocket(t.app, 'admin');
    expect((await first.client.closed).code).toBe(4008);
    expect(t.app.realtime.localSocketCount()).toBe(3);
  });

  it('limits the handshakes of one user per minute (429); other users are not affected', async () => {
    const token = await login(t.app, 'lisi');
    const url = socketUrl(t.app, keyOf(await userIdOf(t.handle.db, 'lisi'), token));
    let refusedAt = 0;
    for (let i = 1; i <= 61 && !refusedAt; i++) {
      try {
        (await connect(url, token)).ws.terminate();
      } catch (err) {
        expect((err as Error).message).toBe('HTTP 429');
        refusedAt = i;
      }
    }
    expect(refusedAt).toBe(61);
    expect((await signedInSocket(t.app, 'guest')).client.ws.protocol).toBeTruthy();
  });

  it('closing the app closes its sockets as going away (1001)', async () => {
    const other = await createTestApp();
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const { client } = await signedInSocket(other.app, 'admin');
      await other.app.close();
      expect((await client.closed).code).toBe(1001);
    } finally {
      await other.close().catch(() => undefined);
    }
  });

  it('closes a socket that sends a frame over 4 KiB (1009)', async () => {
    const { client } = await signedInSocket(t.app, 'admin');
    client.ws.send('x'.repeat(5000));
    expect((await client.closed).code).toBe(1009);
  });
});

describe('realtime socket with CORS_ORIGINS (a JeecgBoot UI served from another origin)', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp({ config: { corsOrigins: ['https://jeecg-ui.example'] } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("accepts a page of a listed origin opening /websocket/{userId}, and still refuses other sites' pages", async () => {
    const token = await login(t.app, 'admin');
    const adminId = await userIdOf(t.handle.db, 'admin');
    const listed = await connect(socketUrl(t.app, adminId, true), token, { origin: 'https://jeecg-ui.example' });
    expect(listed.ws.protocol).toBe(token);
    await expect(connect(socketUrl(t.app, adminId, true), token, { origin: 'https://evil.example' })).rejects.toThrow(
      'HTTP 403',
    );
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

// CI sets TEST_REDIS_URL; elsewhere the reason shows in the suite's name.
const redisSuite = `realtime across two instances (Redis)${redisUrl ? '' : ' — skipped: TEST_REDIS_URL is not set'}`;

describe.skipIf(!redisUrl)(redisSuite, () => {
  let t: TestContext;
  let second: { app: FastifyInstance; handle: DbHandle };

  beforeAll(async () => {
    // A channel of this run only, so that parallel runs on one Redis never cross.
    const config = { redisUrl: redisUrl ?? null, realtimeChannel: `houtai:test:${randomBytes(6).toString('hex')}` };
    t = await createTestApp({ config });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The second instance: the same database (PostgreSQL schema or SQLite file), the same Redis channel.
    const handle = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    const app = await buildApp(t.config, { database: handle, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    second = { app, handle };
  });
  afterAll(async () => {
    await second.app.close();
    await second.handle.close();
    await t.close();
  });

  it('a message published through instance 1 reaches a socket on instance 2', async () => {
    const token = await login(t.app, 'admin');
    const userId = await userIdOf(t.handle.db, 'admin');
    const client = await connect(socketUrl(second.app, keyOf(userId, token)), token);
    expect(second.app.realtime.localSocketCount()).toBe(1);
    expect(t.app.realtime.localSocketCount()).toBe(0);
    await t.app.realtime.broadcast({ cmd: 'topic', msgId: 'r1', msgTxt: '跨实例' });
    expect(JSON.parse(await client.next())).toEqual({ cmd: 'topic', msgId: 'r1', msgTxt: '跨实例' });
    await t.app.realtime.sendToUsers([userId], { cmd: 'user', msgId: 'r2' });
    expect(JSON.parse(await client.next())).toEqual({ cmd: 'user', msgId: 'r2', userId });
  });

  it('closeToken through instance 1 closes the socket on instance 2', async () => {
    const token = await login(t.app, 'admin');
    const userId = await userIdOf(t.handle.db, 'admin');
    const client = await connect(socketUrl(second.app, keyOf(userId, token)), token);
    await t.app.realtime.closeToken(hashToken(token));
    expect((await client.closed).code).toBe(4001);
  });

  it('POST /sys/logout on instance 1 closes the socket on instance 2', async () => {
    const token = await login(t.app, 'guest');
    const userId = await userIdOf(t.handle.db, 'guest');
    const client = await connect(socketUrl(second.app, keyOf(userId, token), true), token);
    expect(body(await api(t.app, token, { method: 'POST', url: '/sys/logout' })).success).toBe(true);
    expect((await client.closed).code).toBe(4001);
  });

  it('an announcement released through instance 1 reaches a socket on instance 2', async (ctx) => {
    const released = t.app.registeredRoutes.some((r) => r.url.endsWith('/sys/annountCement/doReleaseData'));
    if (!released) ctx.skip('the announcement routes are not in this tree yet');
    const admin = await login(t.app, 'admin');
    const userId = await userIdOf(t.handle.db, 'admin');
    const client = await connect(socketUrl(second.app, keyOf(userId, admin)), admin);
    const titile = `跨实例公告 ${randomBytes(3).toString('hex')}`;
    const added = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/annountCement/add',
      payload: { titile, msgContent: '内容', msgCategory: '1', msgType: 'ALL', priority: 'M' },
    });
    expect(body(added).success).toBe(true);
    const list = await api(t.app, admin, {
      method: 'GET',
      url: `/sys/annountCement/list?titile=${encodeURIComponent(titile)}`,
    });
    const id = body<{ records: { id: string }[] }>(list).result.records[0]?.id;
    expect(id).toBeTruthy();
    const release = await api(t.app, admin, { method: 'GET', url: `/sys/annountCement/doReleaseData?id=${id}` });
    expect(body(release).success).toBe(true);
    expect(JSON.parse(await client.next())).toMatchObject({ cmd: 'topic', msgId: id, msgTxt: titile });
  });
});
