import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { isValidTimeZone } from '@/shared/domain/schedule';
import { TIME_ZONE_COOKIE } from '@/shared/routes';
import type { Logger } from '../logger';

/**
 * The web app's server renderer (src/web/server-render.tsx, bundled at build time into dist/render): which
 * API reads a signed-in page is drawn with, and the drawing (decision 033).
 */
export interface PageDrawer {
  readsFor(pathname: string): string[] | null;
  /** Reads that need the first ones' answers (the contract with each partner). */
  readsAfter(pathname: string, answers: Record<string, unknown>): string[];
  drawSignedInPage(
    url: string,
    answers: Record<string, unknown>,
    opts: { now: number; timeZone: string },
  ): Promise<{ html: string; boot: string } | null>;
}

/** The preload of /api/me a written page carries: a drawn page has the answer in it already. */
const ME_PRELOAD = /\s*<link rel="preload" as="fetch" crossorigin href="\/api\/me">/;

/**
 * Splits a written page (decision 018) around the markup of its root element: the server puts the drawn
 * markup, and the boot data after it, in its place. Null when the page is not in the expected shape.
 */
export function templateOf(html: string, name: string) {
  const open = `<div id="root" data-prerendered="${name}">`;
  const start = html.indexOf(open);
  const end = html.lastIndexOf('</div>', html.lastIndexOf('</body>'));
  if (start < 0 || end < start) return null;
  return {
    before: html.slice(0, start).replace(ME_PRELOAD, ''),
    open: `<div id="root" data-prerendered="${name}" data-drawn="server">`,
    after: html.slice(end),
  };
}

/**
 * The renderer, loaded on the first page it is asked to draw (so that a server that never draws one never
 * loads React). Null, and pages are sent as written, when it cannot be loaded; that is logged once.
 */
export function lazyDrawer(load: () => Promise<PageDrawer>, log: Logger): () => Promise<PageDrawer | null> {
  let loading: Promise<PageDrawer | null> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      log.error({ err: error }, 'the page renderer could not be loaded; pages are sent as written');
      return null;
    });
    return loading;
  };
}

interface DrawOptions {
  /** Answers a request inside the app (the same middleware, session and routes as the browser's). */
  fetch: (request: Request, env: unknown) => Response | Promise<Response>;
  drawer: () => Promise<PageDrawer | null>;
  template: { before: string; open: string; after: string };
  now: () => number;
  log: Logger;
}

/**
 * Draws a signed-in page on the server with the data its first render needs, so that it paints with its
 * content before any script runs (decision 033). The reads go through the app itself with the request's
 * cookie: exactly what the browser would have been answered. Null (and the written page is sent instead)
 * for a visitor, a page the server does not draw, or any failure, which is logged by its code.
 */
export async function drawnPage(c: Context, opts: DrawOptions): Promise<Response | null> {
  const cookie = c.req.header('cookie') ?? '';
  if (!cookie.includes('session_token=')) return null;
  const drawer = await opts.drawer();
  const reads = drawer?.readsFor(c.req.path);
  if (!drawer || !reads) return null;
  try {
    const headers: Record<string, string> = { cookie };
    const agent = c.req.header('user-agent');
    if (agent) headers['user-agent'] = agent;
    // The page is drawn as of the moment its reads begin: a change after it is one the browser refetches
    // (its stream says whether any came since, decision 035).
    const now = opts.now();
    const answers: Record<string, unknown> = {};
    const read = (paths: string[]) =>
      Promise.all(
        paths.map(async (path) => {
          const response = await opts.fetch(new Request(new URL(path, c.req.url), { headers }), c.env);
          if (response.ok) answers[path] = await response.json();
          else await response.body?.cancel();
        }),
      );
    await read(reads);
    await read(drawer.readsAfter(c.req.path, answers));
    const chosen = getCookie(c, TIME_ZONE_COOKIE);
    const stored = (answers['/api/me'] as { user?: { timeZone?: string } | null } | undefined)?.user
      ?.timeZone;
    const timeZone = [chosen, stored].find((tz): tz is string => !!tz && isValidTimeZone(tz)) ?? 'UTC';
    const url = new URL(c.req.url);
    const drawn = await drawer.drawSignedInPage(url.pathname + url.search, answers, {
      now,
      timeZone,
    });
    if (!drawn) return null;
    const { before, open, after } = opts.template;
    const bootScript = `<script type="application/json" id="pact-boot">${drawn.boot}</script>`;
    return c.html(`${before}${open}${drawn.html}</div>${bootScript}${after.slice('</div>'.length)}`, 200, {
      // What only this user may see: never kept by the browser or anything between.
      'Cache-Control': 'no-store',
      Vary: 'Cookie',
    });
  } catch (error) {
    opts.log.warn({ err: error, path: c.req.path }, 'page not drawn on the server; the written page is sent');
    return null;
  }
}
