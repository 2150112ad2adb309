import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerRequests } from '../../db/schema';
import { databases } from '../../test/database';
import { createCouple, sendRequest } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, signIn, type TestUser } from '../../test/users';

/** People and rows that every refused call below could have changed, had it not been refused. */
interface Fixture {
  dominant: TestUser;
  submissive: TestUser;
  sender: TestUser;
  receiver: TestUser;
  stranger: TestUser;
  requestId: string;
  blockId: string;
}

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path; `id` replaces the id the route names, when it names one. */
  path: (f: Fixture, id?: string) => string;
  /** The JSON body field, for routes that take one. */
  field?: string;
  body?: (f: Fixture) => Record<string, unknown>;
  /** Who may call it: the bad-input tests run as this user, so that only validation can stop them. */
  actor: (f: Fixture) => TestUser;
}

const ROUTES: Record<string, Route> = {
  'POST /api/users/search': {
    method: 'POST',
    path: () => '/api/users/search',
    field: 'email',
    body: (f) => ({ email: f.sender.email }),
    actor: (f) => f.receiver,
  },
  'GET /api/partners': { method: 'GET', path: () => '/api/partners', actor: (f) => f.submissive },
  'DELETE /api/partners/:partnerId': {
    method: 'DELETE',
    path: (f, id = f.dominant.id) => `/api/partners/${id}`,
    actor: (f) => f.submissive,
  },
  'GET /api/partner-requests': {
    method: 'GET',
    path: () => '/api/partner-requests',
    actor: (f) => f.receiver,
  },
  'POST /api/partner-requests': {
    method: 'POST',
    path: () => '/api/partner-requests',
    field: 'receiverId',
    body: (f) => ({ receiverId: f.stranger.id }),
    actor: (f) => f.sender,
  },
  'GET /api/partner-requests/:id': {
    method: 'GET',
    path: (f, id = f.requestId) => `/api/partner-requests/${id}`,
    actor: (f) => f.receiver,
  },
  'POST /api/partner-requests/:id/accept': {
    method: 'POST',
    path: (f, id = f.requestId) => `/api/partner-requests/${id}/accept`,
    actor: (f) => f.receiver,
  },
  'POST /api/partner-requests/:id/reject': {
    method: 'POST',
    path: (f, id = f.requestId) => `/api/partner-requests/${id}/reject`,
    actor: (f) => f.receiver,
  },
  'POST /api/partner-requests/:id/block': {
    method: 'POST',
    path: (f, id = f.requestId) => `/api/partner-requests/${id}/block`,
    actor: (f) => f.receiver,
  },
  'GET /api/blocks': { method: 'GET', path: () => '/api/blocks', actor: (f) => f.receiver },
  'POST /api/blocks': {
    method: 'POST',
    path: () => '/api/blocks',
    field: 'userId',
    body: (f) => ({ userId: f.stranger.id }),
    actor: (f) => f.receiver,
  },
  'DELETE /api/blocks/:id': {
    method: 'DELETE',
    path: (f, id = f.blockId) => `/api/blocks/${id}`,
    actor: (f) => f.receiver,
  },
};

const ALL = Object.keys(ROUTES);
const WITH_ID = ALL.filter((name) => name.includes('/:'));
const WITH_BODY = ALL.filter((name) => ROUTES[name]!.field);
const WRITES = ALL.filter((name) => ROUTES[name]!.method !== 'GET');
const BODYLESS_WRITES = WRITES.filter((name) => !ROUTES[name]!.field);

const uuid = '3f1c2a9e-8b7d-4c6e-9a5b-1d2e3f4a5b6c';
const BAD_IDS = [
  'not-a-uuid',
  '123',
  `${uuid}x`,
  uuid.slice(0, -1),
  uuid.replace(/-/g, ''),
  `{${uuid}}`,
  "' or '1'='1",
  '%00',
  `${uuid}%20`,
  'null',
  'x'.repeat(2_000),
];

