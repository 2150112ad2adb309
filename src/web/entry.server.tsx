import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToReadableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { setZoneSource } from './lib/dates';

declare module 'react-router' {
  interface AppLoadContext {
    /** This response's CSP nonce, on every script the page carries (absent while prerendering). */
    nonce?: string;
  }
}

/** The zone of the page being rendered: each request's rendering runs inside its own. */
const zones = new AsyncLocalStorage<string>();
setZoneSource(() => zones.getStore());

/** How long a streamed page may wait for what it is still rendering before the rest is sent as it is. */
export const streamTimeout = 5_000;

/**
 * Renders a page to HTML on web streams, so that it runs inside the Hono server as it is (decision 048). A
 * prerendered page, and a page for a crawler, waits for all its content; a signed-in page streams.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  const nonce = loadContext.nonce;
  let failed = false;
  const stream = await zones.run(loadContext.timeZone ?? 'UTC', () =>
    renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        failed = true;
        if (!request.signal.aborted) console.error(error);
      },
    }),
  );
  if (routerContext.isSpaMode || !loadContext.read) await stream.allReady;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(stream, { headers, status: failed ? 500 : status });
}
