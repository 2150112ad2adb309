import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './test/database';
import { startTestServer, TestClock, type TestServer } from './test/server';

const HOUR = 60 * 60 * 1000;

/** The sweeps each instance's log says it ran. */
const sweepsRun = (server: TestServer) =>
  server
    .logs()
    .map((line) => JSON.parse(line) as { msg?: string; sweep?: string })
    .filter((entry) => entry.msg === 'maintenance: sweep ran')
    .map((entry) => entry.sweep!);

/**
 * Two instances on one database (decision 037): the maintenance each runs at start and every hour runs
 * each sweep once per hour between them, not once per instance.
 */
describe.each(databases())('the hourly maintenance of two instances on %s', (kind) => {
  let first: TestServer;
  let second: TestServer;
  const clock = new TestClock();
  let everySweep: string[] = [];
  beforeAll(async () => {
    // Half past an hour: both start within it.
    clock.set(new Date(Math.floor(Date.now() / HOUR) * HOUR + HOUR / 2));
    first = await startTestServer({ db: kind, clock, captureLogs: true });
    second = await startTestServer({ db: kind, clock, database: first.database, captureLogs: true });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('runs each sweep once at start, on the instance that started first', async () => {
    const atStart = sweepsRun(first);
    expect(atStart).toEqual(expect.arrayContaining(['media', 'links', 'sessions', 'limits', 'outbox']));
    expect(new Set(atStart).size).toBe(atStart.length);
    expect(sweepsRun(second)).toEqual([]);
    everySweep = atStart;
  });

  it('runs each sweep once an hour however the two race, and not again within the hour', async () => {
    clock.advance(HOUR);
    const [a, b] = await Promise.all([
      first.services.scheduledMaintenance(),
      second.services.scheduledMaintenance(),
    ]);
    const all = [...a, ...b];
    // Every sweep ran, each on one instance only.
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...sweepsRun(first).slice(0, everySweep.length)].sort());

    clock.advance(HOUR / 4);
    const again = await Promise.all([
      first.services.scheduledMaintenance(),
      second.services.scheduledMaintenance(),
    ]);
    expect(again.flat()).toEqual([]);
  });
});
