import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import type { AntdSheets } from './build/antd-sheets.ts';
import { compression } from 'vite-plugin-compression2';
import {
  BOOT_CHUNK,
  EARLY_CHUNK,
  chunkPlan,
  routePreloads,
  type ChunkPlan,
  type PreloadChunk,
  type PreloadGroups,
} from './src/app/router/route-preloads.ts';

/**
 * The first screens' modules: the login page; the signed-in frame; the home page. The server preloads a group's
 * chunks in index.html for the paths that open with it (apps/server/src/plugins/web.ts).
 */
const PRELOAD_GROUPS: PreloadGroups = {
  login: ['src/features/auth/components/login-page.tsx'],
  // The first-paint loads first: the frame waits for its answer, and the browser fetches preloads in this order.
  shell: ['src/app/router/shell-first-paint.ts', 'src/app/shell/basic-layout.tsx'],
  home: ['src/features/dashboard/analysis-page.tsx'],
};

/** The chunks of a build's output, as far as preloading and chunk planning go. */
function preloadChunks(bundle: Record<string, Rolldown.OutputAsset | Rolldown.OutputChunk>): PreloadChunk[] {
  const chunks: PreloadChunk[] = [];
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk') continue;
    chunks.push({
      fileName: item.fileName,
      name: item.name,
      isEntry: item.isEntry,
      imports: item.imports,
      moduleIds: item.moduleIds,
      css: [...(item.viteMetadata?.importedCss ?? [])],
    });
  }
  return chunks;
}

/**
 * Sets of first-screen groups whose chunks are joined (chunkPlan), each a request less on the first screens: home
 * is shown inside the frame, so what login shares with the frame alone or with home alone goes with what all three
 * share (home loads both anyway; the other signed-in pages load a few kB of login+home more), and what only the
 * frame and home share goes with the frame. The login page's own modules stay apart: no signed-in page loads them.
 */
const CHUNK_MERGES: Record<string, string> = {
  'login+shell': 'login+shell+home',
  'login+home': 'login+shell+home',
  'shell+home': 'shell',
};

/**
 * index.html loads the early entry (src/early.ts: the first screen's requests, lib/early-requests.ts) `async`,
 * ahead of the app's entry: a module script of index.html itself would be bundled into the app's entry.
 */
function earlyEntryScript(): Plugin {
  return {
    name: 'houtai-early-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const early = Object.values(ctx.bundle ?? {}).find(
          (item) => item.type === 'chunk' && item.isEntry && item.name === EARLY_CHUNK,
        );
        if (!early) throw new Error('the early entry (src/early.ts) is missing from the build');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${early.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/** Set while the planning build runs (it must not plan again, and its output is thrown away). */
const PLANNING = 'HOUTAI_CHUNK_PLANNING';

/**
 * Builds once in memory with the bundler's own chunking and plans fewer, larger chunks for the first screens
 * from that chunk graph (chunkPlan in route-preloads.ts). Without it the login page loads 34 files and home 60:
 * over HTTP/1.1's six connections a slow mobile link pays a round trip per wave of them.
 */
async function planChunks(): Promise<ChunkPlan> {
  process.env[PLANNING] = '1';
  try {
    const result = await build({
      configFile: fileURLToPath(import.meta.url),
      logLevel: 'silent',
      build: { write: false, minify: false, emptyOutDir: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const bundle = Object.fromEntries(outputs.flatMap((o) => o.output.map((item) => [item.fileName, item])));
    return chunkPlan(preloadChunks(bundle), PRELOAD_GROUPS, CHUNK_MERGES);
  } finally {
    delete process.env[PLANNING];
  }
}

/** The group whose pages apply each of antd's build-time sheets (build/antd-sheets.ts); home comes with shell. */
const SHEET_GROUPS = { login: 'login', signedIn: 'shell' } as const;

/**
 * Writes dist/route-preloads.json: per group, the chunks (and their CSS) its first screen needs, and antd's
 * build-time sheet for it (emitted as a hashed asset). The planning build skips the sheets.
 */
function routePreloadManifest(withSheets: boolean): Plugin {
  return {
    name: 'houtai-route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const manifest = routePreloads(preloadChunks(bundle), PRELOAD_GROUPS);
      if (withSheets) {
        // Loaded here, not at the top: cssinjs fixes its class-name prefix from NODE_ENV when it loads, and vite
        // has set production by now.
        const { antdSheets } = await import('./build/antd-sheets.ts');
        const sheets: AntdSheets = antdSheets();
        for (const [name, css] of Object.entries(sheets)) {
          const ref = this.emitFile({ type: 'asset', name: `antd-${name}.css`, source: css });
          const group = manifest[SHEET_GROUPS[name as keyof typeof SHEET_GROUPS]];
          if (group) group.sheets = [this.getFileName(ref)];
        }
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(manifest, null, 2) });
    },
  };
}

export default defineConfig(async ({ command }) => {
  const planning = process.env[PLANNING] === '1';
  const plan = command === 'build' && !planning ? await planChunks() : undefined;
  const names = [...new Set(plan?.values())];
  return {
    plugins: [
      react(),
      routePreloadManifest(!planning),
      earlyEntryScript(),
      // .br and .gz beside every asset, served by @fastify/static's preCompressed option: no compression per request.
      // index.html is left out: the server rewrites it with the runtime settings. Not in the planning build.
      !planning &&
        compression({
          algorithms: ['gzip', 'brotliCompress'],
          threshold: 1024,
          exclude: [/\.html$/, /route-preloads\.json$/],
          logLevel: 'silent',
        }),
    ],
    server: {
      port: 5173,
      proxy: { '/api': 'http://127.0.0.1:3000' },
    },
    build: {
      outDir: 'dist',
      chunkSizeWarningLimit: 1500,
      sourcemap: process.env.HOUTAI_SOURCEMAP === '1',
      rolldownOptions: {
        input: {
          index: fileURLToPath(new URL('./index.html', import.meta.url)),
          [EARLY_CHUNK]: fileURLToPath(new URL('./src/early.ts', import.meta.url)),
        },
        output: plan && {
          codeSplitting: {
            // One group per planned chunk; the early entry's imports first, then the app entry's, then the chunks
            // shared by more screens.
            groups: names.map((name) => ({
              name,
              test: (id: string) => plan.get(id) === name,
              priority: name === EARLY_CHUNK ? 200 : name === BOOT_CHUNK ? 100 : name.split('+').length,
              includeDependenciesRecursively: name === BOOT_CHUNK || name === EARLY_CHUNK,
            })),
          },
        },
      },
    },
  };
});
