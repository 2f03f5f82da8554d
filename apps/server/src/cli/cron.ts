/**
 * `npm run -s houtai -- cron next|check|vectors …`: the shared Quartz engine from a terminal. No database, no
 * configuration, no banner — only the answer, so scripts can read it.
 *   cron next "<expr>" --from YYYY-MM-DDTHH:mm:ss --tz <zone> --count <n>   one local time of the zone per line
 *   cron check "<expr>"                                                     exit 0, or 1 with the message
 *   cron vectors <file.json>                                                'N passed, N failed' (exit 1 on a failure)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  formatLocal,
  instantToLocal,
  isValidTimeZone,
  localToInstant,
  nextFireTimes,
  parseCron,
  parseLocal,
} from '@houtai/shared/cron/index';
import { runVectorFile } from '@houtai/shared/cron/vectors';

const USAGE = [
  'usage: npm run -s houtai -- cron next "<expr>" --from <YYYY-MM-DDTHH:mm:ss> --tz <zone> --count <n>',
  '       npm run -s houtai -- cron check "<expr>"',
  '       npm run -s houtai -- cron vectors <file.json>',
].join('\n');

type Out = (line: string) => void;

function next(args: string[], out: Out, err: Out): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { from: { type: 'string' }, tz: { type: 'string' }, count: { type: 'string' } },
  });
  const [expr] = positionals;
  if (expr === undefined || positionals.length > 1) {
    err(USAGE);
    return 2;
  }
  const zone = values.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!isValidTimeZone(zone)) {
    err(`unknown time zone: ${zone}`);
    return 2;
  }
  const count = Number(values.count ?? 10);
  if (!Number.isInteger(count) || count < 1 || count > 10_000) {
    err('--count must be an integer from 1 to 10000');
    return 2;
  }
  let from = Date.now();
  if (values.from !== undefined) {
    const local = parseLocal(values.from);
    if (!local) {
      err(`--from must be a time YYYY-MM-DDTHH:mm:ss: ${values.from}`);
      return 2;
    }
    from = localToInstant(local, zone);
  }
  const parsed = parseCron(expr);
  if (!parsed.ok) {
    err(parsed.message);
    return 1;
  }
  for (const t of nextFireTimes(parsed.cron, from, zone, count)) out(formatLocal(instantToLocal(t, zone)));
  return 0;
}

function check(args: string[], out: Out, err: Out): number {
  if (args.length !== 1) {
    err(USAGE);
    return 2;
  }
  const parsed = parseCron(args[0]!);
  if (parsed.ok) return 0;
  out(parsed.message);
  return 1;
}

function vectors(args: string[], out: Out, err: Out): number {
  if (args.length !== 1) {
    err(USAGE);
    return 2;
  }
  // npm runs scripts from the repository root; a relative path means the caller's directory.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  let outcomes;
  try {
    outcomes = runVectorFile(JSON.parse(readFileSync(file, 'utf8')));
  } catch (e) {
    err(`cannot run ${args[0]}: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  for (const o of outcomes) if (!o.passed) out(`FAILED ${o.name}: ${o.detail ?? ''}`);
  const failed = outcomes.filter((o) => !o.passed).length;
  out(`${outcomes.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

/** Runs `cron <sub> …`; returns the exit code. */
export function cronCommand(
  args: string[],
  out: Out = (l) => console.log(l),
  err: Out = (l) => console.error(l),
): number {
  const [sub, ...rest] = args;
  try {
    if (sub === 'next') return next(rest, out, err);
    if (sub === 'check') return check(rest, out, err);
    if (sub === 'vectors') return vectors(rest, out, err);
  } catch (e) {
    // parseArgs: an unknown option or a missing value.
    err(e instanceof Error ? e.message : String(e));
    err(USAGE);
    return 2;
  }
  err(USAGE);
  return 2;
}
