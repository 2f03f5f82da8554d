/**
 * Read-mostly GET answers remembered while the database is unchanged (issue 16: lists at scale). A route that sets
 * `config: { memo: true }` answers a repeated request — same route and query text (the cache-buster `_t` aside),
 * same caller, same client headers, same Asia/Shanghai day (data rules may name #{sys_date}) — with the answer it
 * gave last, as long as the database's change marker (lib/compiled-query.ts changeMarker: SQLite's data version,
 * PostgreSQL's snapshot) has not moved since that answer began to be read. Exact, not time-based: any commit by
 * anyone moves the marker. Where there is none (an open transaction) the handler always runs. A request seen for
 * the first time is only noted (by its key); its answer is remembered when it comes again, and used from the third
 * time on.
 *
 * The caller's session and permission are checked on every request as before (plugins/auth.ts runs first); only
 * the handler's work is saved. Only answers of routes whose result depends on nothing but the database, the caller,
 * the URL and those headers may opt in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_HEADER } from '@houtai/shared/contract/permission';
import { changeMarker } from '../lib/compiled-query.ts';
import { shanghaiDate } from '../lib/time.ts';

/** Answers remembered per app (the oldest dropped first)… */
const MAX_ENTRIES = 2000;
/** …and their characters in all (the memory they hold stays bounded whatever the answers' sizes). */
const MAX_TOTAL_CHARS = 8 * 1024 * 1024;
/**
 * Requests seen once, by key only: an answer is remembered when its request comes again, so that answers asked
 * for once (every page of a list walked through once) never fill the store and the heap.
 */
const MAX_SEEN = 4000;
/** Larger answers are not remembered. */
const MAX_ANSWER_CHARS = 512 * 1024;
/** A success envelope ends with its timestamp; a remembered answer gets a fresh one. */
const TIMESTAMP_TAIL = /,"timestamp":\d+\}$/;
const CLIENT = CLIENT_HEADER.toLowerCase();

interface Remembered {
  version: string;
  /** The answer up to and including `,"timestamp":`. */
  head: string;
}

interface Pending {
  key: string;
  version: string;
}

/**
 * The URL without the clients' cache-buster `_t=<unix seconds>` (contract: every GET of both Jeecg clients and of
 * ours carries one; the server ignores it), so that a repeat is recognised.
 */
export function memoUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0 || !url.includes('_t=', q)) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  params.delete('_t');
  const rest = params.toString();
  return rest ? `${url.slice(0, q)}?${rest}` : url.slice(0, q);
}

function header(request: FastifyRequest, name: string): string {
  const v = request.headers[name];
  return Array.isArray(v) ? v.join(',') : (v ?? '');
}

export function registerAnswerMemo(app: FastifyInstance): void {
  const answers = new Map<string, Remembered>();
  let totalChars = 0;
  const forget = (key: string) => {
    const known = answers.get(key);
    if (!known) return;
    answers.delete(key);
    totalChars -= known.head.length;
  };
  const pending = new WeakMap<FastifyRequest, Pending>();
  const seen = new Set<string>();

  /** Answers from memory, or notes the request (and its version) for onSend; then calls `done` unless answered. */
  const decide = (request: FastifyRequest, reply: FastifyReply, version: string | null, done: () => void) => {
    if (version === null || !request.session) return done();
    const key = [
      request.routeOptions.url,
      memoUrl(request.url),
      request.session.user.id,
      header(request, 'x-version'),
      header(request, CLIENT),
      shanghaiDate(app.services.now()),
    ].join('\u0000');
    const hit = answers.get(key);
    if (hit?.version === version) {
      void reply.type('application/json; charset=utf-8').send(`${hit.head}${Date.now()}}`);
      return;
    }
    if (!hit && !seen.has(key)) {
      seen.add(key);
      if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value!);
      return done();
    }
    seen.delete(key);
    pending.set(request, { key, version });
    done();
  };

  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (request.method !== 'GET' || request.routeOptions.config.memo !== true || !request.session) return done();
    const marker = changeMarker(app.db);
    if (!(marker instanceof Promise)) return decide(request, reply, marker, done);
    // PostgreSQL: a shared snapshot read. When the database cannot be reached, its error answers (a 503) at once.
    marker.then(
      (version) => decide(request, reply, version, done),
      (err: unknown) => done(err as Error),
    );
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const p = pending.get(request);
    if (
      p &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      payload.length <= MAX_ANSWER_CHARS &&
      payload.startsWith('{"success":true') &&
      TIMESTAMP_TAIL.test(payload)
    ) {
      // The version was read before the handler: a write meanwhile (its own included) moved it, and this entry
      // then never matches.
      forget(p.key);
      const head = payload.slice(0, payload.lastIndexOf(':') + 1);
      answers.set(p.key, { version: p.version, head });
      totalChars += head.length;
      while (answers.size > MAX_ENTRIES || totalChars > MAX_TOTAL_CHARS) {
        const oldest = answers.keys().next().value;
        if (oldest === undefined) break;
        forget(oldest);
      }
    }
    done(null, payload);
  });
}
