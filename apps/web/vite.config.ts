import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // .br and .gz beside every asset, served by @fastify/static's preCompressed option: no compression per request.
    // index.html is left out: the server rewrites it with the runtime settings.
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, exclude: [/\.html$/], logLevel: 'silent' }),
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
