/** Serving the built web app: index.html with the runtime settings, assets (precompressed when accepted). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

const SCRIPT = `console.log(${JSON.stringify('后台'.repeat(400))});\n`;

let t: TestContext;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'houtai-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--houtai-config--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'small-abc123.css'), 'a{}');
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({
      login: { scripts: ['assets/login-1.js', 'assets/form-1.js'], styles: [], sheets: ['assets/antd-login-1.css'] },
      shell: {
        scripts: ['assets/layout-1.js', 'assets/form-1.js', 'assets/x"><script>.js'],
        styles: ['assets/layout-1.css'],
        sheets: ['assets/antd-signedIn-1.css', 'assets/x"><script>.css'],
      },
      home: { scripts: ['assets/analysis-1.js'], styles: [] },
    }),
  );
  t = await createTestApp({ seed: false, config: { webDist: dist, signSecret: 'a"b<c>&d' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web app', () => {
  it('preloads the chunks of the first screen a page path opens with (dist/route-preloads.json)', async () => {
    const links = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      return [...head.matchAll(/<link rel="(modulepreload|preload|stylesheet)"[^>]* href="([^"]+)">/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      );
    };
    expect(await links('/user/login?redirect=%2Fx')).toEqual([
      'stylesheet /assets/antd-login-1.css',
      'modulepreload /assets/login-1.js',
      'modulepreload /assets/form-1.js',
    ]);
    const shell = [
      'stylesheet /assets/antd-signedIn-1.css',
      'preload /assets/layout-1.css',
      'modulepreload /assets/layout-1.js',
      'modulepreload /assets/form-1.js',
    ];
    expect(await links('/dashboard/analysis')).toEqual([...shell, 'modulepreload /assets/analysis-1.js']);
    expect(await links('/')).toEqual([...shell, 'modulepreload /assets/analysis-1.js']);
    // Another signed-in page: the frame only; another public page: nothing.
    expect(await links('/system/user')).toEqual(shell);
    expect(await links('/user/register')).toEqual([]);
  });

  it('answers page paths with index.html carrying the runtime settings, escaped', async () => {
    for (const url of ['/', '/user/login', '/dashboard/analysis?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const meta = /<meta name="houtai-config" content="([^"]*)">/.exec(res.body)?.[1];
      expect(meta).toBeDefined();
      const settings = JSON.parse(
        meta!
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&'),
      ) as { apiBase: string; signSecret: string; staticDomain: string };
      expect(settings).toMatchObject({
        apiBase: t.config.apiPrefix,
        signSecret: 'a"b<c>&d',
        // No STATIC_DOMAIN: files come from this server's static route.
        staticDomain: `${t.config.apiPrefix}/sys/common/static`,
        keepAliveLimit: null,
      });
    }
  });

  it('sends the precompressed asset to a browser that accepts gzip, the plain one otherwise', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(gz.headers['cache-control']).toMatch(/immutable/);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    // No .gz beside it: the file itself, whatever the browser accepts.
    const small = await t.app.inject({
      method: 'GET',
      url: '/assets/small-abc123.css',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('a{}');
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset and a path outside the build with a 404 envelope', async () => {
    for (const url of ['/assets/missing.js', '/../package.json', '/assets/..%2f..%2fpackage.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 404 });
    }
  });
});
