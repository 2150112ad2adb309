import type { MiddlewareHandler } from 'hono';
import { crossOrigin, unsupportedMediaType } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/**
 * Cross-site request forgery guard for the API. Cookies are SameSite=Lax; on top of that a write must
 * carry a JSON body (which a cross-site form cannot send without a CORS preflight that we never grant)
 * and, when the browser names its origin, come from our own.
 */
export function writeGuard(
  appOrigin: string,
  isUpload: (method: string, path: string) => boolean,
): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('Origin');
    if (origin && origin !== appOrigin && origin !== new URL(c.req.url).origin) {
      throw crossOrigin('Cross-origin requests are not allowed');
    }
    const type = c.req.header('Content-Type') ?? '';
    const length = c.req.header('Content-Length');
    const hasBody =
      (length !== undefined && length !== '0') || c.req.header('Transfer-Encoding') !== undefined;
    // Upload routes check their own types (by the bytes); the Origin check above still applies.
    if (hasBody && !JSON_TYPE.test(type) && !isUpload(c.req.method, c.req.path)) {
      throw unsupportedMediaType('Content-Type must be application/json');
    }
    return next();
  };
}
