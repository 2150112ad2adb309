import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoaderFunctionArgs, ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCREET_COOKIE, DISCREET_ICONS, DISCREET_NAME } from '@/shared/texts/device-privacy';
import { createApp } from '../app';
import { startTestServer, type TestServer } from '../test/server';

/** The built manifest as vite-plugin-pwa writes it (the parts discreet mode changes or keeps). */
const BUILT_MANIFEST = {
  id: '/',
  name: 'Pact',
  short_name: 'Pact',
  description: 'A private space for a consenting adult couple to keep their dynamic.',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
  screenshots: [{ src: '/screenshots/phone.webp', sizes: '375x812', type: 'image/webp' }],
};

/** A server build whose page says whether it was rendered for a discreet device. */
function discreetServerBuild(): ServerBuild {
  const root = {
    loader: ({ context }: LoaderFunctionArgs) => ({ discreet: context.discreet }),
    default: () => null,
  };
  return {
    entry: {
      module: {
        default: (_request, status, headers, context) => {
          headers.set('Content-Type', 'text/html; charset=utf-8');
          const data = context.staticHandlerContext.loaderData.root as { discreet: boolean };
          return new Response(`<!doctype html><title>${data.discreet ? DISCREET_NAME : 'Pact'}</title>`, {
            status,
            headers,
          });
        },
      },
    },
    routes: {
      root: { id: 'root', path: '', module: root as never },
      'routes/page': { id: 'routes/page', parentId: 'root', path: '*', module: { default: () => null } },
    },
    assets: {
      entry: { module: '/assets/index.js', imports: [] },
      routes: {},
      url: '/a.js',
      version: '1',
    } as never,
    publicPath: '/',
    assetsBuildDirectory: 'dist/web/client',
    future: {} as never,
    ssr: true,
    isSpaMode: false,
    prerender: ['/'],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  };
}

describe('discreet mode from the first byte (decision 081)', () => {
  let server: TestServer;
  let webRoot: string;
  let app: ReturnType<typeof createApp>;
  const get = (url: string, cookie?: string) =>
    app.fetch(new Request(`http://localhost${url}`, cookie ? { headers: { cookie } } : {}));
  const discreet = `pact_tz=UTC; ${DISCREET_COOKIE}=1`;

  beforeAll(async () => {
    server = await startTestServer({ requireEmailVerification: false });
    webRoot = mkdtempSync(path.join(tmpdir(), 'pact-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Pact</title><h1>Prerendered</h1>');
    writeFileSync(path.join(webRoot, 'manifest.webmanifest'), JSON.stringify(BUILT_MANIFEST));
    app = createApp(server.services, { web: { clientDir: webRoot, build: discreetServerBuild() } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers the manifest under the neutral name and icons, without Pact’s screenshots, to a discreet device', async () => {
    for (const [url, cookie] of [
      ['/manifest.webmanifest', discreet],
      ['/manifest.webmanifest?discreet', undefined],
    ] as const) {
      const response = await get(url, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/manifest+json');
      expect(response.headers.get('vary')).toMatch(/Cookie/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const manifest = await response.json();
      expect(manifest).toMatchObject({ id: '/', start_url: '/dashboard', name: DISCREET_NAME });
      expect(manifest.short_name).toBe(DISCREET_NAME);
      expect(manifest.screenshots).toBeUndefined();
      expect(JSON.stringify(manifest)).not.toMatch(/Pact|couple|dynamic/i);
      expect(manifest.icons.map((i: { src: string }) => i.src)).toEqual([
        DISCREET_ICONS.icon192,
        DISCREET_ICONS.icon512,
        DISCREET_ICONS.maskable192,
        DISCREET_ICONS.maskable512,
      ]);
    }
  });

  it('answers the built manifest otherwise, varying by cookie so no cache mixes the two', async () => {
    for (const cookie of [undefined, `${DISCREET_COOKIE}=0`, `x${DISCREET_COOKIE}=1`]) {
      const response = await get('/manifest.webmanifest', cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get('vary')).toMatch(/Cookie/);
      expect((await response.json()).name).toBe('Pact');
    }
  });

  it('renders a discreet device’s page for it instead of the prerendered one, which names Pact', async () => {
    const plain = await get('/');
    expect(await plain.text()).toContain('Prerendered');
    const page = await get('/', discreet);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<title>${DISCREET_NAME}</title>`);
    expect(html).not.toContain('Prerendered');
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('has every discreet icon in the repository, made by scripts/icons.mjs', () => {
    for (const icon of Object.values(DISCREET_ICONS)) {
      expect(existsSync(path.join('src/web/public', icon)), icon).toBe(true);
    }
  });
});
