/** Serves the built web app: static assets, and index.html (with runtime settings) for every other page path. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { HOME_PATH, LOGIN_PATH, TEXT } from '@houtai/shared/constants';
import { fail } from '../lib/envelope.ts';

/**
 * dist/route-preloads.json (written by the web build): per first-screen group, its chunks and their CSS, and the
 * stylesheets its pages apply from the start (`sheets`: antd's build-time styles, apps/web/build/antd-sheets.ts).
 */
type RoutePreloads = Record<string, { scripts?: unknown; styles?: unknown; sheets?: unknown } | undefined>;

/**
 * The preload groups a page path opens with: the login page's chunks for /user/login; the signed-in frame's for
 * every other page path, and the home page's too for / and the home path. A guest sent on to the login page loses
 * only the frame's preloads (fetched, not run).
 */
export function preloadGroupsFor(urlPath: string): string[] {
  const p = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
  if (p === LOGIN_PATH) return ['login'];
  if (p.startsWith('/user/')) return [];
  if (p === '/' || p === HOME_PATH) return ['shell', 'home'];
  return ['shell'];
}

const SAFE_ASSET = /^assets\/[\w.-]+\.(?:js|css)$/;

function addNames(into: Set<string>, list: unknown): void {
  if (Array.isArray(list)) for (const f of list) if (typeof f === 'string' && SAFE_ASSET.test(f)) into.add(f);
}

/** The <link> tags of the given groups (asset names checked: the file is ours, but it goes into HTML). */
export function preloadLinks(preloads: RoutePreloads, groups: readonly string[]): string {
  const sheets = new Set<string>();
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const g of groups) {
    const entry = preloads[g];
    addNames(sheets, entry?.sheets);
    addNames(scripts, entry?.scripts);
    addNames(styles, entry?.styles);
  }
  const links = [
    // Applied, not just fetched: antd reads which styles it need not generate from it before the first render.
    ...[...sheets].map((f) => `<link rel="stylesheet" href="/${f}">`),
    ...[...styles].map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    ...[...scripts].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ];
  return links.join('\n    ');
}

function readPreloads(root: string): RoutePreloads {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path.join(root, 'route-preloads.json'), 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as RoutePreloads) : {};
  } catch {
    return {};
  }
}

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
  let preloads: RoutePreloads = {};
  /** index.html per set of preload groups, built once. */
  const pages = new Map<string, string>();
  const pageFor = (urlPath: string): string => {
    const groups = preloadGroupsFor(urlPath);
    const key = groups.join(',');
    let html = pages.get(key);
    if (html === undefined) {
      const links = preloadLinks(preloads, groups);
      html = links ? indexHtml.replace('</head>', `    ${links}\n  </head>`) : indexHtml;
      pages.set(key, html);
    }
    return html;
  };
  if (hasWeb) {
    // The build writes .br/.gz beside each asset; preCompressed sends them to browsers that accept them. Cache
    // headers are ours: @fastify/static drops per-call options when it falls back from a missing .br/.gz.
    await app.register(fastifyStatic, { root, serve: false, index: false, preCompressed: true, cacheControl: false });
    indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8').replace(
      '<!--houtai-config-->',
      runtimeSettings(app),
    );
    preloads = readPreloads(root);
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
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(pageFor(urlPath));
  });
}
