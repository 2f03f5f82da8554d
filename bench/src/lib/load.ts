/** Load generation with autocannon, and the facts about the machine that every recorded figure needs. */
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /**
   * Every request's URL differs (`&_bench=<n>` appended): the server's remembered answers (plugins/answer-memo.ts)
   * never match, so the list's own work is measured.
   */
  distinct?: boolean;
  /** Each request sends the next of these values in this header (e.g. the tokens of many signed-in users). */
  rotate?: { header: string; values: readonly string[] };
}

export interface LoadFigures {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function figures(r: Result): LoadFigures {
  return {
    requestsPerSecond: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** A short warm-up (JIT, caches, connection setup) whose figures are discarded, then the measured run. */
export async function measure(opts: LoadOptions): Promise<LoadFigures> {
  let n = 0;
  let turn = 0;
  const join = opts.url.includes('?') ? '&' : '?';
  const { rotate } = opts;
  const setup = (req: { path: string; headers?: Record<string, string> }) => ({
    ...req,
    path: opts.distinct ? `${req.path}${join}_bench=${++n}` : req.path,
    headers: rotate ? { ...req.headers, [rotate.header]: rotate.values[turn++ % rotate.values.length]! } : req.headers,
  });
  const base = {
    url: opts.url,
    headers: opts.headers ?? {},
    connections: opts.connections,
    ...(opts.distinct || rotate ? { requests: [{ setupRequest: setup }] } : {}),
  };
  await autocannon({ ...base, duration: opts.warmupSeconds });
  return figures(await autocannon({ ...base, duration: opts.seconds }));
}

export function machineInfo(): string[] {
  const cpus = os.cpus();
  return [
    `date: ${new Date().toISOString()}`,
    `machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}`,
    `node: ${process.version}`,
    // Other work on the machine skews figures: record how busy it was when the run started.
    `load average (1/5/15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
  ];
}

export function formatFigures(name: string, f: LoadFigures): string {
  return `${name}: ${Math.round(f.requestsPerSecond).toLocaleString('en-US')} req/s (p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.total} requests, ${f.non2xx} non-2xx, ${f.errors} errors)`;
}
