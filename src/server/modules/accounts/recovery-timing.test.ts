import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInit } from '../../test/client';
import { startTestServer, type TestServer } from '../../test/server';
import { registerAndVerify } from '../../test/users';
import { median } from '../../test/wait';

describe('forgot-password with a slow mail server', () => {
  let server: TestServer;
  let known: string;
  const SMTP_DELAY_MS = 400;

  beforeAll(async () => {
    server = await startTestServer({ smtpDelayMs: SMTP_DELAY_MS });
    ({ email: known } = await registerAndVerify(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  async function timeForgot(email: string) {
    const started = performance.now();
    const response = await server.request('/api/auth/forgot-password', jsonInit('POST', { email }));
    const ms = performance.now() - started;
    expect(response.status).toBe(200);
    return ms;
  }

  it('answers as fast for a known address as for an unknown one: the mail goes out after the answer', async () => {
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      knownTimes.push(await timeForgot(known));
      unknownTimes.push(await timeForgot(`nobody-${i}-${Date.now()}@example.com`));
    }
    // The slow peer holds each message for SMTP_DELAY_MS; an answer that waited for it would be that slow.
    const ratio = median(knownTimes) / median(unknownTimes);
    expect(
      ratio,
      `known ${knownTimes.map(Math.round)} ms, unknown ${unknownTimes.map(Math.round)} ms`,
    ).toBeLessThan(3);
    // And the mails do arrive.
    await server.smtp.waitForMail(known, (m) => m.subject === 'Reset your Pact password', 15_000);
  });
});