describe.each(databases())('partner routes refuse bad input and strangers on %s', (kind) => {
  let server: TestServer;
  let f: Fixture;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    const [{ dominant, submissive }, sender, receiver, stranger, blocked] = await Promise.all([
      createCouple(server),
      createUser(server, { role: 'dominant', displayName: 'Hidden Sender' }),
      createUser(server, { role: 'submissive', displayName: 'Hidden Receiver' }),
      createUser(server, { role: 'dominant' }),
      createUser(server),
    ]);
    const { id: requestId } = await sendRequest(sender, receiver);
    const response = await receiver.api.blocks.$post({ json: { userId: blocked.id } });
    const { blocked: block } = await expectBody(response, 201);
    f = { dominant, submissive, sender, receiver, stranger, requestId, blockId: block.id };
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Sends, checks for a 4xx `{ error: { code, message } }` and that no row changed. */
  async function refused(
    send: () => Promise<Response>,
    status: number,
    code?: string,
    message?: string,
  ): Promise<{ error: { code: string; message: string } }> {
    const before = await server.rowCounts();
    const response = await send();
    const body = await expectError(response, status, code, message);
    expect(await server.rowCounts()).toEqual(before);
    return body;
  }

  const call = (route: Route, init: RequestInit = {}, id?: string, who?: TestUser) =>
    (who ?? route.actor(f)).client.fetch(route.path(f, id), { method: route.method, ...init });

  describe('without a valid session: 401 "Not authenticated" on every route', () => {
    it.each(ALL)('%s', async (name) => {
      const route = ROUTES[name]!;
      const init = (cookie?: string): RequestInit => ({
        method: route.method,
        headers: {
          ...(route.body ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          ...(route.method === 'GET' ? {} : { origin: server.url }),
        },
        body: route.body ? JSON.stringify(route.body(f)) : undefined,
      });
      // No cookie, a forged one, and the cookie of a session that has ended.
      const ended = await signIn(server, f.receiver);
      const endedCookie = `pact.session_token=${ended.sessionCookie()}`;
      expect((await ended.post('/api/auth/logout')).status).toBe(200);
      for (const cookie of [undefined, 'pact.session_token=forged.value', endedCookie]) {
        await refused(
          () => server.request(route.path(f), init(cookie)),
          401,
          'NOT_AUTHENTICATED',
          'Not authenticated',
        );
      }
    });
  });

  describe('a stranger learns nothing and changes nothing', () => {
    const targeted = WITH_ID.filter((name) => !name.startsWith('GET'));
    it.each(targeted)('%s answers 404', async (name) => {
      await refused(() => call(ROUTES[name]!, {}, undefined, f.stranger), 404, 'NOT_FOUND');
    });

    it('GET /api/partner-requests/:id answers 404 with the same text as for a missing request', async () => {
      const mine = await refused(
        () => call(ROUTES['GET /api/partner-requests/:id']!, {}, undefined, f.stranger),
        404,
      );
      const missing = await refused(
        () => call(ROUTES['GET /api/partner-requests/:id']!, {}, randomUUID(), f.stranger),
        404,
      );
      expect(mine).toEqual(missing);
      expect(mine.error.message).toBe('Connection request not found or has been deleted');
    });

    it("the stranger's own lists hold nothing of anyone else", async () => {
      for (const path of ['/api/partners', '/api/partner-requests', '/api/blocks', '/api/notifications']) {
        const response = await f.stranger.client.get(path);
        expect(response.status).toBe(200);
        const text = await response.text();
        for (const user of [f.dominant, f.submissive, f.sender, f.receiver]) {
          expect(text, path).not.toContain(user.id);
        }
        expect(text).not.toContain('Hidden');
      }
    });
  });

  describe('ids in the path that are not uuids: 400 VALIDATION_ERROR', () => {
    describe.each(WITH_ID)('%s', (name) => {
      it.each(BAD_IDS)('%j', async (id) => {
        const body = await refused(
          () => call(ROUTES[name]!, {}, encodeURIComponent(id).replace(/%25/g, '%')),
          400,
          'VALIDATION_ERROR',
        );
        expect(body.error.message).toBe('Invalid id');
      });
    });
  });

  describe('bodies', () => {
    const bodies = (field: string): [string, string][] => [
      ['{}', '{}'],
      ['null', 'null'],
      ['an array', '[]'],
      ['a number', '42'],
      ['a string', '"hello"'],
      ['true', 'true'],
      ['an array of the object', JSON.stringify([{ [field]: randomUUID() }])],
      ['a number for the field', JSON.stringify({ [field]: 1 })],
      ['null for the field', JSON.stringify({ [field]: null })],
      ['true for the field', JSON.stringify({ [field]: true })],
      ['an array for the field', JSON.stringify({ [field]: [uuid] })],
      ['an object for the field', JSON.stringify({ [field]: { $ne: '' } })],
      ['an empty string', JSON.stringify({ [field]: '' })],
      ['a non-uuid string', JSON.stringify({ [field]: 'not-a-uuid' })],
      ['a uuid with a space', JSON.stringify({ [field]: ` ${uuid}x` })],
      ['a 10 kB string', JSON.stringify({ [field]: `${'e'.repeat(10_000)}@example.com` })],
      ['a 255-character address', JSON.stringify({ [field]: `x@${'a'.repeat(249)}.com` })],
      ['the field under another name', JSON.stringify({ [`${field}s`]: uuid, id: uuid })],
    ];

    describe.each(WITH_BODY)('%s', (name) => {
      const route = ROUTES[name]!;
      it.each(bodies(route.field!))('refuses %s with 400 VALIDATION_ERROR', async (_, body) => {
        await refused(
          () => call(route, { headers: { 'content-type': 'application/json' }, body }),
          400,
          'VALIDATION_ERROR',
        );
      });

      it.each(['{"email":', '{email: "a@b.co"}', "{'a':1}", '{"a":1,}', '\u0000', '{"receiverId":"x"'])(
        'refuses the malformed JSON %j with 400 MALFORMED_JSON',
        async (body) => {
          await refused(
            () => call(route, { headers: { 'content-type': 'application/json' }, body }),
            400,
            'MALFORMED_JSON',
          );
        },
      );

      it('refuses a JSON body without a Content-Type as 415', async () => {
        await refused(
          () => call(route, { body: new TextEncoder().encode(JSON.stringify(route.body!(f))) }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      });
    });
  });

  describe('writes refuse other content types, other origins and huge bodies', () => {
    describe.each(WRITES)('%s', (name) => {
      const route = ROUTES[name]!;
      const valid = () => JSON.stringify(route.body ? route.body(f) : {});

      it.each([
        ['text/plain', 'json'],
        ['application/x-www-form-urlencoded', 'form'],
        ['multipart/form-data; boundary=x', 'multipart'],
      ])('refuses the Content-Type %j with 415', async (type, shape) => {
        const body =
          shape === 'json'
            ? valid()
            : shape === 'form'
              ? `${route.field ?? 'a'}=${encodeURIComponent(String(route.body?.(f)[route.field!] ?? '1'))}`
              : '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--';
        await refused(
          () => call(route, { headers: { 'content-type': type }, body }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      });

      it.each(['https://evil.example', 'null'])('refuses the Origin %j with 403', async (origin) => {
        await refused(
          () =>
            call(route, {
              headers: { 'content-type': 'application/json', origin },
              body: route.body ? valid() : undefined,
            }),
          403,
          'CROSS_ORIGIN',
        );
      });

      it('refuses a 100 kB body with 413', async () => {
        await refused(
          () =>
            call(route, {
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ ...(route.body?.(f) ?? {}), padding: 'x'.repeat(100_000) }),
            }),
          413,
          'PAYLOAD_TOO_LARGE',
        );
      });
    });
  });

  describe('writes without a body ignore one they are sent', () => {
    it.each(BODYLESS_WRITES)('%s still refuses a stranger with 404', async (name) => {
      await refused(
        () =>
          call(
            ROUTES[name]!,
            { headers: { 'content-type': 'application/json' }, body: '{"force":true}' },
            undefined,
            f.stranger,
          ),
        404,
        'NOT_FOUND',
      );
    });
  });

  it('after all of the above, the fixture is as it was', async () => {
    const [request] = await server.database.db
      .select()
      .from(partnerRequests)
      .where(eq(partnerRequests.id, f.requestId));
    expect(request?.status).toBe('pending');
    const partners = await (await f.submissive.api.partners.$get()).json();
    expect(partners.partners.map((p) => p.id)).toEqual([f.dominant.id]);
    const blocks = await (await f.receiver.api.blocks.$get()).json();
    expect(blocks.blocked.map((b) => b.id)).toEqual([f.blockId]);
    const requests = await (await f.sender.api['partner-requests'].$get()).json();
    expect(requests.requests.map((r) => r.id)).toEqual([f.requestId]);
  });
});
