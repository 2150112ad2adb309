import type { Context } from 'hono';
import { DISCREET_ICONS, DISCREET_NAME, discreetIn } from '@/shared/texts/device-privacy';
import type { WebFile } from './web-files';

export const MANIFEST_PATH = '/manifest.webmanifest';

/** Discreet mode on the device that sent this request (its `pact_discreet` cookie; decision 081). */
export const isDiscreet = (c: Context) => discreetIn(c.req.header('cookie'));

/**
 * The web app manifest under the neutral name (decision 081): the built one with its name, description and
 * icons replaced and its screenshots (which show Pact) left out. The same id and start address: the browser
 * sees the same app, which it may show under the new name when it reads the manifest again.
 */
export function discreetManifest(built: WebFile | undefined): string {
  const bytes = built?.variants.at(-1)?.body;
  const base = bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>) : {};
  const { screenshots: _shown, ...rest } = base;
  return JSON.stringify({
    ...rest,
    name: DISCREET_NAME,
    short_name: DISCREET_NAME,
    description: DISCREET_NAME,
    categories: ['productivity'],
    theme_color: '#57534e',
    background_color: '#fafaf9',
    icons: [
      { src: DISCREET_ICONS.icon192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: DISCREET_ICONS.icon512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: DISCREET_ICONS.maskable192, sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: DISCREET_ICONS.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  });
}

/** The discreet manifest, never kept by a cache for another device's choice. */
export function sendDiscreetManifest(c: Context, built: WebFile | undefined): Response {
  return c.body(discreetManifest(built), 200, {
    'Content-Type': 'application/manifest+json',
    'Cache-Control': 'no-cache',
    Vary: 'Cookie',
  });
}
