/** Every successful write through an authenticated route leaves an operate-log row. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordOperation } from '../modules/operate-log/operate-log.service.ts';
import type { OperateType } from './types.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const TYPE_BY_METHOD: Record<string, OperateType> = { POST: '2', PUT: '3', PATCH: '3', DELETE: '4' };

function relateIdOf(request: FastifyRequest): string | null {
  if (request.relateId) return request.relateId;
  for (const source of [request.body, request.query]) {
    if (source && typeof source === 'object' && 'id' in source) {
      const id = source.id;
      if (typeof id === 'string' || typeof id === 'number') return String(id);
    }
  }
  return null;
}

export function registerOperateLog(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!WRITE_METHODS.has(request.method)) return payload;
    const session = request.session;
    const cfg = request.routeOptions.config;
    if (!session || cfg.policy === undefined || cfg.selfAudited || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' || !payload.startsWith('{"success":true')) return payload;
    try {
      await recordOperation(
        app.db,
        {
          userId: session.user.id,
          username: session.user.username,
          realname: session.user.realname,
          operateType: cfg.operateType ?? TYPE_BY_METHOD[request.method] ?? '2',
          content: cfg.operation ?? `${request.method} ${request.routeOptions.url ?? ''}`,
          relateId: relateIdOf(request),
          requestMethod: request.method,
          requestUrl: request.routeOptions.url ?? null,
          ip: request.ip,
        },
        app.services.now(),
      );
    } catch (err) {
      request.log.error({ err }, 'operate log write failed');
    }
    return payload;
  });
}
