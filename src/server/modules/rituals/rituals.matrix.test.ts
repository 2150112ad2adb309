import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RITUAL_MARK_NOTE_MAX,
  RITUAL_NAME_MAX,
  RITUAL_STEP_MAX,
  RITUAL_STEPS_MAX,
  RITUALS_IN_USE_MAX,
  RITUALS_TEXT,
} from '@/shared/schemas/rituals';
import { databases } from '../../test/database';
import { createCouple } from '../../test/partners';
import { expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser } from '../../test/users';
import { DAILY, MISSING, mark, NUL, ritualSet, ritualsOf, setRitual } from './rituals.fixtures';

/** Rituals (decision 074): who may call each route, and what bad input is refused. */
describe.each(databases())('rituals, the role matrix and bad input, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const body = { name: 'Kneel at the door', days: DAILY, time: '18:00' };

  it('the dominant sets, changes and retires, the submissive marks; strangers and former partners find nothing', async () => {
    server.clock.set(new Date('2030-07-03T10:00:00Z'));
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const ritual = await ritualSet(couple);
    const today = '2030-07-03';
    const stranger = await createUser(server, { role: 'dominant' });
    const strangerSub = await createUser(server, { role: 'submissive' });
    const before = await server.rowCounts();
    // The wrong role: 403, named.
    await expectError(
      await setRitual(submissive, dominant.id, body),
      403,
      'FORBIDDEN',
      RITUALS_TEXT.onlyDominantWrites,
    );
    await expectError(
      await submissive.client.patch(`/api/rituals/${ritual.id}`, body),
      403,
      'FORBIDDEN',
      RITUALS_TEXT.onlyDominantWrites,
    );
    await expectError(
      await submissive.client.delete(`/api/rituals/${ritual.id}`),
      403,
      'FORBIDDEN',
      RITUALS_TEXT.onlyDominantWrites,
    );
    await expectError(
      await mark(dominant, ritual.id, today, { mark: 'done' }),
      403,
      'FORBIDDEN',
      RITUALS_TEXT.onlySubmissiveMarks,
    );
    // A stranger, in either role: 404.
    await expectError(await setRitual(stranger, submissive.id, body), 404, 'NOT_FOUND');
    await expectError(await stranger.client.patch(`/api/rituals/${ritual.id}`, body), 404, 'NOT_FOUND');
    await expectError(await stranger.client.delete(`/api/rituals/${ritual.id}`), 404, 'NOT_FOUND');
    await expectError(await mark(strangerSub, ritual.id, today, { mark: 'done' }), 404, 'NOT_FOUND');
    for (const who of [stranger, strangerSub])
      await expectError(await who.client.get(`/api/rituals?partnerId=${submissive.id}`), 404, 'NOT_FOUND');
    await expectError(
      await dominant.client.patch(`/api/rituals/${MISSING}`, body),
      404,
      'NOT_FOUND',
      RITUALS_TEXT.notFound,
    );
    await expectError(await mark(submissive, MISSING, today, { mark: 'done' }), 404, 'NOT_FOUND');
    const anonymous = server.client();
    for (const response of [
      await anonymous.get(`/api/rituals?partnerId=${submissive.id}`),
      await anonymous.post('/api/rituals', { partnerId: submissive.id, ...body }),
      await anonymous.patch(`/api/rituals/${ritual.id}`, body),
      await anonymous.delete(`/api/rituals/${ritual.id}`),
      await anonymous.put(`/api/rituals/${ritual.id}/days/${today}`, { mark: 'done' }),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
    expect(await server.rowCounts()).toEqual(before);
    // A former partner neither reads nor writes them.
    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    const after = await server.rowCounts();
    await expectError(await submissive.client.get(`/api/rituals?partnerId=${dominant.id}`), 404, 'NOT_FOUND');
    await expectError(await dominant.client.get(`/api/rituals?partnerId=${submissive.id}`), 404, 'NOT_FOUND');
    await expectError(await setRitual(dominant, submissive.id, body), 404, 'NOT_FOUND');
    await expectError(await dominant.client.patch(`/api/rituals/${ritual.id}`, body), 404, 'NOT_FOUND');
    await expectError(await dominant.client.delete(`/api/rituals/${ritual.id}`), 404, 'NOT_FOUND');
    await expectError(await mark(submissive, ritual.id, today, { mark: 'done' }), 404, 'NOT_FOUND');
    expect(await server.rowCounts()).toEqual(after);
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    server.clock.set(new Date('2030-07-10T10:00:00Z'));
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const ritual = await ritualSet(couple);
    const before = await server.rowCounts();
    const partnerId = submissive.id;
    const fields: [Record<string, unknown>, string | undefined][] = [
      [{ days: DAILY, time: '18:00' }, RITUALS_TEXT.nameRequired],
      [{ ...body, name: '   ' }, RITUALS_TEXT.nameRequired],
      [{ ...body, name: 5 }, RITUALS_TEXT.nameRequired],
      [{ ...body, name: 'x'.repeat(RITUAL_NAME_MAX + 1) }, RITUALS_TEXT.nameTooLong],
      [{ ...body, name: `Kneel${NUL}` }, undefined],
      [{ ...body, steps: 'Kneel' }, RITUALS_TEXT.stepText],
      [{ ...body, steps: [3] }, RITUALS_TEXT.stepText],
      [{ ...body, steps: ['x'.repeat(RITUAL_STEP_MAX + 1)] }, RITUALS_TEXT.stepTooLong],
      [{ ...body, steps: Array(RITUAL_STEPS_MAX + 1).fill('Step') }, RITUALS_TEXT.tooManySteps],
      [{ ...body, steps: [`A${NUL}`] }, undefined],
      [{ ...body, days: [] }, RITUALS_TEXT.daysRequired],
      [{ ...body, days: 'Monday' }, RITUALS_TEXT.daysRequired],
      [{ ...body, days: [0] }, RITUALS_TEXT.daysInvalid],
      [{ ...body, days: [8] }, RITUALS_TEXT.daysInvalid],
      [{ ...body, days: [1.5] }, RITUALS_TEXT.daysInvalid],
      [{ ...body, days: ['1'] }, RITUALS_TEXT.daysInvalid],
      [{ ...body, time: '24:00' }, RITUALS_TEXT.timeInvalid],
      [{ ...body, time: '7:30' }, RITUALS_TEXT.timeInvalid],
      [{ ...body, time: 730 }, RITUALS_TEXT.timeInvalid],
      [{ ...body, award: -1 }, RITUALS_TEXT.awardInvalid],
      [{ ...body, award: 1001 }, RITUALS_TEXT.awardInvalid],
      [{ ...body, award: '5' }, RITUALS_TEXT.awardInvalid],
      [{ ...body, extra: 1 }, undefined],
    ];
    for (const [fieldsOf, message] of fields) {
      await expectError(await setRitual(dominant, partnerId, fieldsOf), 400, undefined, message);
      await expectError(
        await dominant.client.patch(`/api/rituals/${ritual.id}`, fieldsOf),
        400,
        undefined,
        message,
      );
    }
    await expectError(
      await dominant.client.post('/api/rituals', body),
      400,
      undefined,
      RITUALS_TEXT.partnerRequired,
    );
    await expectError(await dominant.client.post('/api/rituals', 'nope'), 400);
    await expectError(await dominant.client.patch('/api/rituals/nope', body), 400);
    await expectError(await dominant.client.delete('/api/rituals/nope'), 400);
    await expectError(
      await dominant.client.get('/api/rituals'),
      400,
      undefined,
      RITUALS_TEXT.partnerRequired,
    );
    await expectError(await dominant.client.get('/api/rituals?partnerId=nope'), 400);
    const marks: [string, unknown, string | undefined][] = [
      ['2030-07-10', {}, RITUALS_TEXT.markInvalid],
      ['2030-07-10', { mark: 'perfect' }, RITUALS_TEXT.markInvalid],
      ['2030-07-10', { mark: 1 }, RITUALS_TEXT.markInvalid],
      ['2030-07-10', { mark: 'done', note: 7 }, RITUALS_TEXT.noteText],
      ['2030-07-10', { mark: 'done', note: 'x'.repeat(RITUAL_MARK_NOTE_MAX + 1) }, RITUALS_TEXT.noteTooLong],
      ['2030-07-10', { mark: 'done', note: `Hi${NUL}` }, undefined],
      ['2030-07-10', { mark: 'done', extra: true }, undefined],
      ['2030-02-30', { mark: 'done' }, RITUALS_TEXT.dateInvalid],
      ['2030-7-10', { mark: 'done' }, RITUALS_TEXT.dateInvalid],
      ['yesterday', { mark: 'done' }, RITUALS_TEXT.dateInvalid],
    ];
    for (const [date, markBody, message] of marks)
      await expectError(
        await mark(submissive, ritual.id, date, markBody as Record<string, unknown>),
        400,
        undefined,
        message,
      );
    await expectError(
      await submissive.client.put('/api/rituals/nope/days/2030-07-10', { mark: 'done' }),
      400,
    );
    for (const [method, path] of [
      ['POST', '/api/rituals'],
      ['PATCH', `/api/rituals/${ritual.id}`],
      ['PUT', `/api/rituals/${ritual.id}/days/2030-07-10`],
    ] as const) {
      const who = method === 'PUT' ? submissive : dominant;
      const malformed = await who.client.fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: '{"name": ',
      });
      await expectError(malformed, 400);
    }
    expect(await server.rowCounts()).toEqual(before);
  });

  it(`a pair has at most ${RITUALS_IN_USE_MAX} rituals in use; a retired one frees its place`, async () => {
    server.clock.set(new Date('2030-07-17T10:00:00Z'));
    const couple = await createCouple(server);
    const made = [];
    for (let i = 0; i < RITUALS_IN_USE_MAX; i++) made.push(await ritualSet(couple, { name: `Ritual ${i}` }));
    await expectError(
      await setRitual(couple.dominant, couple.submissive.id, body),
      409,
      'CONFLICT',
      RITUALS_TEXT.tooMany,
    );
    expect((await couple.dominant.client.delete(`/api/rituals/${made[0]!.id}`)).status).toBe(200);
    await ritualSet(couple, { name: 'One more' });
    expect((await ritualsOf(couple.submissive, couple.dominant.id)).rituals).toHaveLength(RITUALS_IN_USE_MAX);
  });

  it('Yellow and the first negotiation hold setting and changing one; retiring and marking are never held', async () => {
    server.clock.set(new Date('2030-07-24T10:00:00Z'));
    const pending = await createCouple(server, { negotiated: false });
    await expectError(
      await setRitual(pending.dominant, pending.submissive.id, body),
      409,
      'NEGOTIATION_PENDING',
    );
    const couple = await createCouple(server);
    const ritual = await ritualSet(couple);
    expect((await couple.dominant.client.post('/api/checkins', {})).status).toBe(200);
    const before = await server.rowCounts();
    await expectError(await setRitual(couple.dominant, couple.submissive.id, body), 409, 'PAIR_CHECKING_IN');
    await expectError(
      await couple.dominant.client.patch(`/api/rituals/${ritual.id}`, body),
      409,
      'PAIR_CHECKING_IN',
    );
    expect(await server.rowCounts()).toEqual(before);
    expect((await mark(couple.submissive, ritual.id, '2030-07-24', { mark: 'excused' })).status).toBe(200);
    expect((await couple.submissive.client.post('/api/stops', {})).status).toBe(200);
    expect((await couple.dominant.client.delete(`/api/rituals/${ritual.id}`)).status).toBe(200);
  });

  it('the same Idempotency-Key makes one ritual, also when sent twice at once', async () => {
    server.clock.set(new Date('2030-07-31T10:00:00Z'));
    const couple = await createCouple(server);
    const key = '7b3e9c21-4d5a-4e6f-8a9b-0c1d2e3f4a5b';
    const send = () => setRitual(couple.dominant, couple.submissive.id, body, key);
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const [a, b] = await Promise.all(answers.map(async (r) => (await r.json()).ritual.id));
    expect(a).toBe(b);
    expect((await ritualsOf(couple.dominant, couple.submissive.id)).rituals).toHaveLength(1);
  });
});
