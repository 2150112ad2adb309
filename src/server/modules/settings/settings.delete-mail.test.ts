import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { passwordResetMail } from '../../email/templates';
import { databases } from '../../test/database';
import { sendRequest } from '../../test/partners';
import { expectBody } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, type TestUser } from '../../test/users';

/**
 * Deleting an account takes its mails with it (decision 037): the unsent ones in the outbox and, on an
 * installation without SMTP_URL, the ones written to DATA_DIR/outbox as files, which carry its address,
 * its name and its links.
 */
describe.each(databases())('a deleted account’s mail on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false, mailToFiles: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  const mailDir = () => path.join(server.dataDir, 'outbox');
  const filesTo = (user: TestUser) =>
    readdirSync(mailDir()).filter((name) =>
      readFileSync(path.join(mailDir(), name), 'utf8').includes(`To: ${user.email}`),
    );
  const deleteMe = (user: TestUser) =>
    user.client.fetch('/api/me', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: 'DELETE' }),
    });

  it('removes its .eml files and its queued outbox rows, and nobody else’s', async () => {
    const leaving = await createUser(server, { role: 'submissive', displayName: 'Leaving Lou' });
    const staying = await createUser(server, { role: 'dominant', displayName: 'Staying Sal' });
    await sendRequest(staying, leaving);
    for (const email of [leaving.email, staying.email]) {
      const response = await server.api.auth['forgot-password'].$post({ json: { email } });
      expect(response.status).toBe(200);
    }
    await server.mailsSettled();
    expect(filesTo(leaving)).toHaveLength(2);
    expect(filesTo(staying)).toHaveLength(1);
    // A mail still waiting for a retry, for each of them.
    for (const user of [leaving, staying]) {
      await server.database.db.insert(outbox).values({
        kind: 'mail',
        userId: user.id,
        attempts: 1,
        runAfter: new Date(server.clock.now().getTime() + 60 * 60 * 1000),
        payload: passwordResetMail(user.email, user.displayName, 'https://x.test/r'),
      });
    }

    expect(await expectBody(await deleteMe(leaving), 200)).toEqual({ partnershipsAffected: 0 });

    expect(filesTo(leaving)).toEqual([]);
    expect(readdirSync(mailDir()).join('\n')).not.toContain(leaving.id);
    expect(await server.database.db.select().from(outbox).where(eq(outbox.userId, leaving.id))).toEqual([]);
    expect(filesTo(staying)).toHaveLength(1);
    expect(await server.database.db.select().from(outbox).where(eq(outbox.userId, staying.id))).toHaveLength(
      1,
    );
  });
});
