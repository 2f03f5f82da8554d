/**
 * Every successful write leaves an operate-log row (who, when, type, what, which record). Routes declare what
 * they do (`operation`, `operateType`); a handler may add the record (`request.relateId`), a note
 * (`request.auditNote`) and, on public routes, the account acted on (`request.auditActor`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordOperation } from '../modules/operate-log/operate-log.service.ts';

const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** The record a write concerned: set by the handler, else an `id` (or `ids`) of the body, query or path. */
function relateIdOf(request: FastifyRequest): string | null {
  if (request.relateId) return request.relateId;
  for (const source of [request.body, request.query, request.params]) {
    if (!source || typeof source !== 'object') continue;
    for (const key of ['id', 'ids'] as const) {
      const value = (source as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '') return value.replace(/,+$/, '');
      if (typeof value === 'number') return String(value);
    }
  }
  return null;
}

export function registerOperateLog(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const cfg = request.routeOptions.config;
    if (
      !WRITE_METHODS.has(request.method) ||
      reply.statusCode !== 200 ||
      cfg.selfAudited ||
      !cfg.operation ||
      !cfg.operateType ||
      typeof payload !== 'string' ||
      !payload.startsWith('{"success":true')
    ) {
      done(null, payload);
      return;
    }
    const actor = request.session?.user ?? request.auditActor;
    recordOperation(
      app.db,
      {
        userId: actor?.id ?? null,
        username: actor?.username ?? null,
        realname: actor?.realname ?? null,
        operateType: cfg.operateType,
        content: request.auditNote ? `${cfg.operation}：${request.auditNote}` : cfg.operation,
        relateId: relateIdOf(request),
        requestMethod: request.method,
        requestUrl: request.routeOptions.url ?? null,
        ip: request.ip,
        costTime: reply.elapsedTime,
      },
      app.services.now(),
    )
      .catch((err: unknown) => request.log.error({ err }, 'operate log write failed'))
      .finally(() => done(null, payload));
  });
}
