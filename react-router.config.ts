import type { Config } from '@react-router/dev/config';

/**
 * The web app on React Router's framework mode (decision 048): `src/web/routes.ts` names every page once.
 * Signed-in pages are rendered by the server with their data; the public ones are prerendered at build time.
 */
export default {
  appDirectory: 'src/web',
  buildDirectory: 'dist/web',
  ssr: true,
  prerender: [
    '/',
    '/auth',
    '/privacy-policy',
    '/terms-of-service',
    '/release-info',
    '/help',
    '/who-can-read',
  ],
} satisfies Config;
