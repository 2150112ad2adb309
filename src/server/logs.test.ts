import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './test/database';
import { sendRequest } from './test/partners';
import { startTestServer, type TestServer } from './test/server';
import { createUser, registrationBody, uniqueEmail } from './test/users';

interface LogLine {
  level: number;
  msg: string;
  component?: string;
  [key: string]: unknown;
}

/**
 * What an operator reading the server's logs sees when things go wrong: ids and codes, never the
 * addresses, names, titles or feedback that the failing mail or statement carried.
 */
describe.each(databases())('what the server logs on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      db: kind,
      requireEmailVerification: false,
      captureLogs: true,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const parsed = () => server.logs().map((line) => JSON.parse(line) as LogLine);

  it('a mail server refusing the recipient: the failure is logged with its SMTP codes, never the address, the reply or the names in the mail', async () => {
    const sender = await createUser(server, { role: 'dominant', displayName: 'Ottilie Quellwasser' });
    const receiver = await createUser(server, {
      role: 'submissive',
      displayName: 'Jorg Privatmann',
      email: uniqueEmail('joerg.hidden'),
    });
    server.smtp.reject(receiver.email);
    const before = server.logs().length;

    await sendRequest(sender, receiver);
    await server.services.mail.drain();

    const lines = server.logs().slice(before);
    const entries = lines.map((line) => JSON.parse(line) as LogLine);
    // A refusal (5xx) is final: the row is marked dead at once, logged by its id and the SMTP codes.
    const givenUp = entries.find((e) => e.msg === 'outbox: given up, row marked dead');
    expect(givenUp).toMatchObject({
      kind: 'mail',
      mailKind: 'connection-request',
      attempts: 1,
      code: 'mail:550',
      smtpCode: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
    });
    expect(givenUp?.outboxId).toEqual(expect.any(String));
    const text = lines.join('\n');
    for (const secret of [
      receiver.email,
      'joerg.hidden',
      'Recipient address rejected',
      '5.1.1',
      'all recipients were rejected',
      'Ottilie',
      'Quellwasser',
      'Privatmann',
    ]) {
      expect(text).not.toContain(secret);
    }
    // Nothing else in the whole log carries them either (the mails that went out, the requests).
    const all = server.logs().join('\n');
    for (const secret of [receiver.email, sender.email, 'Quellwasser', 'Privatmann']) {
      expect(all).not.toContain(secret);
    }
  });

  it('a statement failing inside the auth library is logged with its SQLSTATE and constraint, never its query or values', async () => {
    const db = server.database.db;
    await db.execute(
      sql.raw(
        `alter table users add constraint logs_test_refused check (display_name <> 'Rosamunde Geheim') not valid`,
      ),
    );
    try {
      const body = registrationBody({ displayName: 'Rosamunde Geheim', email: uniqueEmail('rosamunde') });
      const before = server.logs().length;
      const response = await server.api.auth.register.$post({ json: body });
      expect(response.status).toBeGreaterThanOrEqual(400);

      const lines = server.logs().slice(before);
      const fromAuth = lines
        .map((line) => JSON.parse(line) as LogLine)
        .filter((e) => e.component === 'auth' && e.level >= 50);
      expect(fromAuth.length).toBeGreaterThan(0);
      expect(JSON.stringify(fromAuth)).toContain('23514');
      expect(JSON.stringify(fromAuth)).toContain('logs_test_refused');
      const text = lines.join('\n');
      for (const secret of [body.email, 'rosamunde', 'Rosamunde', 'Geheim', 'insert into', 'params']) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await db.execute(sql.raw('alter table users drop constraint logs_test_refused'));
    }
  });

  it("the auth library's own messages keep their words but not the values they quote", async () => {
    const context = await server.services.auth.$context;
    const before = server.logs().length;
    context.logger.info('Sign-up attempt for existing email: lotte.secret@example.com');
    context.logger.error('Invalid callbackURL: https://evil.example/?who=lotte.secret@example.com');
    context.logger.error(
      'Failed query: select "id" from "users" where "users"."email" = $1\nparams: lotte.secret@example.com',
    );
    context.logger.warn(
      'Invalid password',
      { email: 'lotte.secret@example.com' },
      'lotte.secret@example.com',
    );
    const entries = parsed()
      .slice(before)
      .filter((e) => e.component === 'auth');
    expect(entries.map((e) => e.msg)).toEqual(
      expect.arrayContaining(['Invalid callbackURL', 'Failed query', 'Invalid password']),
    );
    const text = server.logs().slice(before).join('\n');
    for (const secret of ['lotte.secret', 'evil.example', 'select "id"', 'params']) {
      expect(text).not.toContain(secret);
    }
  });
});
