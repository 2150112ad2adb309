// `npm run build:render`: the signed-in pages' server renderer (src/web/server-render.tsx, decision 033)
// bundled with its own React, in production mode, into dist/render/server-render.js. The server loads it
// on the first page it draws.
import { build } from 'esbuild';
import { reactRouterProduction } from './react-router-production.mjs';

await build({
  entryPoints: ['src/web/server-render.tsx'],
  outfile: 'dist/render/server-render.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: { 'react-router': reactRouterProduction },
  // The bundled CommonJS packages (React's server build) require Node's own modules.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
