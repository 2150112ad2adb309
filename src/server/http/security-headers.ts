import type { MiddlewareHandler } from 'hono';

/**
 * The Content-Security-Policy: scripts from Pact's own origin, and inline only those `scripts` allows (a
 * server-rendered page's nonce, a prerendered page's hashes, decision 048). `'wasm-unsafe-eval'` lets a page
 * compile WebAssembly, and nothing else: Argon2id, which seals the encryption keys in the browser, is
 * WebAssembly (decision 100); no string is ever run as script.
 */
export function contentSecurityPolicy(scripts: string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self' 'wasm-unsafe-eval'", ...scripts].join(' '),
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
}

const CSP = contentSecurityPolicy();

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
    for (const [name, value] of entries) if (!h.has(name)) h.set(name, value);
    if (c.req.path.startsWith('/api/')) h.set('Cache-Control', h.get('Cache-Control') ?? 'no-store');
  };
}
