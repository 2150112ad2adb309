import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { isValidTimeZone } from '@/shared/domain/schedule';
import { TIME_ZONE_COOKIE } from '@/shared/routes';
import { themeIn } from '@/shared/texts/appearance';
import type { Logger } from '../logger';
import { isDiscreet, MANIFEST_PATH, sendDiscreetManifest } from './discreet';
import { contentSecurityPolicy } from './security-headers';
import { loadWebRoot, sendWebFile } from './web-files';

export interface WebAppOptions {
  /** The browser's build (`dist/web/client`): assets and the prerendered pages; null under Vite's dev server. */
  clientDir: string | null;
  /** The server build's request handler module (`dist/web/server/index.js`), or the dev server's. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Answers a request inside the app (the same middleware, session and routes as the browser's). */
  fetch: (request: Request, env: unknown) => Response | Promise<Response>;
  log: Logger;
  mode?: 'production' | 'development';
  /** The server's clock (tests set it). */
  now?: () => number;
  /** The app's public origin (APP_URL): a page's form is accepted from it or from the request's own. */
  appOrigin?: string;
}

/**
 * The web app behind the API (decision 048): a built file by its exact path; a prerendered page at its
 * address when the request has no query; any other path goes to React Router's request handler, whose
 * loaders read the API in-process with the request's cookie (`read`), and whose scripts carry this
 * response's CSP nonce. A rendered page may hold the user's data: never kept by a cache.
 */
