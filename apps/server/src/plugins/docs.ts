/**
 * OpenAPI document at {API_PREFIX}/docs: open in development, administrators only in production.
 *
 * In production only the document (`/docs/json`, `/docs/yaml`) is guarded; the Swagger UI page and its static
 * files are generic and public, so that the page opens in the shell's iframe (which cannot send headers). The
 * page adds the signed-in user's X-Access-Token (same origin, the web app's storage) to every request it makes,
 * the document's included, so an administrator sees it and others get 403.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerManual } from './manual.ts';
import type { Policy } from './types.ts';

export const DOCS_PERMISSION = 'system:docs:view';

/** The browser's window, for the one function below that runs there (the server has no DOM types). */
declare const window: { localStorage: { getItem(key: string): string | null } };

/**
 * Runs in the browser (serialised into swagger-initializer.js by @fastify/swagger-ui): plain JavaScript only.
 * The web app keeps the token as `{"value": …, "expire": …}` under 'houtai:access-token'.
 */
function withSessionToken<R extends object>(request: R): R {
  try {
    const stored = JSON.parse(window.localStorage.getItem('houtai:access-token') ?? 'null') as {
      value?: unknown;
    } | null;
    const headers = (request as { headers?: Record<string, string> }).headers;
    if (headers && stored && typeof stored.value === 'string') headers['X-Access-Token'] = stored.value;
  } catch {
    // No stored session: the request goes without a token.
  }
  return request;
}

function isDocument(url: string): boolean {
  return /\/docs\/(json|yaml)$/.test(url);
}

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Houtai API', description: '后台 — JeecgBoot-compatible wire contract', version: '0.1.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  const documentPolicy: Policy = app.config.production ? { permission: DOCS_PERMISSION } : 'public';
  await app.register(async (docs) => {
    docs.addHook('onRoute', (opts: RouteOptions) => {
      const config = (opts.config ?? {}) as { policy?: Policy };
      if (config.policy === undefined) {
        opts.config = { ...config, policy: isDocument(opts.url) ? documentPolicy : 'public' };
      }
    });
    await docs.register(swaggerUi, {
      routePrefix: `${app.config.apiPrefix}/docs`,
      uiConfig: { requestInterceptor: withSessionToken },
    });
  });
  // 开发文档: the product's own documentation beside the API's.
  registerManual(app);
}
