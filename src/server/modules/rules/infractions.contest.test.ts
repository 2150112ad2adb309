import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFRACTIONS_TEXT, type InfractionView } from '@/shared/schemas/infractions';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestUser } from '../../test/users';

const contest = (who: TestUser, id: string, key?: string, note = 'I was on the phone with work') =>
  who.client.post(
    `/api/infractions/${id}/contest`,
    { note },
    key ? { headers: { 'Idempotency-Key': key } } : undefined,
  );

/**
 * A contest sent again after its answer was lost (decision 066): with the same Idempotency-Key it answers
 * the contest it made, once recorded and once told, rather than "already contested".
 */
describe.each(databases())('contesting an infraction again on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function infractionOf() {
    const couple = await createCouple(server);
    const rule = await couple.dominant.client.post('/api/rules', {
      partnerId: couple.submissive.id,
      title: 'Tea at four',
    });
    const { rule: r } = (await expectBody(rule, 201)) as { rule: { id: string } };
    const made = await couple.dominant.client.post('/api/infractions', { ruleId: r.id });
    return {
      couple,
      infraction: ((await expectBody(made, 201)) as { infraction: InfractionView }).infraction,
    };
  }

  const countOf = async (who: TestUser, pairId: string) => {
    const record = (await expectBody(
      await who.client.get(`/api/record?pairId=${pairId}&kind=infraction`),
      200,
    )) as {
      entries: { kind: string }[];
    };
    const told = (await notificationsOf(who)).filter((n) => n.type === 'infraction_contested');
    return {
      contested: record.entries.filter((e) => e.kind === 'infraction.contested').length,
      told: told.length,
    };
  };

  it('the same key again, one after the other or at once, answers the one contest', async () => {
    for (const together of [false, true]) {
      const { couple, infraction } = await infractionOf();
      const key = randomUUID();
      const answers = together
        ? await Promise.all([
            contest(couple.submissive, infraction.id, key),
            contest(couple.submissive, infraction.id, key),
          ])
        : [
            await contest(couple.submissive, infraction.id, key),
            await contest(couple.submissive, infraction.id, key),
          ];
      for (const answer of answers) {
        const { infraction: seen } = (await expectBody(answer, 200)) as { infraction: InfractionView };
        expect(seen).toMatchObject({
          id: infraction.id,
          state: 'contested',
          contestNote: 'I was on the phone with work',
        });
      }
      expect(await countOf(couple.dominant, couple.pairId)).toEqual({ contested: 1, told: 1 });
      // Another key, or none, is a second contest: refused.
      await expectError(
        await contest(couple.submissive, infraction.id, randomUUID()),
        409,
        'CONFLICT',
        INFRACTIONS_TEXT.alreadyContested,
      );
      await expectError(
        await contest(couple.submissive, infraction.id),
        409,
        'CONFLICT',
        INFRACTIONS_TEXT.alreadyContested,
      );
    }
  });

  it('a key already used for another infraction, or a key that is no UUID, is refused and changes nothing', async () => {
    const { couple, infraction } = await infractionOf();
    const [rule] = (
      (await expectBody(
        await couple.dominant.client.get(`/api/rules?partnerId=${couple.submissive.id}`),
        200,
      )) as {
        rules: { id: string }[];
      }
    ).rules;
    const made = await couple.dominant.client.post('/api/infractions', { ruleId: rule!.id });
    const other = ((await expectBody(made, 201)) as { infraction: InfractionView }).infraction;
    const key = randomUUID();
    expect((await contest(couple.submissive, infraction.id, key)).status).toBe(200);
    const before = await server.rowCounts();
    await expectError(await contest(couple.submissive, other.id, key), 422, 'IDEMPOTENCY_CONFLICT');
    await expectError(await contest(couple.submissive, other.id, 'not-a-uuid'), 400, 'BAD_REQUEST');
    expect(await server.rowCounts()).toEqual(before);
    const list = (await expectBody(
      await couple.submissive.client.get(`/api/infractions?partnerId=${couple.dominant.id}`),
      200,
    )) as { infractions: InfractionView[] };
    expect(list.infractions.find((i) => i.id === other.id)?.state).toBe('logged');
  });
});
