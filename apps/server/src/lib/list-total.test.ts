/** The list totals' rules: bounded exact counts, one shared full count, remembered counts that say so, refreshes. */
import { describe, expect, it } from 'vitest';
import { TOTAL_EXACT_LIMIT, TOTAL_FRESH_MS, TOTAL_KEEP_MS, TotalCache, type TotalCounter } from './list-total.ts';

/** A table of `rows` matching rows whose counts are recorded; `all()` resolves when `release()` is called. */
function table(rows: number) {
  const calls = { upTo: [] as number[], all: 0 };
  let release: () => void = () => undefined;
  const state = { rows, gate: false };
  const counter: TotalCounter = {
    upTo(limit) {
      calls.upTo.push(limit);
      return Promise.resolve(Math.min(state.rows, limit));
    },
    all() {
      calls.all++;
      const n = state.rows;
      if (!state.gate) return Promise.resolve(n);
      return new Promise((resolve) => (release = () => resolve(n)));
    },
  };
  return { counter, calls, state, release: () => release() };
}

function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

describe('TotalCache', () => {
  it('counts a small list exactly on every request, reading at most the limit + 1 rows', async () => {
    const c = clock();
    const cache = new TotalCache(c.now);
    const tb = table(42);
    expect(await cache.total('k', tb.counter)).toEqual({ total: 42, exact: true });
    tb.state.rows = 43;
    expect(await cache.total('k', tb.counter)).toEqual({ total: 43, exact: true });
    expect(tb.calls.upTo).toEqual([TOTAL_EXACT_LIMIT + 1, TOTAL_EXACT_LIMIT + 1]);
    expect(tb.calls.all).toBe(0);
  });

  it('counts a big list in full once, then answers the remembered count marked not exact', async () => {
    const c = clock();
    const cache = new TotalCache(c.now);
    const tb = table(1_000_000);
    expect(await cache.total('k', tb.counter)).toEqual({ total: 1_000_000, exact: true });
    tb.state.rows = 1_000_001;
    c.t += 1000;
    expect(await cache.total('k', tb.counter)).toEqual({ total: 1_000_000, exact: false });
    expect(tb.calls.all).toBe(1);
    expect(tb.calls.upTo).toHaveLength(1);
  });

  it('shares one running full count between concurrent requests', async () => {
    const cache = new TotalCache(clock().now);
    const tb = table(50_000);
    tb.state.gate = true;
    const pending = [cache.total('k', tb.counter), cache.total('k', tb.counter), cache.total('k', tb.counter)];
    await new Promise((r) => setTimeout(r, 0));
    tb.release();
    const answers = await Promise.all(pending);
    expect(answers.map((a) => a.total)).toEqual([50_000, 50_000, 50_000]);
    expect(tb.calls.all).toBe(1);
  });

  it('recounts in the background after the fresh window, answering the old count meanwhile', async () => {
    const c = clock();
    const cache = new TotalCache(c.now);
    const tb = table(20_000);
    await cache.total('k', tb.counter);
    tb.state.rows = 20_500;
    c.t += TOTAL_FRESH_MS + 1;
    expect(await cache.total('k', tb.counter)).toEqual({ total: 20_000, exact: false });
    await new Promise((r) => setTimeout(r, 0));
    expect(tb.calls.all).toBe(2);
    expect(await cache.total('k', tb.counter)).toEqual({ total: 20_500, exact: false });
  });

  it('forgets a count unused for longer than the keep window and counts again in the request', async () => {
    const c = clock();
    const cache = new TotalCache(c.now);
    const tb = table(30_000);
    await cache.total('k', tb.counter);
    tb.state.rows = 31_000;
    c.t += TOTAL_KEEP_MS + 1;
    expect(await cache.total('k', tb.counter)).toEqual({ total: 31_000, exact: true });
  });

  it('a remembered count is exact while the database has not changed, and not once it has', async () => {
    const c = clock();
    let version = 'v1';
    const cache = new TotalCache(c.now, () => version);
    const tb = table(2_000_000);
    await cache.total('k', tb.counter);
    expect(await cache.total('k', tb.counter)).toEqual({ total: 2_000_000, exact: true });
    version = 'v2';
    expect(await cache.total('k', tb.counter)).toEqual({ total: 2_000_000, exact: false });
    // Small lists are recounted once the database changed.
    const small = table(5);
    await cache.total('s', small.counter);
    expect(await cache.total('s', small.counter)).toEqual({ total: 5, exact: true });
    expect(small.calls.upTo).toHaveLength(1);
    version = 'v3';
    small.state.rows = 6;
    expect(await cache.total('s', small.counter)).toEqual({ total: 6, exact: true });
  });

  it('keeps different filters apart', async () => {
    const cache = new TotalCache(clock().now);
    expect((await cache.total('a', table(3).counter)).total).toBe(3);
    expect((await cache.total('b', table(20_000).counter)).total).toBe(20_000);
    expect((await cache.total('a', table(4).counter)).total).toBe(4);
  });

  it('a failed full count is not remembered: the next request counts again', async () => {
    const cache = new TotalCache(clock().now);
    const failing: TotalCounter = {
      upTo: (limit) => Promise.resolve(limit),
      all: () => Promise.reject(new Error('database down')),
    };
    await expect(cache.total('k', failing)).rejects.toThrow('database down');
    expect(await cache.total('k', table(12_345).counter)).toEqual({ total: 12_345, exact: true });
  });
});
