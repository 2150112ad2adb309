import { gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { markHeaded } from './security-headers';

/** Below this, gzip costs more time than the bytes it saves (most answers: one task, an ok). */
export const COMPRESS_FROM_BYTES = 1024;

type Json = Context['json'];
type Body = (
  data: string | Uint8Array,
  arg?: number | ResponseInit,
  headers?: Record<string, string>,
) => Response;

const allStrings = (headers: Record<string, unknown> | undefined) => {
  for (const name in headers) if (typeof headers[name] !== 'string') return false;
  return true;
};

/**
 * JSON answers of the API: serialised once, gzipped in one pass (fast level; lists of repeated keys
 * compress well even so) only when they are large enough for it to pay, and sent with their length. No
 * stream, no second read of the body. Event streams and media never go through `c.json`.
 *
 * With `headers` (the security headers, made once), an answer nothing else has put a header on is made
 * in one step with every header in one plain object, its Cache-Control included, and marked so that
 * securityHeaders leaves it alone (decision 045): the common answer never builds a Headers object.
 */
export const compressJson =
  (opts: { headers?: Readonly<Record<string, string>> } = {}): MiddlewareHandler =>
  async (c, next) => {
    const gzip = /\bgzip\b/i.test(c.req.header('Accept-Encoding') ?? '');
    const own = opts.headers;
    if (!gzip && !own) return next();
    // Someone else's header on the answer (a cookie, Retry-After…): Hono's own way merges it in.
    let touched = false;
    if (own) {
      const header = c.header;
      c.header = ((...args: Parameters<typeof header>) => {
        touched = true;
        return header(...args);
      }) as typeof header;
    }
    const body = c.body as unknown as Body;
    const json = c.json;
    c.json = ((object: unknown, arg?: number | ResponseInit, headers?: Record<string, string>) => {
      const fast = own && !touched && !c.finalized && typeof arg !== 'object' && allStrings(headers);
      if (!gzip && !fast) return json(object as never, arg as never, headers as never);
      const text = JSON.stringify(object);
      const zip = gzip && text.length >= COMPRESS_FROM_BYTES;
      const type: Record<string, string> = { 'Content-Type': 'application/json' };
      if (gzip) type.Vary = 'Accept-Encoding';
      if (zip) type['Content-Encoding'] = 'gzip';
      const data = zip ? gzipSync(text, { level: 1 }) : text;
      if (!fast) return body(data, arg, { ...type, ...headers });
      const status = (arg ?? 200) as ContentfulStatusCode;
      return markHeaded(
        new Response(data, { status, headers: { ...own, 'Cache-Control': 'no-store', ...type, ...headers } }),
      );
    }) as unknown as Json;
    await next();
  };
