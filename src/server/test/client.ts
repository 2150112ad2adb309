import { hc } from 'hono/client';
import type { AppType } from '../app';

export const SESSION_COOKIE = 'pact.session_token';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const typedApi = (origin: string, fetch: Fetch) => hc<AppType>(origin, { fetch }).api;

/**
 * The API typed from the routes (`AppType`), as the web app uses it: `api.tasks.$get()` answers a
 * response whose `json()` has the route's own body type. Refusals are read with `expectError`, and a
 * route that validates its input also lists the error shape among its bodies: `expectBody` strips it.
 */
export type Api = ReturnType<typeof typedApi>;

/** The API through plain `fetch`: no cookies, no Origin, redirects not followed. */
export const anonymousApi = (origin: string) =>
  typedApi(origin, (input, init) => fetch(input, { redirect: 'manual', ...init }));

export interface TestClient {
  /** The typed API, through this client's cookie jar. */
  api: Api;
  /** Raw requests, for the bodies, headers and types a typed call would not let a test send. */
  post(path: string, body?: unknown, init?: RequestInit): Promise<Response>;
  put(path: string, body?: unknown, init?: RequestInit): Promise<Response>;
  patch(path: string, body?: unknown, init?: RequestInit): Promise<Response>;
  get(path: string, init?: RequestInit): Promise<Response>;
  delete(path: string, init?: RequestInit): Promise<Response>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** The cookies the client holds, by name. */
  cookies: Map<string, string>;
  /** The value of the session cookie, or undefined. */
  sessionCookie(): string | undefined;
}

/** Who reads a list: a client, or a signed-in user (through their client). */
export type Reader = Pick<TestClient, 'api'>;

/**
 * A cookie jar that behaves like a browser on one origin: it keeps, replaces and expires cookies. Two
 * clients given one jar are one browser whose requests reach two instances.
 */
export function createClient(origin: string, cookies = new Map<string, string>()): TestClient {
  const store = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(val).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  };

  const send: Fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0 && !headers.has('cookie')) {
      headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const method = (init.method ?? 'GET').toUpperCase();
    // Browsers name the origin on every write.
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', origin);
    const url = new URL(input instanceof Request ? input.url : input, origin);
    const response = await fetch(url, { redirect: 'manual', ...init, headers });
    store(response);
    return response;
  };

  const withJson = (method: string, body: unknown, init: RequestInit = {}): RequestInit => {
    const headers = new Headers(init.headers);
    if (body !== undefined) headers.set('content-type', 'application/json');
    return { ...init, method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  };

  return {
    api: typedApi(origin, send),
    cookies,
    fetch: send,
    get: (p, init) => send(p, { ...init, method: 'GET' }),
    delete: (p, init) => send(p, { ...init, method: 'DELETE' }),
    post: (p, body, init) => send(p, withJson('POST', body, init)),
    put: (p, body, init) => send(p, withJson('PUT', body, init)),
    patch: (p, body, init) => send(p, withJson('PATCH', body, init)),
    sessionCookie: () => cookies.get(SESSION_COOKIE),
  };
}

/** The session cookie a response sets, as its whole Set-Cookie line. */
export const sessionCookieOf = (response: { headers: Headers }) =>
  response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));

/** A request with a JSON body, as a browser's fetch would send it. */
export const jsonInit = (
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
