import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFRACTION_NOTE_MAX, INFRACTIONS_TEXT, type InfractionView } from '@/shared/schemas/infractions';
import type { RuleView } from '@/shared/schemas/rules';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, type TestUser } from '../../test/users';

const NUL = '\u0000';
const MISSING = '3f0c7a8e-0000-4000-8000-000000000000';
const HOUR = 3_600_000;

const ruleFor = async (couple: Couple, title = 'Water at noon'): Promise<RuleView> => {
  const response = await couple.dominant.client.post('/api/rules', {
    partnerId: couple.submissive.id,
    title,
  });
  return ((await expectBody(response, 201)) as { rule: RuleView }).rule;
};
const log = (who: TestUser, body: Record<string, unknown>) => who.client.post('/api/infractions', body);
const logged = async (who: TestUser, body: Record<string, unknown>): Promise<InfractionView> =>
  ((await expectBody(await log(who, body), 201)) as { infraction: InfractionView }).infraction;
const listOf = async (who: TestUser, partner: { id: string }): Promise<InfractionView[]> =>
  (
    (await expectBody(await who.client.get(`/api/infractions?partnerId=${partner.id}`), 200)) as {
      infractions: InfractionView[];
    }
  ).infractions;
const contest = (who: TestUser, id: string, body: Record<string, unknown> = {}) =>
  who.client.post(`/api/infractions/${id}/contest`, body);
const withdraw = (who: TestUser, id: string) => who.client.post(`/api/infractions/${id}/withdraw`, {});

/**
 * Infractions (issue 24, decision 065): logged by the dominant against the version of a rule in force when
 * it happened; contested by the submissive; withdrawn by the dominant; a punishment assigned from one is
 * linked to it. Nothing follows from an infraction by itself.
 */
