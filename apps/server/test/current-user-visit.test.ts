/** GET /sys/loginfo and /sys/visitInfo: login counts from sys_log (log_type 1) by Asia/Shanghai day. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;

// Noon of 2030-06-15 in Shanghai.
const NOW = Date.parse('2030-06-15T04:00:00.000Z');

async function logRow(createTime: string, ip: string | null, logType = 1): Promise<void> {
  await t.handle.db
    .insertInto('sysLog')
    .values({
      id: newId(),
      logType,
      logContent: 'test',
      operateType: null,
      userid: null,
      username: 'x',
      ip,
      requestUrl: null,
      createTime,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  await logRow('2030-06-14T16:30:00.000Z', '10.0.0.1'); // 06-15 00:30 Shanghai
  await logRow('2030-06-15T03:00:00.000Z', '10.0.0.1');
  await logRow('2030-06-15T15:59:59.999Z', '10.0.0.2'); // 06-15 23:59 Shanghai
  await logRow('2030-06-14T15:59:59.999Z', '10.0.0.3'); // 06-14 23:59 Shanghai
  await logRow('2030-06-09T01:00:00.000Z', '10.0.0.4'); // six days ago
  await logRow('2030-06-08T10:00:00.000Z', '10.0.0.5'); // seven days ago: outside the week
  await logRow('2030-06-15T05:00:00.000Z', '10.0.0.9', 2); // an operation, not a login
});
afterAll(async () => {
  t.clock.now = null;
  await t.close();
});

interface VisitDay {
  visit: number;
  ip: number;
  tian: string;
  type: string;
}

describe('login statistics', () => {
  it('counts all logins, today’s logins and today’s distinct IPs, including logins just made', async () => {
    // Two real logins at the controlled clock (from 127.0.0.1) add to today.
    await login(t.app, 'admin');
    const token = await login(t.app, 'guest');
    const b = body(await api(t.app, token, { method: 'GET', url: '/sys/loginfo' }));
    expect(b).toMatchObject({ success: true, result: { totalVisitCount: 8, todayVisitCount: 5, todayIp: 3 } });
  });

  it('lists the last seven Shanghai days oldest first, with zero days', async () => {
    const token = await login(t.app, 'guest');
    const b = body<VisitDay[]>(await api(t.app, token, { method: 'GET', url: '/sys/visitInfo' }));
    expect(b.success).toBe(true);
    expect(b.result).toEqual([
      { tian: '2030-06-09', type: '06-09', visit: 1, ip: 1 },
      { tian: '2030-06-10', type: '06-10', visit: 0, ip: 0 },
      { tian: '2030-06-11', type: '06-11', visit: 0, ip: 0 },
      { tian: '2030-06-12', type: '06-12', visit: 0, ip: 0 },
      { tian: '2030-06-13', type: '06-13', visit: 0, ip: 0 },
      { tian: '2030-06-14', type: '06-14', visit: 1, ip: 1 },
      // 3 seeded rows + 3 logins of this file (from 127.0.0.1)
      { tian: '2030-06-15', type: '06-15', visit: 6, ip: 3 },
    ]);
  });

  it('needs a signed-in caller', async () => {
    expect((await api(t.app, null, { method: 'GET', url: '/sys/loginfo' })).statusCode).toBe(401);
    expect((await api(t.app, null, { method: 'GET', url: '/sys/visitInfo' })).statusCode).toBe(401);
  });
});
