/**
 * Runs files in the format of the shared Quartz vectors (../shared/data/cron-quartz-*.json): "vectors" (next
 * fire times: expr, from, tz, next) and "isSatisfiedBy" / "validity" (matches, constructor accepts or rejects).
 * Used by the unit tests, the `houtai cron vectors` command and the cron benchmark, so all three judge alike.
 * Zones: 'local' = the zone of a "from" without offset (read as UTC); 'UTC-06:00 (fixed offset)' = its first word.
 */
import { parseCron } from './parse.ts';
import { matchesLocal, nextFireTimes } from './schedule.ts';
import { formatLocal, instantToLocal, localToInstant, parseLocal } from './zone.ts';

export interface NextVector {
  id: string;
  expr: string;
  from: string;
  tz: string;
  next: string[];
}
export interface MatchVector {
  expr: string;
  at: string;
  matches: boolean;
}
export interface ValidityVector {
  expr: string;
  valid: boolean;
}

export type CronVector =
  | { kind: 'next'; name: string; vector: NextVector }
  | { kind: 'match'; name: string; vector: MatchVector }
  | { kind: 'validity'; name: string; vector: ValidityVector };

export interface VectorOutcome {
  name: string;
  passed: boolean;
  /** What was expected and what came out, when it failed. */
  detail?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Every vector of a file (either kind), named by id or by list and index. Throws when the shape is unknown. */
export function vectorsOf(file: unknown): CronVector[] {
  if (!isObject(file)) throw new Error('not a vector file: expected a JSON object');
  const out: CronVector[] = [];
  const list = (key: string) => (Array.isArray(file[key]) ? (file[key] as unknown[]) : []);
  list('vectors').forEach((v, i) => {
    if (!isObject(v)) return;
    out.push({
      kind: 'next',
      name: `${typeof v.id === 'string' ? v.id : `vectors[${i}]`} ${String(v.expr)}`,
      vector: v as unknown as NextVector,
    });
  });
  list('isSatisfiedBy').forEach((v, i) => {
    if (!isObject(v)) return;
    out.push({
      kind: 'match',
      name: `isSatisfiedBy[${i}] ${String(v.expr)} @ ${String(v.at)}`,
      vector: v as unknown as MatchVector,
    });
  });
  list('validity').forEach((v, i) => {
    if (!isObject(v)) return;
    out.push({ kind: 'validity', name: `validity[${i}] ${String(v.expr)}`, vector: v as unknown as ValidityVector });
  });
  if (!out.length) throw new Error('not a vector file: no "vectors", "isSatisfiedBy" or "validity" list');
  return out;
}

/** The zone name the engine takes for a vector's tz. */
export function vectorZone(tz: string): string {
  if (tz === 'local') return 'UTC';
  return tz.split(' ')[0] ?? tz;
}

const OFFSET_RE = /(Z|[+-]\d{2}:\d{2})$/;

/** An ISO time with Z or an offset is an instant; without one it is a wall-clock time in `zone`. */
export function vectorInstant(text: string, zone: string): number {
  if (OFFSET_RE.test(text)) {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) throw new Error(`bad time: ${text}`);
    return ms;
  }
  const local = parseLocal(text);
  if (!local) throw new Error(`bad time: ${text}`);
  return localToInstant(local, zone);
}

function formatInZone(ms: number, zone: string): string {
  return formatLocal(instantToLocal(ms, zone));
}

export function runVector(v: CronVector): VectorOutcome {
  try {
    if (v.kind === 'validity') {
      const r = parseCron(v.vector.expr);
      const passed = r.ok === v.vector.valid;
      return passed
        ? { name: v.name, passed }
        : {
            name: v.name,
            passed,
            detail: `expected ${v.vector.valid ? 'valid' : 'invalid'}, got ${r.ok ? 'valid' : `invalid: ${r.message}`}`,
          };
    }
    if (v.kind === 'match') {
      const r = parseCron(v.vector.expr);
      if (!r.ok) return { name: v.name, passed: false, detail: `expression rejected: ${r.message}` };
      const at = parseLocal(v.vector.at);
      if (!at) return { name: v.name, passed: false, detail: `bad time: ${v.vector.at}` };
      const got = matchesLocal(r.cron, at);
      return got === v.vector.matches
        ? { name: v.name, passed: true }
        : { name: v.name, passed: false, detail: `expected matches=${v.vector.matches}, got ${got}` };
    }
    const { expr, from, tz, next } = v.vector;
    const r = parseCron(expr);
    if (!r.ok) return { name: v.name, passed: false, detail: `expression rejected: ${r.message}` };
    const zone = vectorZone(tz);
    const expected = next.map((t) => vectorInstant(t, zone));
    const got = nextFireTimes(r.cron, vectorInstant(from, zone), zone, expected.length).map((d) => d.getTime());
    const passed = got.length === expected.length && got.every((g, i) => g === expected[i]);
    return passed
      ? { name: v.name, passed }
      : {
          name: v.name,
          passed,
          detail: `expected ${expected.map((e) => formatInZone(e, zone)).join(', ')}; got ${got.map((g) => formatInZone(g, zone)).join(', ') || 'nothing'} (${zone})`,
        };
  } catch (err) {
    return { name: v.name, passed: false, detail: err instanceof Error ? err.message : String(err) };
  }
}

export function runVectorFile(file: unknown): VectorOutcome[] {
  return vectorsOf(file).map(runVector);
}
