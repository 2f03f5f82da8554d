/** OpenAPI document at {API_PREFIX}/docs: open in development, administrators only in production. */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { defaultPolicyFor } from './route-registry.ts';

export const DOCS_PERMISSION = 'system:docs:view';

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
  const docsPolicy = app.config.production ? { permission: DOCS_PERMISSION } : ('public' as const);
  await app.register(async (docs) => {
    defaultPolicyFor(docs, docsPolicy);
    await docs.register(swaggerUi, { routePrefix: `${app.config.apiPrefix}/docs` });
  });
}
