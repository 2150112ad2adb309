import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LoaderFunctionArgs, ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { type Couple, createCouple } from '../test/partners';
import { startTestServer, type TestServer } from '../test/server';
import { uploadAudio, uploadPhoto } from '../test/uploads';

describe('what the server lets browsers keep', () => {
  let server: TestServer;
  let couple: Couple;
  let webRoot: string;

  beforeAll(async () => {
    server = await startTestServer({ requireEmailVerification: false });
    couple = await createCouple(server);
    webRoot = mkdtempSync(path.join(tmpdir(), 'pact-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Pact</title>');
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('private photos and voice notes are never stored by the browser (no-store), so logout leaves none behind', async () => {
    const photo = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    const served = await couple.dominant.client.get(`/api/media/${photo}`);
    expect(served.status).toBe(200);
    const cacheControl = served.headers.get('cache-control') ?? '';
    expect(cacheControl).toMatch(/\bno-store\b/);
    expect(cacheControl).toMatch(/^private\b/);
    expect(cacheControl).not.toMatch(/max-age=[1-9]/);
  });

  it('a private voice note is never stored by the browser either, for the partner nor for its sender', async () => {
    const note = await uploadAudio(couple.dominant.client, couple.submissive.id);
    for (const reader of [couple.submissive, couple.dominant]) {
      // An <audio> element asks with a Range header.
      for (const init of [{}, { headers: { Range: 'bytes=0-' } }]) {
        const served = await reader.client.get(`/api/media/${note}`, init);
        expect(served.status).toBeLessThan(300);
        expect(served.headers.get('content-type')).toMatch(/^audio\//);
        const cacheControl = served.headers.get('cache-control') ?? '';
        expect(cacheControl).toMatch(/\bno-store\b/);
        expect(cacheControl).toMatch(/^private\b/);
        expect(cacheControl).not.toMatch(/max-age=[1-9]|public|immutable/);
        await served.arrayBuffer();
      }
    }
  });

  it('source maps are not served to browsers', async () => {
    const app = createApp(server.services, { web: { clientDir: webRoot, build: fakeServerBuild() } });
    const script = await app.fetch(new Request('http://localhost/assets/app-abc123.js'));
    expect(script.status).toBe(200);
    const map = await app.fetch(new Request('http://localhost/assets/app-abc123.js.map'));
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
  });
});

const INLINE = 'window.__context = {"page":1};';

/** The browser's build as `npm run build:web` leaves it: hashed assets, prerendered pages, their copies. */
function fakeClientBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'pact-web-'));
  const page = (body: string) =>
    `<!doctype html><html><head><title>Pact</title>${'<link rel="modulepreload" href="/assets/chunk-abc123.js">'.repeat(8)}<script type="module" src="/assets/index-abc123.js"></script></head><body><main>${body}</main><script>${INLINE}</script></body></html>`;
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, 'auth'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, 'index.html'), page('A private space for two'));
  writeFileSync(path.join(root, 'auth', 'index.html'), page('Log in or create your account'));
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(path.join(root, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(
    path.join(root, 'icon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(100)}</svg>`,
  );
  writeFileSync(path.join(root, 'sw.js'), `self.__WB_MANIFEST=${JSON.stringify([{ url: '/index.html' }])};`);
  writeFileSync(
    path.join(root, 'manifest.webmanifest'),
    JSON.stringify({ name: 'Pact', short_name: 'Pact', start_url: '/dashboard', display: 'standalone' }),
  );
  writeFileSync(
    path.join(root, 'offline.html'),
    '<!doctype html><title>Offline</title><h1>You are offline</h1>',
  );
  writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    '{"index.html":{"file":"assets/index-abc123.js"}}',
  );
  execFileSync(process.execPath, ['scripts/precompress.mjs', root]);
  return root;
}

/**
 * A server build with one route whose loader reads /api/me through the load context, and an entry that
 * writes what it was given into the page: what the Hono glue hands React Router, seen from inside.
 */
function fakeServerBuild(): ServerBuild {
  const root = {
    loader: async ({ context }: LoaderFunctionArgs) => {
      // Two loaders of one page may read the same path: the page reads it once (the same answer twice).
      const [me, again] = await Promise.all([context.read?.('/api/me'), context.read?.('/api/me')]);
      return { me, zone: context.timeZone, readOnce: me === again };
    },
    default: () => null,
  };
  return {
    entry: {
      module: {
        default: (_request, status, headers, context, loadContext) => {
          const data = context.staticHandlerContext.loaderData.root;
          headers.set('Content-Type', 'text/html; charset=utf-8');
          return new Response(
            `<!doctype html><script nonce="${loadContext.nonce}">${JSON.stringify(data)}</script>`,
            { status, headers },
          );
        },
      },
    },
    routes: {
      root: { id: 'root', path: '', module: root as never },
      'routes/page': { id: 'routes/page', parentId: 'root', path: '*', module: { default: () => null } },
    },
    assets: {
      entry: { module: '/assets/index-abc123.js', imports: [] },
      routes: {},
      url: '/assets/manifest.js',
      version: '1',
    } as never,
    publicPath: '/',
    assetsBuildDirectory: 'dist/web/client',
    future: {} as never,
    ssr: true,
    isSpaMode: false,
    prerender: ['/', '/auth'],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  };
}

const SCRIPT = `console.info(${JSON.stringify('Pact '.repeat(400))});\n`;
const BROWSER = 'gzip, deflate, br, zstd';

describe('the built web app as the server sends it', () => {
  let server: TestServer;
  let webRoot: string;
  let app: ReturnType<typeof createApp>;
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    app.fetch(new Request(`http://localhost${url}`, { method, headers }));

  beforeAll(async () => {
    server = await startTestServer();
    webRoot = fakeClientBuild();
    app = createApp(server.services, { web: { clientDir: webRoot, build: fakeServerBuild() } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends a hashed script brotli-compressed to a browser that takes brotli, kept for a year', async () => {
    const response = await get('/assets/index-abc123.js', { 'Accept-Encoding': BROWSER });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that takes only gzip, and the file itself to one that takes neither', async () => {
    const gzip = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/assets/index-abc123.js', accept ? { 'Accept-Encoding': accept } : {});
      expect(plain.headers.get('content-encoding'), accept).toBeNull();
      expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await plain.text()).toBe(SCRIPT);
    }
    const notBrotli = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br;q=0, *' });
    expect(notBrotli.headers.get('content-encoding')).toBe('gzip');
  });

  it.each([
    ['/', 'A private space for two'],
    ['/auth', 'Log in or create your account'],
    ['/auth/', 'Log in or create your account'],
  ])(
    'answers %s with its page prerendered at build time, compressed, checked before use, its inline script allowed by its hash',
    async (url, text) => {
      const response = await get(url, { 'Accept-Encoding': BROWSER });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      const hash = createHash('sha256').update(INLINE).digest('base64');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);
      const html = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
      expect(html).toContain(text);
    },
  );

  it('renders every other page through the request handler: its loader reads the API in-process with the cookie, its scripts carry a fresh nonce, and it is never kept', async () => {
    const couple = await createCouple(server);
    const cookie = [...couple.dominant.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const pages: string[] = [];
    for (const url of ['/dashboard', '/auth?tab=register', '/nope']) {
      const response = await get(url, { cookie });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-store');
      expect(response.headers.get('vary'), url).toMatch(/cookie/i);
      const nonce = (response.headers.get('content-security-policy') ?? '').match(/'nonce-([^']+)'/)?.[1];
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const html = await response.text();
      expect(html).toContain(`<script nonce="${nonce}">`);
      expect(html).toContain('"displayName":"Dana Dom"');
      pages.push(nonce ?? '');
    }
    expect(new Set(pages).size).toBe(pages.length);
    // A visitor's loader is answered as the API answers a visitor; the zone comes from its cookie alone.
    const visitor = await get('/dashboard', { cookie: 'pact_tz=Europe%2FBerlin' });
    expect(await visitor.text()).toContain('{"me":{"user":null},"zone":"Europe/Berlin","readOnce":true}');
    const unknownZone = await get('/dashboard', { cookie: 'pact_tz=Mars%2FOlympus' });
    expect(await unknownZone.text()).toContain('"zone":"UTC"');
  });

  it('never serves source maps, dot folders or a prerendered page by its file name', async () => {
    for (const url of ['/.vite/manifest.json', '/assets/index-abc123.js.map', '/auth/index.html']) {
      const response = await get(url);
      const body = await response.text();
      expect(body, url).not.toContain('secret.ts');
      expect(body, url).not.toContain('index-abc123.js"}');
      expect(body, url).not.toContain('Log in or create your account');
    }
  });

  it('serves the service worker and the manifest checked before every use, and the CSP lets them work', async () => {
    const worker = await get('/sw.js', { 'Accept-Encoding': BROWSER });
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    // A worker kept unchecked would keep an old version running after a deploy.
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const csp = worker.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toMatchObject({ name: 'Pact', display: 'standalone' });
    const offline = await get('/offline.html');
    expect(offline.status).toBe(200);
    expect(await offline.text()).toContain('You are offline');
  });

  it('serves the landing page by its file name too, 200, for the service worker to precache', async () => {
    const shell = await get('/index.html');
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(await shell.text()).toContain('A private space for two');
    // The precache asks with a revision in the query.
    const revised = await get('/index.html?__WB_REVISION__=abc');
    expect(revised.status).toBe(200);
  });

  it('answers a browser whose copy is current with a 304 and no body', async () => {
    for (const url of ['/', '/assets/index-abc123.js', '/icon.svg']) {
      const first = await get(url, { 'Accept-Encoding': BROWSER });
      const etag = first.headers.get('etag');
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await get(url, { 'Accept-Encoding': BROWSER, 'If-None-Match': etag! });
      expect(again.status, url).toBe(304);
      expect(await again.text()).toBe('');
      const changed = await get(url, { 'Accept-Encoding': BROWSER, 'If-None-Match': '"something-else"' });
      expect(changed.status, url).toBe(200);
    }
  });

  it('has unhashed files checked before use, and HEAD answers the headers alone', async () => {
    const icon = await get('/icon.svg', { 'Accept-Encoding': BROWSER });
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    const head = await get('/assets/index-abc123.js', { 'Accept-Encoding': BROWSER }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
  });
});
