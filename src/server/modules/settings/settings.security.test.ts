import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_EVENTS_KEPT } from '@/shared/domain/security';
import { recordSecurityEvent } from '../../auth/security-log';
import { securityEvents, sessions } from '../../db/schema';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { MALFORMED_BODIES } from '../../test/hostile';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, login, requestResetToken, signIn, type TestUser } from '../../test/users';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

describe.each(databases())('security log and sessions on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const logOf = async (user: TestUser) => expectBody(await user.api.me.security.$get(), 200);
  const codes = async (user: TestUser) => (await logOf(user)).events.map((e) => `${e.type}:${e.code}`);
  const signInWith = async (user: TestUser, userAgent: string) => {
    const client = server.client();
    const response = await client.post(
      '/api/auth/login',
      { email: user.email, password: user.password },
      { headers: { 'user-agent': userAgent } },
    );
    await expectBody(response, 200);
    return client;
  };

  it('records failures, the lock, sign-ins (a new device as suspicious) and a reset; scores them', async () => {
    const user = await createUser(server);
    expect(await codes(user)).toEqual(['other:account_created']);
    expect((await logOf(user)).score).toEqual({ score: 99, secure: true });

    expect((await login(server, user.email, 'Wrong-pass1!')).status).toBe(401);
    // The same (node) client as registration: a known device.
    await signIn(server, user);
    await signInWith(user, IPHONE);
    const log = await logOf(user);
    expect(log.events.map((e) => `${e.type}:${e.code}`)).toEqual([
      'suspicious_activity:new_device',
      'other:sign_in',
      'auth_failure:login_failed',
      'other:account_created',
    ]);
    expect(log.events[0]).toMatchObject({
      device: 'Safari on iPhone',
      details: expect.stringMatching(/^network /),
    });
    // 100 - 10 - 1 - 2 - 1
    expect(log.score).toEqual({ score: 86, secure: true });
    // Seen once, known since.
    await signInWith(user, IPHONE);
    expect((await codes(user))[0]).toBe('other:sign_in');

    for (let i = 0; i < 5; i++) expect((await login(server, user.email, 'Wrong-pass1!')).status).toBe(401);
    expect((await login(server, user.email, 'Wrong-pass1!')).status).toBe(429);
    // Recorded once per lock, however often the locked address is tried.
    expect((await login(server, user.email, user.password)).status).toBe(429);
    expect((await codes(user)).slice(0, 6)).toEqual([
      'rate_limit:login_locked',
      ...Array(5).fill('auth_failure:login_failed'),
    ]);

    await requestResetToken(server, user.email).then((token) =>
      server.api.auth['reset-password'].$post({
        json: { token, password: 'Fresh8$meadow', confirmPassword: 'Fresh8$meadow' },
      }),
    );
    const fresh = await signIn(server, { email: user.email, password: 'Fresh8$meadow' });
    const after = await expectBody(await fresh.api.me.security.$get(), 200);
    expect(after.events.slice(0, 2).map((e) => e.code)).toEqual(['sign_in', 'password_reset']);
    // No password and no address appear anywhere in the log.
    const text = JSON.stringify(after);
    for (const secret of ['Wrong-pass1!', 'Fresh8$meadow', user.password, user.email])
      expect(text).not.toContain(secret);
    expect(after.score.secure).toBe(false);
  });

  it('records nothing for an address without an account', async () => {
    const before = await server.count(securityEvents);
    expect((await login(server, 'nobody-here@example.com', 'Wrong-pass1!')).status).toBe(401);
    expect(await server.count(securityEvents)).toBe(before);
  });

  it('keeps at most 1,000 events per user, the newest, and shows the last 100', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const base = Date.now() - 3 * 24 * 60 * 60 * 1000;
    const db = server.database.db;
    await db.insert(securityEvents).values(
      Array.from({ length: SECURITY_EVENTS_KEPT }, (_, i) => ({
        userId: user.id,
        type: 'other' as const,
        code: `old_${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    await recordSecurityEvent(db, { userId: user.id, type: 'auth_failure', code: 'newest' }, new Date());
    const rows = await db.select().from(securityEvents).where(eq(securityEvents.userId, user.id));
    expect(rows).toHaveLength(SECURITY_EVENTS_KEPT);
    const kept = new Set(rows.map((r) => r.code));
    expect(kept.has('newest')).toBe(true);
    // The oldest went: the registration's and the first generated one.
    expect(kept.has('account_created')).toBe(false);
    expect(kept.has('old_0')).toBe(false);
    const log = await logOf(user);
    expect(log.events).toHaveLength(100);
    expect(log.events[0]?.code).toBe('newest');
    expect(log.score).toEqual({ score: 98, secure: true });
    // Nobody else's log changed or shows it.
    expect(await codes(other)).toEqual(['other:account_created']);
  });

  it('lists the active sessions without tokens and signs the others out, closing their streams', async () => {
    const user = await createUser(server);
    const phone = await signInWith(user, IPHONE);
    const laptop = await signInWith(user, FIREFOX);
    const listed = (await expectBody(await phone.api.me.sessions.$get(), 200)).sessions;
    expect(listed).toHaveLength(3);
    expect(listed.filter((s) => s.current).map((s) => s.device)).toEqual(['Safari on iPhone']);
    expect(listed.map((s) => s.device).sort()).toEqual([
      'Firefox on Linux',
      'Safari on iPhone',
      'Unknown device',
    ]);
    expect(JSON.stringify(listed)).not.toContain(phone.sessionCookie()!.split('.')[0]);
    for (const s of listed)
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'lastSeenAt']);

    const stream = await openEventStream(laptop);
    // Warm the laptop's session in the cache: the revocation must still reach it.
    await expectBody(await laptop.api.me.sessions.$get(), 200);
    const revoked = await expectBody(await phone.api.me.sessions['revoke-others'].$post(), 200);
    expect(revoked).toEqual({ revoked: 2 });
    await stream.ended;
    await expectError(await laptop.api.me.sessions.$get(), 401);
    await expectError(await user.api.me.sessions.$get(), 401);
    const mine = (await expectBody(await phone.api.me.sessions.$get(), 200)).sessions;
    expect(mine.map((s) => s.current)).toEqual([true]);
    expect((await expectBody(await phone.api.me.security.$get(), 200)).events[0]).toMatchObject({
      type: 'other',
      code: 'sessions_revoked',
      details: expect.stringContaining('2 other sessions signed out'),
    });
  });

  it('forgets sessions that have expired (their device and address) at the next maintenance', async () => {
    const user = await createUser(server);
    await signInWith(user, FIREFOX);
    const rows = () =>
      server.services.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .orderBy(sessions.createdAt);
    const [first, second] = await rows();
    expect(second).toBeDefined();
    await server.services.db
      .update(sessions)
      .set({ expiresAt: new Date(server.services.clock().getTime() - 60_000) })
      .where(eq(sessions.id, first!.id));
    await server.services.maintain();
    expect((await rows()).map((r) => r.id)).toEqual([second!.id]);
  });

  it('shows nobody else anything, and answers 401 without a session', async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    await expectBody(await b.api.me.sessions['revoke-others'].$post(), 200);
    const aSessions = (await expectBody(await a.api.me.sessions.$get(), 200)).sessions;
    expect(aSessions).toHaveLength(1);
    expect(await codes(a)).toEqual(['other:account_created']);
    const anonymous = server.client();
    await expectError(await anonymous.api.me.security.$get(), 401, 'NOT_AUTHENTICATED');
    await expectError(await anonymous.api.me.sessions.$get(), 401, 'NOT_AUTHENTICATED');
    await expectError(await anonymous.api.me.sessions['revoke-others'].$post(), 401, 'NOT_AUTHENTICATED');
  });

  it('takes no input on revoke-others: any body is ignored or refused below 500', async () => {
    const user = await createUser(server);
    for (const body of MALFORMED_BODIES.slice(0, 6)) {
      const response = await user.client.fetch('/api/me/sessions/revoke-others', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBeLessThan(500);
    }
    await expectBody(await user.api.me.sessions.$get(), 200);
  });
});
