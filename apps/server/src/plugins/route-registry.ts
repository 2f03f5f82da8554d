/**
 * Records every route with its declared policy; the server refuses to start when a route lacks a policy, or a
 * write route says neither what it does for the operate log (`operation` + `operateType`) nor `selfAudited`.
 */
import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';
import type { Policy } from './types.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Read when asked: hooks of inner contexts may still set it after the route was recorded. */
  readonly policy: Policy | undefined;
  readonly config: FastifyContextConfig;
}

function unaudited(r: RegisteredRoute): boolean {
  return WRITE_METHODS.has(r.method) && !r.config.selfAudited && !(r.config.operation && r.config.operateType);
}

export function trackRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (opts: RouteOptions) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: opts.url,
        get policy() {
          return opts.config?.policy;
        },
        get config() {
          return opts.config ?? {};
        },
      });
    }
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((r) => r.policy === undefined);
    if (undeclared.length > 0) {
      throw new Error(`routes without a policy: ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
    const silent = routes.filter(unaudited);
    if (silent.length > 0) {
      throw new Error(
        `write routes without an operate-log declaration: ${silent.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      );
    }
  });
  return routes;
}
