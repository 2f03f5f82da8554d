/**
 * The grid's realtime socket /vxeSocket/{userId}/{pageId} on a real port (spec 001 §3, §4, §7; security design
 * §2.6): handshake refusals, the heartbeat answer, row updates reaching the other viewers of the same page only,
 * frame limits, and closing with the session. With TEST_REDIS_URL, two instances share one Redis channel.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { GRID_PAGE_ID_INVALID } from '@houtai/shared/grid/realtime';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DbHandle } from '../src/db/connection.ts';
import { md5Hex } from '../src/lib/ids.ts';
import { hashToken } from '../src/modules/session/session.service.ts';
import {
  GRID_HEARTBEAT_REPLY_TEXT,
  GRID_MAX_PAYLOAD_BYTES,
  GRID_MESSAGES_PER_MINUTE,
} from '../src/realtime/grid-socket-route.ts';
import { SOCKET_KEY_MISMATCH } from '../src/realtime/socket-server.ts';
import { api, body, createTestApp, login, userIdOf, type TestContext } from './helpers.ts';
import { connect, portOf, refusalOf, terminateOpened, type Client } from './ws-client.ts';

function gridUrl(app: FastifyInstance, userId: string, pageId: string, underPrefix = false): string {
  return `ws://127.0.0.1:${portOf(app)}${underPrefix ? app.config.apiPrefix : ''}/vxeSocket/${userId}/${pageId}`;
}

/** Signs in and opens a grid socket on a page the way the web hook does. */
async function gridSocket(app: FastifyInstance, username: string, pageId: string, underPrefix = false) {
  const token = await login(app, username);
  const userId = await userIdOf(app.db, username);
  const client = await connect(gridUrl(app, userId, pageId, underPrefix), token);
  return { token, userId, client };
}

function update(row: Record<string, unknown>, senderId?: string): string {
  return JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'grid-1', row, senderId } });
}

/** The next frame is the heartbeat answer: nothing else reached this socket before it. */
async function expectOnlyHeartbeat(client: Client): Promise<void> {
  client.ws.send('{"type":"heart_beat"}');
  expect(await client.next()).toBe(GRID_HEARTBEAT_REPLY_TEXT);
}

afterEach(terminateOpened);

