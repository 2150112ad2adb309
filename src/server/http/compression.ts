import { gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

/** Below this, gzip costs more time than the bytes it saves (most answers: one task, an ok). */
export const COMPRESS_FROM_BYTES = 1024;

type Json = Context['json'];
type Body = (
  data: string | Uint8Array,
  arg?: number | ResponseInit,
  headers?: Record<string, string>,
) => Response;

/**
 * JSON answers of the API: serialised once, gzipped in one pass (fast level; lists of repeated keys
 * compress well even so) only when they are large enough for it to pay, and sent with their length. No
 * stream, no second read of the body. Event streams and media never go through `c.json`.
 */
export const compressJson = (): MiddlewareHandler => async (c, next) => {
  if (/\bgzip\b/i.test(c.req.header('Accept-Encoding') ?? '')) {
    const body = c.body as unknown as Body;
    c.json = ((object: unknown, arg?: number | ResponseInit, headers?: Record<string, string>) => {
      const text = JSON.stringify(object);
      const type = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding', ...headers };
      if (text.length < COMPRESS_FROM_BYTES) return body(text, arg, type);
      const gzipped = gzipSync(text, { level: 1 });
      return body(gzipped, arg, { ...type, 'Content-Encoding': 'gzip' });
    }) as unknown as Json;
  }
  await next();
};
