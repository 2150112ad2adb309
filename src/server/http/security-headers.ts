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

/** The headers every response carries, made once per server. */
export function securityHeaderRecord(opts: { https: boolean }): Readonly<Record<string, string>> {
  return Object.freeze({
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    // Reset links carry a token in the URL: never send it onwards.
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(self), microphone=(self), geolocation=()',
    ...(opts.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  });
}

/** Responses made with the security headers (and an API answer's Cache-Control) already among their own. */
const headed = new WeakSet<Response>();
export function markHeaded(res: Response): Response {
  headed.add(res);
  return res;
}

/**
 * Applied to every response, API and app alike. The API's JSON answers are made with these headers in
 * them (compressJson), in one plain object: setting them afterwards would turn the server's light response
 * into a full one with a Headers object on every request (decision 045).
 */
export function securityHeaders(opts: { https: boolean }): MiddlewareHandler {
  const entries = Object.entries(securityHeaderRecord(opts));
  return async (c, next) => {
    await next();
    if (headed.has(c.res)) return;
    const h = c.res.headers;
    for (const [name, value] of entries) h.set(name, value);
    if (c.req.path.startsWith('/api/')) h.set('Cache-Control', h.get('Cache-Control') ?? 'no-store');
  };
}
