import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { reactRouterProduction } from './scripts/react-router-production.mjs';
import { webAppManifest } from './src/web/manifest';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: 'src/web',
  publicDir: path.resolve('src/web/public'),
  plugins: [
    react(),
    tailwindcss(),
    // The manifest and the service worker (decision 031). The page registers the worker itself, after load
    // (src/web/lib/service-worker.ts), so nothing is injected into the HTML but the manifest's link.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: webAppManifest,
      includeManifestIcons: false,
      injectManifest: {
        // The whole build, so that a page never mixes chunks of two versions. The prerendered pages are
        // written after this step and are not precached: pages come from the network, the shell offline.
        globPatterns: ['**/*.{js,css,html,svg}', 'icons/{icon-192,badge-96,favicon-48}.png'],
        globIgnores: ['prerendered/**', 'screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve('src') },
      { find: /^react-router$/, replacement: reactRouterProduction },
    ],
  },
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
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    pool: 'forks',
  },
});
