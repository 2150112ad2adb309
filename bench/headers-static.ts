// Pact's own security headers and built-file serving, against Hono's `secureHeaders` and `serveStatic`
// (with its `precompressed` option) configured to send the same headers, in the same process, requests
// interleaved so that both see the same machine. Prints requests per second and latency percentiles for an
// API answer, a built script (brotli), a 304 and a missing file.
// Usage: npm run build:web && npx tsx bench/headers-static.ts   (BENCH_ROUNDS=N, default 20000)
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { compressJson } from '../src/server/http/compression';
import {
  contentSecurityPolicy,
  securityHeaderRecord,
  securityHeaders,
} from '../src/server/http/security-headers';
import { loadWebRoot, sendWebFile } from '../src/server/http/web-files';

const ROOT = 'dist/web/client';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20_000);
const answer = { tasks: [{ id: 'a7c4', title: 'Water the plants', completed: false }] };

function pacts() {
  const app = new Hono();
  app.use(securityHeaders({ https: true }));
  app.use('/api/*', compressJson({ headers: securityHeaderRecord({ https: true }) }));
  app.get('/api/tasks', (c) => c.json(answer));
  const web = loadWebRoot(ROOT);
  app.get('*', (c) => {
    const file = web.files.get(c.req.path);
    return file ? sendWebFile(c, file) : c.text('Not found', 404);
  });
  return app;
}

function honos() {
  const app = new Hono();
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      xFrameOptions: 'DENY',
      referrerPolicy: 'no-referrer',
      crossOriginOpenerPolicy: 'same-origin',
      crossOriginResourcePolicy: 'same-origin',
      permissionsPolicy: { camera: ['self'], microphone: ['self'], geolocation: [] },
      strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    }),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.get('/api/tasks', (c) => c.json(answer));
  app.use('/assets/*', serveStatic({ root: ROOT, precompressed: true }));
  app.get('*', (c) => c.text('Not found', 404));
  return app;
}

const asset = [...loadWebRoot(ROOT).files.keys()].find((p) => p.startsWith('/assets/entry.client'));
if (!asset) throw new Error('Build the web app first: npm run build:web');
const etag = (await pacts().request(asset, { headers: { 'Accept-Encoding': 'br' } })).headers.get('ETag');
const honoEtag = (await honos().request(asset, { headers: { 'Accept-Encoding': 'br' } })).headers.get('ETag');

const CASES: { name: string; path: string; headers: Record<string, string>; revalidate?: boolean }[] = [
  { name: 'API JSON answer', path: '/api/tasks', headers: {} },
  { name: 'built script, brotli', path: asset, headers: { 'Accept-Encoding': 'br, gzip' } },
  { name: 'built script, 304', path: asset, headers: { 'Accept-Encoding': 'br, gzip' }, revalidate: true },
  { name: 'missing file', path: '/assets/nothing-here.js', headers: {} },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function once(app: Hono, path: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await app.request(path, { headers });
  await res.arrayBuffer();
  return performance.now() - started;
}

const contenders = { pact: pacts(), hono: honos() };
console.info(
  `same headers? CSP equal: ${
    (await contenders.hono.request('/api/tasks')).headers.get('Content-Security-Policy') ===
    contentSecurityPolicy()
  }`,
);
console.info(`${ROUNDS} requests per case and contender, interleaved\n`);
console.info('case                         contender   req/s     p50 µs   p99 µs');
for (const c of CASES) {
  const times: Record<string, number[]> = { pact: [], hono: [] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, app] of Object.entries(contenders)) {
      const tag = name === 'pact' ? etag : honoEtag;
      const headers = c.revalidate && tag ? { ...c.headers, 'If-None-Match': tag } : c.headers;
      times[name]!.push(await once(app, c.path, headers));
    }
  }
  for (const [name, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    const total = list.reduce((s, t) => s + t, 0);
    console.info(
      `${c.name.padEnd(28)} ${name.padEnd(10)} ${String(Math.round((list.length / total) * 1000)).padStart(7)} ${(percentile(sorted, 0.5)! * 1000).toFixed(0).padStart(9)} ${(percentile(sorted, 0.99)! * 1000).toFixed(0).padStart(8)}`,
    );
  }
}
