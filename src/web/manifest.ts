/**
 * The web app manifest (decision 031): what a phone or desktop needs to install Pact as an app. The build
 * writes it to /manifest.webmanifest. Browsers take one theme colour from here; index.html gives the light
 * and the dark one by colour scheme.
 */
// Relative: vite.config.ts loads this file before its `@` alias exists.
import { paths } from '../shared/routes';

export const THEME_LIGHT = '#6d28d9';
export const BACKGROUND = '#f8f7fc';

export const webAppManifest = {
  id: '/',
  name: 'Pact',
  short_name: 'Pact',
  description: 'A private space for a consenting adult couple to keep their dynamic.',
  lang: 'en',
  dir: 'ltr' as const,
  start_url: paths.dashboard,
  scope: '/',
  display: 'standalone' as const,
  theme_color: THEME_LIGHT,
  background_color: BACKGROUND,
  categories: ['lifestyle'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' as const },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' as const },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' as const },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' as const },
  ],
  screenshots: [
    {
      src: '/screenshots/phone.webp',
      sizes: '375x812',
      type: 'image/webp',
      form_factor: 'narrow' as const,
      label: 'Pact on a phone',
    },
    {
      src: '/screenshots/desktop.webp',
      sizes: '1280x800',
      type: 'image/webp',
      form_factor: 'wide' as const,
      label: 'Pact on a desktop',
    },
  ],
};
