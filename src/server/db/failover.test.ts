import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../test/event-stream';
import { type Couple, createCouple } from '../test/partners';
import { expectError } from '../test/responses';
import { startTestServer, type TestServer } from '../test/server';
import { createTask } from '../test/tasks';

const url = process.env.TEST_DATABASE_URL;

/** Ends every connection of the app's database but the caller's, as a failover or a restart does. */
async function terminateAppConnections(server: TestServer) {
  const name = new URL(server.database.url!).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return killed.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe.runIf(url)('a PostgreSQL failover under load', () => {
  let server: TestServer;
  let couple: Couple;

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', requireEmailVerification: false });
    couple = await createCouple(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps serving: requests caught by it answer 503, the next ones work, nothing answers 500', async () => {
    const writes = Array.from({ length: 40 }, (_, i) =>
      couple.dominant.client.post('/api/tasks', {
        title: `Under load ${i}`,
        dueDate: server.clock.now().getTime() + 86_400_000,
        assignedTo: couple.submissive.id,
      }),
    );
    // Writes in flight (busy connections, open transactions) when the server ends every connection.
    const killed = terminateAppConnections(server);
    const answers = await Promise.all(writes);
    expect(await killed).toBeGreaterThan(0);
    for (const answer of answers) {
      expect([201, 503], await answer.clone().text()).toContain(answer.status);
      if (answer.status === 503) await expectError(answer, 503, 'UNAVAILABLE');
    }
    // The process is still here, and the next request gets a fresh connection.
    const task = await createTask(server, couple, { title: 'After the failover' });
    expect(task.title).toBe('After the failover');
    expect((await server.request('/api/health')).status).toBe(200);
  });

  it('the LISTEN connection comes back; open streams are closed so that clients reconnect and refetch', async () => {
    const stream = await openEventStream(couple.submissive.client);
    expect(await terminateAppConnections(server)).toBeGreaterThan(0);
    // Events may have been missed while the bus was down: the stream ends, the browser reconnects
    // and refetches what it shows.
    await stream.ended;
    const fresh = await openEventStream(couple.submissive.client);
    try {
      // Delivery works again through the new LISTEN connection.
      await expect
        .poll(
          async () => {
            const task = await createTask(server, couple, { title: 'Heard again' });
            return fresh
              .next('task.changed', (d: { taskId: string }) => d.taskId === task.id, 2_000)
              .then(() => true)
              .catch(() => false);
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe(true);
    } finally {
      fresh.close();
    }
  });
});
