import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: 'src/web',
  publicDir: path.resolve('src/web/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve('src') } },
  build: {
    outDir: path.resolve('dist/web'),
    emptyOutDir: true,
    sourcemap: 'hidden',
    // Which chunks each prerendered page needs, for its modulepreload links (scripts/prerender.tsx).
    manifest: true,
    // Every browser Pact supports preloads modules itself; the polyfill would only add to the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  test: {
    root: '.',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    pool: 'forks',
  },
});
