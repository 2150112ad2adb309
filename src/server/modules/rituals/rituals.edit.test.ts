import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RitualAnswer } from '@/shared/schemas/rituals';
import { databases } from '../../test/database';
import { createCouple } from '../../test/partners';
import { expectBody } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { marked, ritualSet, ritualsOf } from './rituals.fixtures';

/**
 * A change of a ritual's days never applies to the past (decision 074): the days before it count as they
 * were marked, so a day added cannot turn past days into missed ones, nor a day removed take days kept away.
 */
describe.each(databases())('a ritual’s days changed, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });
  const at = (iso: string) => server.clock.set(new Date(iso));

  it('keeps the run kept on Mondays when every day is asked from Wednesday on; a name change moves nothing', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    at('2030-03-11T09:00:00Z'); // Monday 11 March in Berlin
    const ritual = await ritualSet(couple, { name: 'Tea', days: [1] });
    await marked(submissive, ritual.id, '2030-03-11', { mark: 'done' });
    at('2030-03-18T09:00:00Z');
    await marked(submissive, ritual.id, '2030-03-18', { mark: 'done' });
    at('2030-03-20T09:00:00Z'); // Wednesday: every day from now on
    const edit = (body: Record<string, unknown>) =>
      dominant.client.patch(`/api/rituals/${ritual.id}`, { name: 'Tea', time: '07:30', ...body });
    await expectBody(await edit({ days: [1, 2, 3, 4, 5, 6, 7] }), 200);
    await marked(submissive, ritual.id, '2030-03-20', { mark: 'done' });
    at('2030-03-21T09:00:00Z');
    const kept = await marked(submissive, ritual.id, '2030-03-21', { mark: 'partly' });
    // Tuesday the 12th to Sunday the 17th were not asked then: they break nothing.
    expect(kept.streak).toEqual({ current: 4, best: 4 });
    // Renamed with the same days: the days from which they apply stay, and so does the run.
    const renamed = (await expectBody(
      await edit({ name: 'Green tea', days: [7, 1, 2, 3, 4, 5, 6] }),
      200,
    )) as RitualAnswer;
    expect(renamed.ritual.streak).toEqual({ current: 4, best: 4 });
    expect((await ritualsOf(dominant, submissive.id)).rituals[0]?.streak).toEqual({ current: 4, best: 4 });
  });
});
