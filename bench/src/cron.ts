/**
 * `npm run bench -- cron`: next-10 fire times of every shared Quartz vector (its expression, start and zone),
 * many repetitions each after a warm-up; median per vector and the worst median. Budget: every median ≤ 1 ms
 * (the cron builders preview ten run times on every keystroke).
 */
import { readFileSync } from 'node:fs';
import { nextFireTimes, parseCron } from '@houtai/shared/cron/index';
import { vectorInstant, vectorZone, type NextVector } from '@houtai/shared/cron/vectors';
import { sharedDataFile } from '@houtai/shared/shared-data';

const BUDGET_MS = 1;
const WARMUP = 20;
const REPETITIONS = 200;

function median(sorted: number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function cronBench(repoRoot: string): Promise<boolean> {
  const file = sharedDataFile(repoRoot, 'cron-quartz-next.json');
  const { vectors } = JSON.parse(readFileSync(file, 'utf8')) as { vectors: NextVector[] };
  console.log(`${vectors.length} vectors from ${file}; next 10 each, ${WARMUP} warm-up + ${REPETITIONS} timed runs`);
  const rows: { id: string; expr: string; zone: string; median: number; p95: number }[] = [];
  for (const v of vectors) {
    const parsed = parseCron(v.expr);
    if (!parsed.ok) throw new Error(`${v.id}: ${parsed.message}`);
    const zone = vectorZone(v.tz);
    const from = vectorInstant(v.from, zone);
    for (let i = 0; i < WARMUP; i++) nextFireTimes(parsed.cron, from, zone, 10);
    const samples: number[] = [];
    for (let i = 0; i < REPETITIONS; i++) {
      const t0 = performance.now();
      nextFireTimes(parsed.cron, from, zone, 10);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    rows.push({
      id: v.id,
      expr: v.expr,
      zone,
      median: median(samples),
      p95: samples[Math.floor(samples.length * 0.95)]!,
    });
  }
  for (const r of rows) {
    console.log(
      `${r.id.padEnd(6)} ${r.expr.padEnd(30)} ${r.zone.padEnd(20)} median ${(r.median * 1000).toFixed(0).padStart(5)} µs  p95 ${(r.p95 * 1000).toFixed(0).padStart(5)} µs`,
    );
  }
  const medians = rows.map((r) => r.median).sort((a, b) => a - b);
  const worst = rows.reduce((a, b) => (b.median > a.median ? b : a));
  const ok = worst.median <= BUDGET_MS;
  console.log('');
  console.log(
    `median of the medians ${(median(medians) * 1000).toFixed(0)} µs; worst median ${(worst.median * 1000).toFixed(0)} µs (${worst.id} ${worst.expr})`,
  );
  console.log(`${ok ? 'ok  ' : 'MISS'} budget: every median ≤ ${BUDGET_MS} ms`);
  return Promise.resolve(ok);
}
