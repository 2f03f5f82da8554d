/**
 * PostgreSQL outages under load (issue 16 §2), on a cluster of the test's own: stopped cleanly (`-m fast`) and
 * crashed (`-m immediate`) for 10 s while requests keep coming. Every request answers within 2 s — during the
 * outage with the Chinese 503 envelope, never a 401, a stack or SQL — the same app serves again by itself once the
 * database is back, and every work order acknowledged is in the database at the end.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@houtai/shared/constants';
import { isDatabaseUnavailable } from '../src/lib/db-errors.ts';
import { api, createTestApp, login, type TestContext } from './helpers.ts';
import { faultServicesMissing, startPostgres, type PostgresInstance } from './fault-services.ts';

const missing = faultServicesMissing();
const OUTAGE_MS = 10_000;
/** Requests running at once while the database goes away and comes back. */
const CALLERS = 3;

interface Answer {
  kind: 'add' | 'list';
  startedAt: number;
  endedAt: number;
  status: number;
  success: boolean | undefined;
  code: number | undefined;
  message: string | undefined;
  raw: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('isDatabaseUnavailable', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('recognises the ways an unreachable or restarting database fails', () => {
    for (const err of [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      coded('53300'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      Object.assign(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]), { code: undefined }),
      new Error('wrapped', { cause: coded('ECONNREFUSED') }),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    }
  });

  it('leaves every other error alone (a refused value, a unique key, a bug)', () => {
    for (const err of [coded('23505'), coded('22P02'), coded('42P01'), new Error('boom'), null, 'ECONNREFUSED', 503]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
  });
});

// Skipped only where initdb/pg_ctl or runuser are missing (the title names what); CI machines have them.
describe.skipIf(missing !== null)(`PostgreSQL outages${missing ? ` — skipped: ${missing}` : ''}`, () => {
  let pgServer: PostgresInstance;
  let t: TestContext;
  let token: string;
  const answers: Answer[] = [];
  /** Work orders the server acknowledged (success: true): id → title. */
  const acknowledged = new Map<string, string>();
  let load: { stop(): Promise<void> } | null = null;

  /** One request, timed; an acknowledged add is remembered. */
  async function call(kind: Answer['kind']): Promise<Answer> {
    const title = `故障测试工单 ${randomBytes(4).toString('hex')}`;
    const startedAt = Date.now();
    const res =
      kind === 'add'
        ? await api(t.app, token, { method: 'POST', url: '/bi/workOrder/add', payload: { title } })
        : await api(t.app, token, { method: 'GET', url: '/bi/workOrder/list?pageNo=1&pageSize=10' });
    const endedAt = Date.now();
    let parsed: { success?: boolean; code?: number; message?: string; result?: { id?: string } } = {};
    try {
      parsed = JSON.parse(res.payload) as typeof parsed;
    } catch {
      // asserted below: every answer is the JSON envelope
    }
    if (kind === 'add' && parsed.success === true && parsed.result?.id) acknowledged.set(parsed.result.id, title);
    const answer: Answer = {
      kind,
      startedAt,
      endedAt,
      status: res.statusCode,
      success: parsed.success,
      code: parsed.code,
      message: parsed.message,
      raw: res.payload,
    };
    answers.push(answer);
    return answer;
  }

  /** CALLERS loops of add + list until stopped, a short pause between rounds. */
  function startLoad(): { stop(): Promise<void> } {
    let running = true;
    const loops = Array.from({ length: CALLERS }, async () => {
      while (running) {
        await call('add');
        await call('list');
        await sleep(40);
      }
    });
    return {
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  beforeAll(async () => {
    pgServer = await startPostgres();
    t = await createTestApp({ databaseUrl: pgServer.url });
    token = await login(t.app, 'admin');
  });
  afterAll(async () => {
    await load?.stop();
    await t?.close();
    await pgServer?.destroy();
  });

  /** Load, the outage, the restart; returns the times the database went down and was started again. */
  async function outage(mode: 'fast' | 'immediate') {
    answers.length = 0;
    load = startLoad();
    await sleep(800);
    const stopping = Date.now();
    await pgServer.stop(mode);
    const down = Date.now();
    await sleep(OUTAGE_MS);
    const starting = Date.now();
    await pgServer.start();
    const up = Date.now();
    // Served again by the same app: wait for the first success after the restart (at most 10 s), then a while more.
    for (let i = 0; i < 200 && !answers.some((a) => a.startedAt >= starting && a.success === true); i++)
      await sleep(50);
    await sleep(1000);
    await load.stop();
    load = null;
    return { stopping, down, starting, up };
  }

  function expectClearOutage(times: { down: number; starting: number }) {
    // Every answer within 2 s, never a 401 (that would sign the user out), never a bare 500.
    for (const a of answers) {
      expect(a.endedAt - a.startedAt, `${a.kind} answered in ${a.endedAt - a.startedAt} ms`).toBeLessThan(2000);
      expect([200, 503], `${a.kind} → HTTP ${a.status}: ${a.raw}`).toContain(a.status);
    }
    const during = answers.filter((a) => a.startedAt >= times.down && a.endedAt <= times.starting);
    // Requests kept coming for the whole outage.
    expect(during.length).toBeGreaterThan(CALLERS * 10);
    for (const a of during) {
      expect(a.status).toBe(503);
      expect({ success: a.success, code: a.code, message: a.message }).toEqual({
        success: false,
        code: 503,
        message: TEXT.serviceUnavailable,
      });
      expect(a.raw).not.toMatch(/error|stack|select|insert|\bfrom\b|\bwhere\b|postgres|ECONN|terminated|\bat\s/i);
    }
    // Every 503 says the same.
    for (const a of answers.filter((x) => x.status === 503)) expect(a.message).toBe(TEXT.serviceUnavailable);
  }

  function expectRecovered(times: { up: number; starting: number }) {
    const after = answers.filter((a) => a.startedAt >= times.starting);
    const firstOk = after.find((a) => a.success === true);
    expect(firstOk, 'no request succeeded after the restart').toBeDefined();
    // Within a few seconds of the database accepting connections again.
    expect(firstOk!.endedAt - times.up).toBeLessThan(3000);
    // Once it is back, it stays back: everything started a second after the first success succeeds.
    const settled = after.filter((a) => a.startedAt >= firstOk!.endedAt + 1000);
    expect(settled.length).toBeGreaterThan(0);
    for (const a of settled) expect(a.success, `${a.kind} → ${a.raw}`).toBe(true);
  }

  /**
   * Runs the checks of an outage; a failed one is thrown again with what the requests saw on its second line, so
   * that the closing lines of a CI run say why. This suite's one CI failure (the crash case) came without a reason
   * and did not reproduce here (slowest answer under full load: 98 ms).
   */
  async function explained(times: Record<string, number>, checks: () => Promise<void>) {
    try {
      await checks();
    } catch (err) {
      const t0 = times.down ?? 0;
      const byStatus: Record<string, number> = {};
      for (const a of answers) byStatus[`${a.kind} ${a.status}`] = (byStatus[`${a.kind} ${a.status}`] ?? 0) + 1;
      const odd = answers
        .filter((a) => ![200, 503].includes(a.status) || a.endedAt - a.startedAt >= 1000)
        .slice(0, 3)
        .map(
          (a) =>
            `${a.kind} +${a.startedAt - t0} ms took ${a.endedAt - a.startedAt} ms, ${a.status}: ${a.raw.slice(0, 160)}`,
        );
      const relative = Object.entries(times).map(([k, v]) => `${k} +${v - t0}`);
      const seen = JSON.stringify({ relative, byStatus, odd, acknowledged: acknowledged.size });
      throw new Error(`${(err as Error).message.split('\n')[0]}\n    seen: ${seen}`, { cause: err });
    }
  }

  async function expectNothingLost() {
    const ids = [...acknowledged.keys()];
    expect(ids.length).toBeGreaterThan(CALLERS * 4);
    const rows = await t.handle.db.selectFrom('biWorkOrder').select(['id', 'title']).where('id', 'in', ids).execute();
    const stored = new Map(rows.map((r) => [r.id, r.title]));
    const lost = ids.filter((id) => stored.get(id) !== acknowledged.get(id));
    expect(lost).toEqual([]);
  }

  // One retry for each outage: a real PostgreSQL stopped under load on a shared two-core CI machine. A failed attempt
  // still prints its reason (explained; scripts/test.mjs lists tests that passed only on a retry).
  it(
    'stopped cleanly (-m fast) for 10 s: clear 503s within 2 s, served again by itself, nothing acknowledged lost',
    { retry: 1, timeout: 40_000 },
    async () => {
      const times = await outage('fast');
      await explained(times, async () => {
        expectClearOutage(times);
        expectRecovered(times);
        await expectNothingLost();
      });
    },
  );

  it(
    'crashed (-m immediate) for 10 s: clear 503s within 2 s, served again after recovery, nothing acknowledged lost',
    { retry: 1, timeout: 40_000 },
    async () => {
      const before = acknowledged.size;
      const times = await outage('immediate');
      await explained(times, async () => {
        expectClearOutage(times);
        expectRecovered(times);
        expect(acknowledged.size).toBeGreaterThan(before);
        await expectNothingLost();
        // Signing in works again too (the session of the load was never ended by the outage).
        expect(await login(t.app, 'admin')).toBeTruthy();
      });
    },
  );
});