describe.each(databases())('infractions on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the version in force when it happened, whatever the rule says later; contest and withdraw', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive, pairId } = couple;
    const rule = await ruleFor(couple);
    const first = await logged(dominant, { ruleId: rule.id, note: '  Forgot again  ' });
    expect(first).toEqual({
      id: expect.any(String),
      pairId,
      dominantId: dominant.id,
      submissiveId: submissive.id,
      ruleId: rule.id,
      ruleVersion: 1,
      ruleTitle: 'Water at noon',
      ruleConsequence: null,
      occurredAt: expect.any(Number),
      note: 'Forgot again',
      loggedAt: expect.any(Number),
      state: 'logged',
      contestNote: null,
      contestedAt: null,
      withdrawnAt: null,
      punishmentId: null,
    });
    // Not told when, it happened as it was logged.
    expect(first.occurredAt).toBe(first.loggedAt);
    server.clock.advance(60_000);
    const edited = await dominant.client.put(`/api/rules/${rule.id}`, {
      title: 'Water at noon and at four',
      version: 1,
    });
    expect(edited.status).toBe(200);
    // Logged now, it names version 2; logged for a time before the edit, version 1.
    const later = await logged(dominant, { ruleId: rule.id });
    expect([later.ruleVersion, later.ruleTitle]).toEqual([2, 'Water at noon and at four']);
    const earlier = await logged(dominant, { ruleId: rule.id, occurredAt: first.occurredAt });
    expect([earlier.ruleVersion, earlier.ruleTitle]).toEqual([1, 'Water at noon']);
    expect((await listOf(submissive, dominant)).map((i) => i.id).sort()).toEqual(
      [first.id, later.id, earlier.id].sort(),
    );
    expect(
      (await notificationsOf(submissive)).filter((n) => n.type === 'infraction_logged').map((n) => n.message),
    ).toContain('Dana Dom logged an infraction of "Water at noon"');

    const contested = (await expectBody(
      await contest(submissive, first.id, { note: 'I drank at half past' }),
      200,
    )) as {
      infraction: InfractionView;
    };
    expect(contested.infraction).toMatchObject({ state: 'contested', contestNote: 'I drank at half past' });
    await expectError(
      await contest(submissive, first.id, {}),
      409,
      'CONFLICT',
      INFRACTIONS_TEXT.alreadyContested,
    );
    expect(
      (await notificationsOf(dominant)).filter((n) => n.type === 'infraction_contested').map((n) => n.title),
    ).toEqual(['Infraction contested']);
    const withdrawn = (await expectBody(await withdraw(dominant, first.id), 200)) as {
      infraction: InfractionView;
    };
    expect(withdrawn.infraction).toMatchObject({ state: 'withdrawn', withdrawnAt: expect.any(Number) });
    expect((await withdraw(dominant, first.id)).status).toBe(200);
    await expectError(await contest(submissive, first.id, {}), 409, 'CONFLICT', INFRACTIONS_TEXT.withdrawn);

    const record = (await expectBody(
      await dominant.client.get(`/api/record?pairId=${pairId}&kind=infraction`),
      200,
    )) as {
      entries: { kind: string }[];
    };
    expect(record.entries.map((e) => e.kind)).toEqual([
      'infraction.withdrawn',
      'infraction.contested',
      'infraction.logged',
      'infraction.logged',
      'infraction.logged',
    ]);
  });

  it('a punishment assigned from an infraction is linked to it, once; never from a withdrawn one', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const rule = await ruleFor(couple);
    const infraction = await logged(dominant, { ruleId: rule.id });
    const assign = (infractionId: string, title = 'Lines') =>
      dominant.client.post('/api/punishments', { assignedTo: submissive.id, title, infractionId });
    const made = (await expectBody(await assign(infraction.id), 201)) as { punishment: { id: string } };
    const [linked] = await listOf(submissive, dominant);
    expect(linked!.punishmentId).toBe(made.punishment.id);
    const punishmentsBefore = (await server.rowCounts()).punishments;
    await expectError(
      await assign(infraction.id, 'Again'),
      409,
      'CONFLICT',
      INFRACTIONS_TEXT.alreadyPunished,
    );
    const other = await logged(dominant, { ruleId: rule.id });
    expect((await withdraw(dominant, other.id)).status).toBe(200);
    await expectError(await assign(other.id), 409, 'CONFLICT', INFRACTIONS_TEXT.withdrawn);
    // Another pair's infraction is not this pair's.
    const them = await createCouple(server);
    const theirs = await logged(them.dominant, { ruleId: (await ruleFor(them)).id });
    await expectError(await assign(theirs.id), 404, 'NOT_FOUND');
    expect((await server.rowCounts()).punishments).toBe(punishmentsBefore);
    // Deleting the punishment unlinks it; the infraction stays.
    expect((await dominant.client.delete(`/api/punishments/${made.punishment.id}`)).status).toBe(200);
    expect((await listOf(dominant, submissive)).find((i) => i.id === infraction.id)?.punishmentId).toBeNull();
  });

  it('the same Idempotency-Key makes one infraction, also when sent twice at once', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const rule = await ruleFor(couple);
    const send = (key: string) =>
      dominant.client.post('/api/infractions', { ruleId: rule.id }, { headers: { 'Idempotency-Key': key } });
    const key = '5d1c7e0a-3b2f-4a6d-8e9c-0f1a2b3c4d5e';
    const answers = await Promise.all([send(key), send(key)]);
    const ids = await Promise.all(
      answers.map(async (r) => ((await expectBody(r, 201)) as { infraction: InfractionView }).infraction.id),
    );
    expect(ids[0]).toBe(ids[1]);
    expect((await listOf(submissive, dominant)).map((i) => i.id)).toEqual([ids[0]]);
    expect((await notificationsOf(submissive)).filter((n) => n.type === 'infraction_logged')).toHaveLength(1);
    await expectError(await send('nope'), 400);
  });

  it('the role matrix: only the dominant logs and withdraws, only the submissive contests; others find nothing', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const rule = await ruleFor(couple);
    const infraction = await logged(dominant, { ruleId: rule.id });
    const stranger = await createUser(server, { role: 'dominant' });
    const strangerSub = await createUser(server, { role: 'submissive' });
    const before = await server.rowCounts();
    await expectError(
      await log(submissive, { ruleId: rule.id }),
      403,
      'FORBIDDEN',
      INFRACTIONS_TEXT.onlyDominantLogs,
    );
    await expectError(await withdraw(submissive, infraction.id), 403, 'FORBIDDEN');
    await expectError(
      await contest(dominant, infraction.id),
      403,
      'FORBIDDEN',
      INFRACTIONS_TEXT.onlySubmissiveContests,
    );
    await expectError(await log(stranger, { ruleId: rule.id }), 404, 'NOT_FOUND');
    await expectError(await withdraw(stranger, infraction.id), 404, 'NOT_FOUND');
    await expectError(await contest(strangerSub, infraction.id), 404, 'NOT_FOUND');
    await expectError(
      await stranger.client.get(`/api/infractions?partnerId=${submissive.id}`),
      404,
      'NOT_FOUND',
    );
    await expectError(await contest(submissive, MISSING), 404, 'NOT_FOUND');
    const anonymous = server.client();
    for (const response of [
      await anonymous.get(`/api/infractions?partnerId=${submissive.id}`),
      await anonymous.post('/api/infractions', { ruleId: rule.id }),
      await anonymous.post(`/api/infractions/${infraction.id}/contest`, {}),
      await anonymous.post(`/api/infractions/${infraction.id}/withdraw`, {}),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
    expect(await server.rowCounts()).toEqual(before);
    // A former partner neither reads nor writes them.
    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    const after = await server.rowCounts();
    await expectError(
      await submissive.client.get(`/api/infractions?partnerId=${dominant.id}`),
      404,
      'NOT_FOUND',
    );
    await expectError(await contest(submissive, infraction.id), 404, 'NOT_FOUND');
    await expectError(await withdraw(dominant, infraction.id), 404, 'NOT_FOUND');
    await expectError(await log(dominant, { ruleId: rule.id }), 404, 'NOT_FOUND');
    expect(await server.rowCounts()).toEqual(after);
  });

  it('Red holds logging, never contesting or withdrawing', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const rule = await ruleFor(couple);
    const [one, two] = [
      await logged(dominant, { ruleId: rule.id }),
      await logged(dominant, { ruleId: rule.id }),
    ];
    expect((await submissive.client.post('/api/stops', {})).status).toBe(200);
    await expectError(await log(dominant, { ruleId: rule.id }), 409, 'PAIR_STOPPED');
    expect((await contest(submissive, one.id)).status).toBe(200);
    expect((await withdraw(dominant, two.id)).status).toBe(200);
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const rule = await ruleFor(couple);
    const infraction = await logged(dominant, { ruleId: rule.id });
    const before = await server.rowCounts();
    const cases: [unknown, string | undefined][] = [
      [{}, INFRACTIONS_TEXT.ruleRequired],
      [{ ruleId: 'nope' }, INFRACTIONS_TEXT.ruleRequired],
      [{ ruleId: 7 }, INFRACTIONS_TEXT.ruleRequired],
      [{ ruleId: rule.id, occurredAt: 'yesterday' }, INFRACTIONS_TEXT.whenRequired],
      [{ ruleId: rule.id, occurredAt: 1.5 }, INFRACTIONS_TEXT.whenRequired],
      [
        { ruleId: rule.id, occurredAt: server.clock.now().getTime() + 2 * HOUR },
        INFRACTIONS_TEXT.inTheFuture,
      ],
      [{ ruleId: rule.id, occurredAt: rule.createdAt - HOUR }, INFRACTIONS_TEXT.beforeTheRule],
      [{ ruleId: rule.id, note: 'x'.repeat(INFRACTION_NOTE_MAX + 1) }, INFRACTIONS_TEXT.noteTooLong],
      [{ ruleId: rule.id, note: `Late${NUL}` }, undefined],
      [{ ruleId: rule.id, note: 12 }, INFRACTIONS_TEXT.noteText],
      [{ ruleId: rule.id, extra: true }, undefined],
      [[], undefined],
    ];
    for (const [body, message] of cases) {
      await expectError(await dominant.client.post('/api/infractions', body), 400, undefined, message);
    }
    await expectError(
      await contest(submissive, infraction.id, { note: 'x'.repeat(INFRACTION_NOTE_MAX + 1) }),
      400,
    );
    await expectError(await contest(submissive, 'not-an-id'), 400);
    await expectError(
      await dominant.client.get('/api/infractions'),
      400,
      undefined,
      INFRACTIONS_TEXT.partnerRequired,
    );
    const malformed = await dominant.client.fetch('/api/infractions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"ruleId": ',
    });
    await expectError(malformed, 400);
    expect(await server.rowCounts()).toEqual(before);
  });
});
