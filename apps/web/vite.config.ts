import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { routePreloads, type PreloadChunk, type PreloadGroups } from './src/app/router/route-preloads.ts';

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

/** Writes dist/route-preloads.json: per group, the chunks (and their CSS) its first screen needs. */
function routePreloadManifest(): Plugin {
  return {
    name: 'houtai-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
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
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify(routePreloads(chunks, PRELOAD_GROUPS), null, 2),
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    routePreloadManifest(),
    // .br and .gz beside every asset, served by @fastify/static's preCompressed option: no compression per request.
    // index.html is left out: the server rewrites it with the runtime settings.
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
  },
});
