import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { passwordResetMail } from '../email/templates';
import { databases } from '../test/database';
import { sendRequest } from '../test/partners';
import { devicesOf, PUSH_TEST_SERVER, registerDevice } from '../test/push';
import { type PushPeer, startPushPeer } from '../test/push-peer';
import { startTestServer, type TestServer } from '../test/server';
import { createUser, uniqueEmail } from '../test/users';
import { retryDelayMs } from './runner';
import { OUTBOX_DEFAULTS } from './worker';

const RETRY = { retryMs: OUTBOX_DEFAULTS.retryMs, maxRetryMs: OUTBOX_DEFAULTS.maxRetryMs };

/**
 * The durable outbox (decision 037): mails and pushes are rows in the database, retried with doubling
 * pauses on the server's clock (moved by hand here: no waiting), sent once however many instances drain
 * them.
 */
describe.each(databases())('the outbox on %s', (kind) => {
  let server: TestServer;
  let peer: PushPeer;
  beforeAll(async () => {
    peer = await startPushPeer();
    server = await startTestServer({
      db: kind,
      requireEmailVerification: false,
      captureLogs: true,
      ...PUSH_TEST_SERVER,
      // No poll within a test: whatever leaves does so because a commit woke the worker, or a test ran it.
      outbox: { pollMs: 60 * 60 * 1000 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  const rowsOf = (userId: string) =>
    server.database.db.select().from(outbox).where(eq(outbox.userId, userId));

  it('a mail and a push written with a change leave right after its commit, without waiting for a poll', async () => {
    const sender = await createUser(server, { role: 'dominant' });
    const receiver = await createUser(server, { role: 'submissive' });
    const sub = peer.subscription();
    await registerDevice(receiver, sub);
    await sendRequest(sender, receiver);
    // Neither drained nor run by the test: the request's commit woke the worker.
    const mail = await server.smtp.waitForMail(receiver.email, undefined, 5_000);
    expect(mail.subject).toContain('wants to connect with you');
    await peer.waitFor(sub, 1, 5_000);
    expect(peer.pushesTo(sub)).toHaveLength(1);
  });

  it('a mail survives a mail server that is down: retried after 30 s, 1 min, 2 min on the clock, sent once when it is back', async () => {
    const sender = await createUser(server, { role: 'dominant', displayName: 'Quirin Sendling' });
    const receiver = await createUser(server, { role: 'submissive', displayName: 'Ysolde Empfang' });
    server.smtp.refuseConnections(true);
    try {
      await sendRequest(sender, receiver);
      const forgot = await server.api.auth['forgot-password'].$post({ json: { email: receiver.email } });
      expect(forgot.status).toBe(200);
      await server.mailsSettled();
      expect(server.smtp.mailsTo(receiver.email)).toHaveLength(0);
      let rows = (await rowsOf(receiver.id)).filter((r) => r.kind === 'mail');
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row).toMatchObject({ attempts: 1, lockedUntil: null, lastError: 'mail:421' });
        expect(row.runAfter.getTime()).toBe(server.clock.now().getTime() + 30_000);
      }

      // Not due a moment early; due on time, and the next pause is twice as long.
      server.clock.advance(29_999);
      await server.services.outbox.runDue();
      rows = (await rowsOf(receiver.id)).filter((r) => r.kind === 'mail');
      expect(rows.map((r) => r.attempts)).toEqual([1, 1]);
      server.clock.advance(1);
      await server.services.outbox.runDue();
      rows = (await rowsOf(receiver.id)).filter((r) => r.kind === 'mail');
      expect(rows.map((r) => r.attempts)).toEqual([2, 2]);
      for (const row of rows) expect(row.runAfter.getTime()).toBe(server.clock.now().getTime() + 60_000);
      server.clock.advance(60_000);
      await server.services.outbox.runDue();
      rows = (await rowsOf(receiver.id)).filter((r) => r.kind === 'mail');
      expect(rows.map((r) => r.attempts)).toEqual([3, 3]);
      expect(server.smtp.refused).toBeGreaterThanOrEqual(6);
    } finally {
      server.smtp.refuseConnections(false);
    }
    server.clock.advance(120_000);
    await server.services.outbox.runDue();
    await server.mailsSettled();
    const mails = server.smtp.mailsTo(receiver.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Quirin Sendling wants to connect with you on Pact',
      'Reset your Pact password',
    ]);
    expect(await rowsOf(receiver.id)).toEqual([]);
    // A later pass sends nothing again.
    server.clock.advance(24 * 60 * 60 * 1000);
    await server.services.outbox.runDue();
    expect(server.smtp.mailsTo(receiver.email)).toHaveLength(2);
    // The retries were logged by row id and code, never the address, the names or the subject.
    const logs = server.logs().join('\n');
    expect(logs).toContain('outbox: failed, will retry');
    for (const secret of [receiver.email, 'Ysolde', 'Empfang', 'Quirin', 'Reset your Pact password']) {
      expect(logs).not.toContain(secret);
    }
  });

  it('a mail that keeps failing is marked dead after its last attempt, about a day in, and logged by id', async () => {
    const user = await createUser(server, { role: 'submissive' });
    server.smtp.refuseConnections(true);
    try {
      await server.services.mail.enqueue(
        passwordResetMail(user.email, user.displayName, 'https://x.test/r'),
        {
          userId: user.id,
        },
      );
      await server.mailsSettled();
      let waited = 0;
      for (let attempt = 1; attempt < OUTBOX_DEFAULTS.maxAttempts; attempt++) {
        const [row] = await rowsOf(user.id);
        expect(row).toMatchObject({ attempts: attempt, lastError: 'mail:421' });
        const pause = retryDelayMs(attempt, RETRY);
        waited += pause;
        server.clock.advance(pause);
        await server.services.outbox.runDue();
      }
      expect(waited).toBeGreaterThan(20 * 60 * 60 * 1000);
      expect(waited).toBeLessThan(30 * 60 * 60 * 1000);
      const [dead] = await rowsOf(user.id);
      expect(dead).toMatchObject({ attempts: OUTBOX_DEFAULTS.maxAttempts, lastError: 'dead: mail:421' });
      expect(dead!.runAfter.getUTCFullYear()).toBe(9999);
      const line = server
        .logs()
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.msg === 'outbox: given up, row marked dead' && l.outboxId === dead!.id);
      expect(line).toMatchObject({ kind: 'mail', mailKind: 'password-reset', code: 'mail:421' });
      // Never due again.
      server.smtp.refuseConnections(false);
      server.clock.advance(7 * 24 * 60 * 60 * 1000);
      await server.services.outbox.runDue();
      expect(server.smtp.mailsTo(user.email)).toHaveLength(0);
    } finally {
      server.smtp.refuseConnections(false);
    }
  });

  it('a push survives a push service that is down: retried after 2, 4, 8 s on the clock, sent once when it is back', async () => {
    const user = await createUser(server, { role: 'submissive' });
    const sub = peer.subscription();
    await registerDevice(user, sub);
    const [device] = await devicesOf(server, user);
    peer.answer(sub, 503, 503, 503);
    const test = await user.api.push.test.$post();
    expect(test.status).toBe(202);
    await server.services.outbox.drain();
    expect(peer.pushesTo(sub)).toHaveLength(1);
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ kind: 'push', attempts: 1, lastError: 'push:failed' });
    expect((row!.payload as { tokenId: string }).tokenId).toBe(device!.id);
    for (const [attempts, pause] of [
      [1, 2_000],
      [2, 4_000],
      [3, 8_000],
    ] as const) {
      // Not a moment before its pause has passed.
      server.clock.advance(pause - 1);
      await server.services.outbox.runDue();
      expect(peer.pushesTo(sub)).toHaveLength(attempts);
      server.clock.advance(1);
      await server.services.outbox.runDue();
      expect(peer.pushesTo(sub)).toHaveLength(attempts + 1);
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('two instances draining one database send each mail once', async () => {
    const second = await startTestServer({
      db: kind,
      database: server.database,
      // One time for both, as instances kept in step by NTP.
      clock: server.clock,
      requireEmailVerification: false,
    });
    try {
      const addresses = Array.from({ length: 24 }, (_, i) => uniqueEmail(`race${i}`));
      await Promise.all(
        addresses.map((to) =>
          server.database.db
            .insert(outbox)
            .values({ kind: 'mail', userId: null, payload: passwordResetMail(to, 'R', 'https://x.test/r') }),
        ),
      );
      // Both workers at once, each woken several times.
      const a = server.services.outbox;
      const b = second.services.outbox;
      await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      await Promise.all([server.mailsSettled(), second.mailsSettled()]);
      for (const to of addresses) {
        const copies = server.smtp.mailsTo(to).length + second.smtp.mailsTo(to).length;
        expect(copies, to).toBe(1);
      }
      const remaining = await server.database.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
      expect(remaining.filter((r) => r.lastError === null)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
