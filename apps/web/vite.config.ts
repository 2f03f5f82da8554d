import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import {
  BOOT_CHUNK,
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

/** Writes dist/route-preloads.json: per group, the chunks (and their CSS) its first screen needs. */
function routePreloadManifest(): Plugin {
  return {
    name: 'houtai-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = preloadChunks(bundle);
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify(routePreloads(chunks, PRELOAD_GROUPS), null, 2),
      });
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
      routePreloadManifest(),
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
      rolldownOptions: plan && {
        output: {
          codeSplitting: {
            // One group per planned chunk; the entry's imports first, then the chunks shared by more screens.
            groups: names.map((name) => ({
              name,
              test: (id: string) => plan.get(id) === name,
              priority: name === BOOT_CHUNK ? 100 : name.split('+').length,
            })),
          },
        },
      },
    },
  };
});
