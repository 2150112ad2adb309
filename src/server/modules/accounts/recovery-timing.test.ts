import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInit } from '../../test/client';
import { startTestServer, type TestServer } from '../../test/server';
import { registerAndVerify } from '../../test/users';

describe('forgot-password with a mail server that does not accept', () => {
  let server: TestServer;
  let known: string;

  beforeAll(async () => {
    server = await startTestServer();
    ({ email: known } = await registerAndVerify(server));
  });
  afterAll(async () => {
    server?.smtp.hold(false);
    await server?.close();
  });

  /** The answer, or `'no answer'` when none came while the mail server held the message. */
  async function forgot(email: string) {
    const answer = server.request('/api/auth/forgot-password', jsonInit('POST', { email }));
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<'no answer'>((resolve) => {
      timer = setTimeout(() => resolve('no answer'), 10_000);
    });
    const first = await Promise.race([answer, silence]);
    clearTimeout(timer);
    return first;
  }

  it('answers a known address while its mail is still unsent, as it answers an unknown one: nothing tells them apart', async () => {
    server.smtp.hold(true);
    const forKnown = await forgot(known);
    const forUnknown = await forgot(`nobody-${Date.now()}@example.com`);
    expect(forKnown).not.toBe('no answer');
    expect(forUnknown).not.toBe('no answer');
    if (forKnown === 'no answer' || forUnknown === 'no answer') return;
    expect(forKnown.status).toBe(200);
    expect(forUnknown.status).toBe(200);
    expect(await forKnown.json()).toEqual(await forUnknown.json());
    // The reset mail is still waiting on the mail server, and goes out once it accepts.
    const mail = await server.smtp.waitForMail(
      known,
      (m) => m.subject === 'Reset your Pact password',
      15_000,
    );
    expect(server.smtp.heldCount).toBe(1);
    server.smtp.hold(false);
    expect(mail.to).toEqual([known.toLowerCase()]);
    expect(server.smtp.mailsTo(known).filter((m) => m.subject === 'Reset your Pact password')).toHaveLength(
      1,
    );
  });
});
