/** Serves the built web app: static assets, and index.html (with runtime settings) for every other page path. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { TEXT } from '@houtai/shared/constants';
import { fail } from '../lib/envelope.ts';

function runtimeSettings(app: FastifyInstance): string {
  const c = app.config;
  const json = JSON.stringify({
    apiBase: c.apiPrefix,
    signSecret: c.signSecret,
    copyright: c.copyright,
    filingNumber: c.filingNumber,
    externalLinks: c.externalLinks,
    staticDomain: c.staticDomain.replace(/\/+$/, '') || `${c.apiPrefix}/sys/common/static`,
    keepAliveLimit: c.keepAliveLimit,
  });
  const escaped = json.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<meta name="houtai-config" content="${escaped}">`;
}

export async function registerWeb(app: FastifyInstance): Promise<void> {
  const root = app.config.webDist;
  const hasWeb = !!root && existsSync(path.join(root, 'index.html'));
  let indexHtml = '';
  if (hasWeb) {
    // The build writes .br/.gz beside each asset; preCompressed sends them to browsers that accept them. Cache
    // headers are ours: @fastify/static drops per-call options when it falls back from a missing .br/.gz.
    await app.register(fastifyStatic, { root, serve: false, index: false, preCompressed: true, cacheControl: false });
    indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8').replace(
      '<!--houtai-config-->',
      runtimeSettings(app),
    );
  }
  const prefix = app.config.apiPrefix;

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(fail(TEXT.notFound, 404));
  });

  app.get('/*', { config: { policy: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (prefix && (urlPath === prefix || urlPath.startsWith(`${prefix}/`))) {
      return reply.status(404).send(fail(TEXT.notFound, 404));
    }
    if (!hasWeb || !root) {
      return reply.type('text/plain; charset=utf-8').send('后台 web app is not built: run `npm run build`.');
    }
    const rel = path.normalize(urlPath).replace(/^([/\\])+/, '');
    const file = path.join(root, rel);
    if (rel && file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile()) {
      // Hashed build assets never change under their name; anything else is revalidated.
      reply.header('cache-control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(rel);
    }
    if (path.extname(rel) && !rel.endsWith('.html')) return reply.status(404).send(fail(TEXT.notFound, 404));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
