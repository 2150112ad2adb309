import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { reactRouterDomProduction, reactRouterProduction } from './scripts/react-router-production.mjs';
import { webAppManifest } from './src/web/manifest';

/** A build's own id: the service worker precaches the prerendered pages under it (they are written last). */
const BUILD_ID = Date.now().toString(36);

export default defineConfig(({ isSsrBuild, command }) => ({
  publicDir: path.resolve('src/web/public'),
  plugins: [
    // The framework (decision 048): routes, server rendering, prerendering. Not under Vitest.
    ...(process.env.VITEST ? [] : [reactRouter()]),
    tailwindcss(),
    // The manifest and the service worker (decision 031), in the browser's build only. The page registers
    // the worker itself, after load (src/web/lib/service-worker.ts).
    ...(isSsrBuild || command !== 'build'
      ? []
      : [
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src/web/sw',
            filename: 'sw.ts',
            injectRegister: false,
            manifestFilename: 'manifest.webmanifest',
            manifest: webAppManifest,
            includeManifestIcons: false,
            outDir: path.resolve('dist/web/client'),
            injectManifest: {
              globDirectory: path.resolve('dist/web/client'),
              globPatterns: [
                'assets/**/*.{js,css}',
                'icons/{icon-192,badge-96,favicon-48,discreet-192,discreet-favicon-48}.png',
                'offline.html',
              ],
              // The landing page, the shell and the help page (decision 054: it opens offline, from the precache,
              // online too) are written after this build: named here, under the build's id.
              additionalManifestEntries: ['/index.html', '/shell.html', '/help'].map((url) => ({
                url,
                revision: BUILD_ID,
              })),
            },
            devOptions: { enabled: false },
          }),
        ]),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve('src') },
      // React Router's package exports its development build only: the app uses its production build.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction },
            { find: /^react-router\/dom$/, replacement: reactRouterDomProduction },
          ]
        : []),
    ],
  },
  build: {
    sourcemap: 'hidden',
    // Every browser Pact supports preloads modules itself; the polyfill would only add to the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
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
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The API files wait
    // on sockets, mail and the database more than they compute, so three run side by side.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    // The files of a worker share one module graph: each file builds its own server, database and mail
    // peer, and nothing a test relies on lives in a module's state. Importing the server once per worker
    // instead of once per file took about a third off the suite's time (measured on nine API files).
    isolate: false,
  },
}));