export function mountWebApp(app: Hono, opts: WebAppOptions) {
  const web = opts.clientDir ? loadWebRoot(opts.clientDir) : { files: new Map(), pages: new Map() };
  // React Router (and React with it) is loaded on the first page, after `main` has chosen the production
  // builds by NODE_ENV: a static import would load React's development build before that.
  let handler: Promise<(request: Request, context: AppLoadContext) => Promise<Response>> | null = null;
  const handle = (request: Request, context: AppLoadContext) => {
    handler ??= import('react-router').then(({ createRequestHandler }) =>
      createRequestHandler(opts.build, opts.mode ?? 'production'),
    );
    return handler.then((h) => h(request, context));
  };
  const now = opts.now ?? Date.now;
  /** The zone a page's dates are rendered in: the one the browser told (its cookie), else UTC. */
  const timeZoneOf = (c: Context) => {
    const chosen = getCookie(c, TIME_ZONE_COOKIE);
    return chosen && isValidTimeZone(chosen) ? chosen : 'UTC';
  };

  const reader = (c: Context) => {
    const headers: Record<string, string> = {};
    const cookie = c.req.header('cookie');
    if (cookie) headers.cookie = cookie;
    const agent = c.req.header('user-agent');
    if (agent) headers['user-agent'] = agent;
    const fetchOnce = async (path: string): Promise<unknown> => {
      const response = await opts.fetch(new Request(new URL(path, c.req.url), { headers }), c.env);
      if (response.ok) return response.json();
      await response.body?.cancel();
      return null;
    };
    // One answer per path for the whole page: the layout and its page both read who is signed in.
    const answers = new Map<string, Promise<unknown>>();
    return (path: string): Promise<unknown> => {
      let answer = answers.get(path);
      if (!answer) {
        answer = fetchOnce(path);
        answers.set(path, answer);
      }
      return answer;
    };
  };

  /**
   * Sends a page's form on to the API in-process, as the browser would have with its code running: the same
   * cookie, client and connection (so the same session and the same limits by address). Only for a form
   * posted from Pact's own pages (`app.post` below checks the origin first).
   */
  const submitter =
    (c: Context) =>
    async (path: string, body: unknown): Promise<SubmitAnswer> => {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        origin: new URL(c.req.url).origin,
      };
      for (const name of ['cookie', 'user-agent', 'x-forwarded-for']) {
        const value = c.req.header(name);
        if (value) headers[name] = value;
      }
      const response = await opts.fetch(
        new Request(new URL(path, c.req.url), { method: 'POST', headers, body: JSON.stringify(body) }),
        c.env,
      );
      return {
        status: response.status,
        body: await response.json().catch(() => null),
        setCookie: response.headers.getSetCookie(),
      };
    };

  const render = async (c: Context, request = c.req.raw) => {
    const nonce = randomBytes(16).toString('base64');
    try {
      const response = await handle(request, {
        read: reader(c),
        submit: submitter(c),
        nonce,
        renderedAt: now(),
        timeZone: timeZoneOf(c),
        discreet: isDiscreet(c),
        theme: themeIn(c.req.header('cookie')),
      });
      const headers = new Headers(response.headers);
      headers.set('Content-Security-Policy', contentSecurityPolicy([`'nonce-${nonce}'`]));
      headers.set('Cache-Control', 'no-store');
      headers.set('Vary', 'Cookie');
      return new Response(response.body, { status: response.status, headers });
    } catch (error) {
      opts.log.error({ err: error, path: c.req.path }, 'page not rendered');
      throw error;
    }
  };

  app.get('*', async (c) => {
    const discreet = isDiscreet(c);
    // Discreet mode (decision 081): the manifest under the neutral name, asked for by the cookie or the
    // address the discreet page links.
    if (c.req.path === MANIFEST_PATH && (discreet || c.req.query('discreet') !== undefined)) {
      return sendDiscreetManifest(c, web.files.get(MANIFEST_PATH));
    }
    const file = web.files.get(c.req.path);
    if (file) return sendWebFile(c, file, 200, c.req.path === MANIFEST_PATH ? 'Cookie' : undefined);
    // A file the build did not write (a chunk of another version) is missing, not a page.
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    const url = new URL(c.req.url);
    // A discreet device's page is rendered for it: the prerendered one names Pact in its head. So is the page
    // of a device that chose a scheme (decision 089): the prerendered one follows the system's.
    const chosen = discreet || themeIn(c.req.header('cookie')) !== 'system';
    const page = url.search || chosen ? undefined : web.pages.get(c.req.path.replace(/(.)\/+$/, '$1'));
    if (page) return sendWebFile(c, page);
    return render(c);
  });

  /**
   * Whether a POST comes from one of Pact's own pages. The browser names the origin of a form it sends, but
   * under Pact's `no-referrer` policy as "null": then its `Sec-Fetch-Site`, which no page can forge, says
   * whether the form was on this site. Neither, and the form is refused.
   */
  const fromOwnPage = (c: Context) => {
    const origin = c.req.header('origin');
    if (origin && origin !== 'null') return origin === opts.appOrigin || origin === new URL(c.req.url).origin;
    return c.req.header('sec-fetch-site') === 'same-origin';
  };

  // A page's form sent before its code ran (the login, decision 048): only from Pact's own pages. Another
  // site's form could sign the user in to someone else's account (login forgery), so it is refused before
  // anything is read.
  app.post(
    '*',
    bodyLimit({ maxSize: PAGE_FORM_LIMIT, onError: (c) => c.text('Form too large', 413) }),
    (c) => {
      if (!fromOwnPage(c)) return c.text('Forms are accepted only from Pact itself', 403);
      // Checked: React Router's own check then sees the page's origin, not the "null" of the policy.
      const headers = new Headers(c.req.raw.headers);
      headers.set('origin', new URL(c.req.url).origin);
      return render(c, new Request(c.req.raw, { headers, duplex: 'half' } as RequestInit));
    },
  );
}

/** What the API answered a page's form: its status, its JSON body, and the cookies it set (a session). */
export interface SubmitAnswer {
  status: number;
  body: unknown;
  setCookie: string[];
}

/** A page's form holds a few short fields: anything larger is not one of Pact's. */
const PAGE_FORM_LIMIT = 16 * 1024;