describe('grid socket /vxeSocket/{userId}/{pageId} (one instance)', () => {
  let t: TestContext;
  let page = '';

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    page = `page-${randomBytes(4).toString('hex')}`;
  });

  it('accepts the handshake at the site root and under the API prefix, echoing the token as the protocol', async () => {
    const atRoot = await gridSocket(t.app, 'admin', 'order:list.v2_a-b');
    expect(atRoot.client.ws.protocol).toBe(atRoot.token);
    const underPrefix = await gridSocket(t.app, 'admin', 'order:list.v2_a-b', true);
    expect(underPrefix.client.ws.protocol).toBe(underPrefix.token);
  });

  it('refuses the upgrade without a token (401) and opens no socket', async () => {
    const adminId = await userIdOf(t.handle.db, 'admin');
    await expect(connect(gridUrl(t.app, adminId, 'p1'))).rejects.toThrow('HTTP 401');
    await expect(connect(gridUrl(t.app, adminId, 'p1', true), 'null')).rejects.toThrow('HTTP 401');
    expect(t.app.realtime.localSocketCount()).toBe(0);
  });

  it("refuses another user's id in the path (403, the mismatch message)", async () => {
    const guestToken = await login(t.app, 'guest');
    const adminId = await userIdOf(t.handle.db, 'admin');
    const refusal = await refusalOf(gridUrl(t.app, adminId, 'p1'), guestToken);
    expect(refusal.status).toBe(403);
    expect(refusal.body).toMatchObject({ success: false, message: SOCKET_KEY_MISMATCH });
    await expect(connect(gridUrl(t.app, adminId, 'p1', true), guestToken)).rejects.toThrow('HTTP 403');
  });

  it('refuses a page id that is not 1–100 of [A-Za-z0-9_-:.] (400, in Chinese) before the upgrade', async () => {
    const token = await login(t.app, 'admin');
    const adminId = await userIdOf(t.handle.db, 'admin');
    for (const bad of ['x'.repeat(101), 'a%20b', encodeURIComponent('页面'), 'a%2Fb', 'a%3Cb%3E']) {
      const refusal = await refusalOf(gridUrl(t.app, adminId, bad), token);
      expect(refusal.status, bad).toBe(400);
      expect(refusal.body).toMatchObject({ success: false, message: GRID_PAGE_ID_INVALID });
    }
    expect(t.app.realtime.localSocketCount()).toBe(0);
  });

  it('refuses a page of another site (Origin) and a token in the query string, like the main socket', async () => {
    const token = await login(t.app, 'admin');
    const adminId = await userIdOf(t.handle.db, 'admin');
    await expect(connect(gridUrl(t.app, adminId, 'p1'), token, { origin: 'https://evil.example' })).rejects.toThrow(
      'HTTP 403',
    );
    await expect(connect(`${gridUrl(t.app, adminId, 'p1')}?token=${token}`, token)).rejects.toThrow('HTTP 400');
  });

  it('answers an upgrade with a missing or an extra path segment 404', async () => {
    const token = await login(t.app, 'admin');
    const adminId = await userIdOf(t.handle.db, 'admin');
    await expect(connect(`ws://127.0.0.1:${portOf(t.app)}/vxeSocket/${adminId}`, token)).rejects.toThrow('HTTP 404');
    await expect(connect(`${gridUrl(t.app, adminId, 'p1')}/more`, token)).rejects.toThrow('HTTP 404');
    await expect(connect(`ws://127.0.0.1:${portOf(t.app)}/vxeSocket/${adminId}/`, token)).rejects.toThrow('HTTP 404');
  });

  it('answers a heart_beat with {type: heart_beat, data: true} to that socket only', async () => {
    const a = await gridSocket(t.app, 'admin', page);
    const b = await gridSocket(t.app, 'guest', page);
    a.client.ws.send(JSON.stringify({ type: 'heart_beat', data: 'x' }));
    expect(JSON.parse(await a.client.next())).toEqual({ type: 'heart_beat', data: true });
    await expect(b.client.next(300)).rejects.toThrow('no message');
  });

  it('update_vxe_table reaches the other sockets of the same page, not the sender nor other pages', async () => {
    const sender = await gridSocket(t.app, 'admin', page);
    const sameUser = await gridSocket(t.app, 'admin', page, true);
    const viewer = await gridSocket(t.app, 'guest', page);
    const otherPage = await gridSocket(t.app, 'guest', `${page}-other`);
    const mainToken = await login(t.app, 'guest');
    const main = await connect(
      `ws://127.0.0.1:${portOf(t.app)}/websocket/${viewer.userId}_${md5Hex(mainToken)}`,
      mainToken,
    );
    const row = { id: 'r1', name: '张三', amount: 12.5 };
    sender.client.ws.send(update(row, 'spoofed'));
    const got = [JSON.parse(await viewer.client.next()), JSON.parse(await sameUser.client.next())] as {
      type: string;
      data: { socketKey: string; row: unknown; senderId: string };
    }[];
    for (const m of got) {
      expect(m).toMatchObject({ type: 'update_vxe_table', data: { socketKey: 'grid-1', row } });
      // The server names the sender; the client's claim is dropped.
      expect(m.data.senderId).not.toBe('spoofed');
      expect(m.data.senderId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(got[0]?.data.senderId).toBe(got[1]?.data.senderId);
    await expectOnlyHeartbeat(sender.client);
    await expectOnlyHeartbeat(otherPage.client);
    await expect(main.next(300)).rejects.toThrow('no message');
  });

  it('common_send_date fans out the same way, with the server-set senderId', async () => {
    const sender = await gridSocket(t.app, 'admin', page);
    const viewer = await gridSocket(t.app, 'guest', page);
    sender.client.ws.send(JSON.stringify({ type: 'common_send_date', data: { note: '已保存', senderId: 'me' } }));
    const m = JSON.parse(await viewer.client.next()) as { type: string; data: { note: string; senderId: string } };
    expect(m.type).toBe('common_send_date');
    expect(m.data.note).toBe('已保存');
    expect(m.data.senderId).not.toBe('me');
    await expectOnlyHeartbeat(sender.client);
  });

  it('ignores non-JSON, unknown types, binary frames and malformed updates (nothing forwarded, socket stays)', async () => {
    const sender = await gridSocket(t.app, 'admin', page);
    const viewer = await gridSocket(t.app, 'guest', page);
    for (const frame of [
      'ping',
      '{"type":"other","data":1}',
      '[]',
      JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'k', row: { name: 'no id' } } }),
      JSON.stringify({ type: 'update_vxe_table', data: { row: { id: 'r1' } } }),
    ]) {
      sender.client.ws.send(frame);
    }
    sender.client.ws.send(Buffer.from(update({ id: 'r1' })), { binary: true });
    await expectOnlyHeartbeat(sender.client);
    await expectOnlyHeartbeat(viewer.client);
  });

  it('carries a row over the main socket’s 4 KiB cap, and closes a frame over 64 KiB (1009)', async () => {
    const sender = await gridSocket(t.app, 'admin', page);
    const viewer = await gridSocket(t.app, 'guest', page);
    const row = { id: 'r1', remark: '备'.repeat(3000) };
    sender.client.ws.send(update(row));
    expect(JSON.parse(await viewer.client.next())).toMatchObject({ data: { row } });
    sender.client.ws.send(update({ id: 'r2', remark: 'x'.repeat(GRID_MAX_PAYLOAD_BYTES) }));
    expect((await sender.client.closed).code).toBe(1009);
    await expectOnlyHeartbeat(viewer.client);
  });

  it(`closes a socket that sends more than ${GRID_MESSAGES_PER_MINUTE} frames a minute (1008)`, async () => {
    const { client } = await gridSocket(t.app, 'admin', page);
    for (let i = 0; i <= GRID_MESSAGES_PER_MINUTE; i++) client.ws.send('{"type":"other"}');
    expect((await client.closed).code).toBe(1008);
  });

  it('closeUser and closeToken close grid sockets (4001); notices never reach them', async () => {
    const g = await gridSocket(t.app, 'guest', page);
    const a = await gridSocket(t.app, 'admin', page);
    await t.app.realtime.broadcast({ cmd: 'topic', msgId: 'n1', msgTxt: '通知' });
    await t.app.realtime.sendToUsers([a.userId], { cmd: 'user', msgId: 'm1' });
    await expectOnlyHeartbeat(a.client);
    await t.app.realtime.closeUser(g.userId);
    expect((await g.client.closed).code).toBe(4001);
    await expectOnlyHeartbeat(a.client);
    const l = await gridSocket(t.app, 'lisi', page);
    await t.app.realtime.closeToken(hashToken(l.token));
    expect((await l.client.closed).code).toBe(4001);
    await expectOnlyHeartbeat(a.client);
  });

  it('POST /sys/logout closes the session’s grid socket (4001)', async () => {
    const { token, client } = await gridSocket(t.app, 'zhangsan', page);
    expect(body(await api(t.app, token, { method: 'POST', url: '/sys/logout' })).success).toBe(true);
    expect((await client.closed).code).toBe(4001);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
// CI sets TEST_REDIS_URL; elsewhere the reason shows in the suite's name.
const redisSuite = `grid socket across two instances (Redis)${redisUrl ? '' : ' — skipped: TEST_REDIS_URL is not set'}`;

describe.skipIf(!redisUrl)(redisSuite, () => {
  let t: TestContext;
  let second: { app: FastifyInstance; handle: DbHandle };

  beforeAll(async () => {
    // A channel of this run only, so that parallel runs on one Redis never cross.
    const config = { redisUrl: redisUrl ?? null, realtimeChannel: `houtai:test:${randomBytes(6).toString('hex')}` };
    t = await createTestApp({ config });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
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

  it('an update on instance 1 reaches the same page on instance 2, not the sender nor another page', async () => {
    const page = `page-${randomBytes(4).toString('hex')}`;
    const sender = await gridSocket(t.app, 'admin', page);
    const viewer = await gridSocket(second.app, 'guest', page);
    const otherPage = await gridSocket(second.app, 'guest', `${page}-x`);
    const row = { id: 'r9', name: '跨实例' };
    sender.client.ws.send(update(row));
    expect(JSON.parse(await viewer.client.next())).toMatchObject({ type: 'update_vxe_table', data: { row } });
    await expectOnlyHeartbeat(otherPage.client);
    await expectOnlyHeartbeat(sender.client);
  });

  it('closeUser through instance 1 closes the grid socket on instance 2', async () => {
    const { userId, client } = await gridSocket(second.app, 'guest', 'p-close');
    await t.app.realtime.closeUser(userId);
    expect((await client.closed).code).toBe(4001);
  });
});
