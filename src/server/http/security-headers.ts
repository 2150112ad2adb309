import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { PAGE_LOADER } from '@/shared/page-loader';

/** The one inline script Pact's pages carry, the loader of their code (decision 034), allowed by its hash. */
const LOADER_HASH = `'sha256-${createHash('sha256').update(PAGE_LOADER).digest('base64')}'`;

const CSP = [
  "default-src 'self'",
  `script-src 'self' ${LOADER_HASH}`,
  // Radix and sonner position elements with inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Applied to every response, API and app alike. */
export function securityHeaders(opts: { https: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', CSP);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('X-Frame-Options', 'DENY');
    // Reset links carry a token in the URL: never send it onwards.
    h.set('Referrer-Policy', 'no-referrer');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()');
    if (opts.https) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (c.req.path.startsWith('/api/')) h.set('Cache-Control', h.get('Cache-Control') ?? 'no-store');
  };
}
