import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RULE_CONSEQUENCE_MAX,
  RULE_TEXT_MAX,
  RULE_TITLE_MAX,
  RULES_IN_FORCE_MAX,
  RULES_TEXT,
  type RuleListView,
  type RuleView,
} from '@/shared/schemas/rules';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { notificationsOf } from '../../test/notifications';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, type TestUser } from '../../test/users';

const NUL = '\u0000';
const MISSING = '3f0c7a8e-0000-4000-8000-000000000000';
const RULE = { title: 'Kneel when I enter', text: 'Every evening, by the door.', category: 'protocol' };

const rulesOf = async (who: TestUser, partner: { id: string }): Promise<RuleView[]> =>
  ((await expectBody(await who.client.get(`/api/rules?partnerId=${partner.id}`), 200)) as RuleListView).rules;
const write = (couple: Couple, body: Record<string, unknown> = RULE) =>
  couple.dominant.client.post('/api/rules', { partnerId: couple.submissive.id, ...body });
const created = async (couple: Couple, body: Record<string, unknown> = RULE): Promise<RuleView> =>
  ((await expectBody(await write(couple, body), 201)) as { rule: RuleView }).rule;
const edit = (who: TestUser, id: string, body: Record<string, unknown>) =>
  who.client.put(`/api/rules/${id}`, body);
const acknowledge = (who: TestUser, id: string, version: number) =>
  who.client.post(`/api/rules/${id}/acknowledge`, { version });
const versionsOf = async (who: TestUser, id: string) =>
  ((await expectBody(await who.client.get(`/api/rules/${id}/versions`), 200)) as { versions: RuleView[] })
    .versions;
const recordKinds = async (who: TestUser, pairId: string) =>
  (
    (await expectBody(await who.client.get(`/api/record?pairId=${pairId}&kind=rule`), 200)) as {
      entries: { kind: string; facts: Record<string, unknown> }[];
    }
  ).entries.map((e) => `${e.kind} v${e.facts.version ?? '-'}`);

/**
 * Rules (issue 24, decision 064): the dominant writes them, every edit is a new version, and the
 * submissive acknowledges each version; nothing already acknowledged is rewritten.
 */
describe.each(databases())('rules on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a rule is written, acknowledged, changed (the acknowledgement stays with its version) and acknowledged again', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive, pairId } = couple;
    const rule = await created(couple, { ...RULE, consequence: '  Ten lines  ' });
    expect(rule).toEqual({
      id: expect.any(String),
      pairId,
      dominantId: dominant.id,
      submissiveId: submissive.id,
      createdAt: expect.any(Number),
      version: 1,
      title: RULE.title,
      text: RULE.text,
      category: 'protocol',
      limitTags: [],
      consequence: 'Ten lines',
      writtenAt: expect.any(Number),
      writtenBy: dominant.id,
      acknowledgedAt: null,
      lastAcknowledgedVersion: null,
    });
    expect(await rulesOf(submissive, dominant)).toEqual([rule]);
    expect(await rulesOf(dominant, submissive)).toEqual([rule]);
    const told = (await notificationsOf(submissive)).filter((n) => n.type === 'rule_written');
    expect(told.map((n) => [n.title, n.message, n.data])).toEqual([
      [
        'New rule',
        `Dana Dom wrote a new rule: "${RULE.title}"`,
        { ruleId: rule.id, pairId, partnerId: dominant.id },
      ],
    ]);

    const acknowledged = (await expectBody(await acknowledge(submissive, rule.id, 1), 200)) as {
      rule: RuleView;
    };
    expect(acknowledged.rule.acknowledgedAt).toEqual(expect.any(Number));
    // Again changes nothing, and tells nobody twice.
    expect(
      ((await expectBody(await acknowledge(submissive, rule.id, 1), 200)) as { rule: RuleView }).rule,
    ).toEqual(acknowledged.rule);
    const thanked = (await notificationsOf(dominant)).filter((n) => n.type === 'rule_acknowledged');
    expect(thanked.map((n) => [n.title, n.message])).toEqual([
      ['Rule acknowledged', `Sam Sub acknowledged "${RULE.title}"`],
    ]);

    const changed = (await expectBody(
      await edit(dominant, rule.id, { ...RULE, text: 'Every evening, by the door, eyes down.', version: 1 }),
      200,
    )) as { rule: RuleView };
    expect(changed.rule).toMatchObject({
      version: 2,
      text: 'Every evening, by the door, eyes down.',
      acknowledgedAt: null,
      lastAcknowledgedVersion: 1,
    });
    expect((await rulesOf(submissive, dominant))[0]).toEqual(changed.rule);
    expect(
      (await notificationsOf(submissive)).filter((n) => n.type === 'rule_written').map((n) => n.title),
    ).toContain('Rule changed');
    // The old version keeps its acknowledgement; the new one waits for its own.
    const versions = await versionsOf(dominant, rule.id);
    expect(versions.map((v) => [v.version, v.text, v.acknowledgedAt])).toEqual([
      [2, 'Every evening, by the door, eyes down.', null],
      [1, RULE.text, acknowledged.rule.acknowledgedAt],
    ]);
    // Acknowledging the version read before the change, or changing from it, is refused: read it again.
    await expectError(await acknowledge(submissive, rule.id, 1), 409, 'CONFLICT', RULES_TEXT.staleVersion);
    await expectError(
      await edit(dominant, rule.id, { ...RULE, version: 1 }),
      409,
      'CONFLICT',
      RULES_TEXT.staleVersion,
    );
    const again = (await expectBody(await acknowledge(submissive, rule.id, 2), 200)) as { rule: RuleView };
    expect(again.rule).toMatchObject({
      version: 2,
      acknowledgedAt: expect.any(Number),
      lastAcknowledgedVersion: 2,
    });
    expect(await recordKinds(submissive, pairId)).toEqual([
      'rule.acknowledged v2',
      'rule.edited v2',
      'rule.acknowledged v1',
      'rule.written v1',
    ]);

    // Retired, it is listed no more and asks nothing; the record keeps it.
    expect((await dominant.client.delete(`/api/rules/${rule.id}`)).status).toBe(200);
    expect(await rulesOf(submissive, dominant)).toEqual([]);
    await expectError(await submissive.client.get(`/api/rules/${rule.id}/versions`), 404, 'NOT_FOUND');
    await expectError(await acknowledge(submissive, rule.id, 2), 404, 'NOT_FOUND');
    expect((await recordKinds(dominant, pairId))[0]).toBe('rule.retired v-');
  });

  it('each change reaches both partners live, as ids only', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive, pairId } = couple;
    const [subStream, domStream] = await Promise.all([
      openEventStream(submissive.client),
      openEventStream(dominant.client),
    ]);
    try {
      const rule = await created(couple);
      expect(await subStream.next('rule.changed')).toEqual({ ruleId: rule.id, pairId });
      expect(await domStream.next('rule.changed')).toEqual({ ruleId: rule.id, pairId });
      expect((await acknowledge(submissive, rule.id, 1)).status).toBe(200);
      expect(await domStream.next('rule.changed')).toEqual({ ruleId: rule.id, pairId });
      expect((await dominant.client.delete(`/api/rules/${rule.id}`)).status).toBe(200);
      expect(await subStream.next('rule.changed')).toEqual({ ruleId: rule.id, pairId });
    } finally {
      subStream.close();
      domStream.close();
    }
  });

  it('only the dominant writes, changes and retires; only the submissive acknowledges', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const rule = await created(couple);
    const before = await server.rowCounts();
    await expectError(
      await submissive.client.post('/api/rules', { partnerId: dominant.id, ...RULE }),
      403,
      'FORBIDDEN',
      RULES_TEXT.notYourRule,
    );
    await expectError(await edit(submissive, rule.id, { ...RULE, version: 1 }), 403, 'FORBIDDEN');
    await expectError(await submissive.client.delete(`/api/rules/${rule.id}`), 403, 'FORBIDDEN');
    await expectError(
      await acknowledge(dominant, rule.id, 1),
      403,
      'FORBIDDEN',
      RULES_TEXT.onlySubmissiveAcknowledges,
    );
    expect(await server.rowCounts()).toEqual(before);
    expect((await rulesOf(submissive, dominant))[0]).toEqual(rule);
  });

  it('a stranger and a former partner find nothing (404), signed out 401, and nothing changes', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const rule = await created(couple);
    const strangerDom = await createUser(server, { role: 'dominant' });
    const strangerSub = await createUser(server, { role: 'submissive' });
    const before = await server.rowCounts();
    await expectError(
      await strangerDom.client.get(`/api/rules?partnerId=${submissive.id}`),
      404,
      'NOT_FOUND',
    );
    await expectError(await strangerDom.client.get(`/api/rules/${rule.id}/versions`), 404, 'NOT_FOUND');
    await expectError(
      await strangerDom.client.post('/api/rules', { partnerId: submissive.id, ...RULE }),
      404,
    );
    await expectError(await edit(strangerDom, rule.id, { ...RULE, version: 1 }), 404, 'NOT_FOUND');
    await expectError(await strangerDom.client.delete(`/api/rules/${rule.id}`), 404, 'NOT_FOUND');
    await expectError(await acknowledge(strangerSub, rule.id, 1), 404, 'NOT_FOUND');
    await expectError(await acknowledge(submissive, MISSING, 1), 404, 'NOT_FOUND');
    const anonymous = server.client();
    for (const response of [
      await anonymous.get(`/api/rules?partnerId=${submissive.id}`),
      await anonymous.get(`/api/rules/${rule.id}/versions`),
      await anonymous.post('/api/rules', { partnerId: submissive.id, ...RULE }),
      await anonymous.put(`/api/rules/${rule.id}`, { ...RULE, version: 1 }),
      await anonymous.post(`/api/rules/${rule.id}/acknowledge`, { version: 1 }),
      await anonymous.delete(`/api/rules/${rule.id}`),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
    expect(await server.rowCounts()).toEqual(before);

    // After the pair ends, neither partner reads or writes its rules.
    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    const after = await server.rowCounts();
    await expectError(await submissive.client.get(`/api/rules?partnerId=${dominant.id}`), 404, 'NOT_FOUND');
    await expectError(await dominant.client.get(`/api/rules/${rule.id}/versions`), 404, 'NOT_FOUND');
    await expectError(await edit(dominant, rule.id, { ...RULE, version: 1 }), 404, 'NOT_FOUND');
    await expectError(await dominant.client.delete(`/api/rules/${rule.id}`), 404, 'NOT_FOUND');
    await expectError(await acknowledge(submissive, rule.id, 1), 404, 'NOT_FOUND');
    await expectError(await write(couple), 404, 'NOT_FOUND');
    expect(await server.rowCounts()).toEqual(after);
  });

  it('Red holds new rules and changes, never an acknowledgement or a retirement', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const rule = await created(couple);
    const other = await created(couple, { title: 'Water at noon' });
    expect((await submissive.client.post('/api/stops', {})).status).toBe(200);
    await expectError(await write(couple, { title: 'During Red' }), 409, 'PAIR_STOPPED');
    await expectError(await edit(dominant, rule.id, { ...RULE, version: 1 }), 409, 'PAIR_STOPPED');
    expect((await acknowledge(submissive, rule.id, 1)).status).toBe(200);
    expect((await dominant.client.delete(`/api/rules/${other.id}`)).status).toBe(200);
    expect((await rulesOf(dominant, submissive)).map((r) => r.title)).toEqual([RULE.title]);
    expect((await submissive.client.post('/api/stops/lift', {})).status).toBe(200);
    expect((await edit(dominant, rule.id, { ...RULE, version: 1 })).status).toBe(200);
  });

  it('a limit tag either partner answered No to refuses the rule', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const put = await submissive.client.put('/api/limits/answer', {
      partnerId: dominant.id,
      itemId: 'restraint.rope',
      answer: 'no',
    });
    expect(put.status).toBe(200);
    await expectError(await write(couple, { ...RULE, limitTags: ['restraint.rope'] }), 409, 'LIMIT_CROSSED');
    expect(await rulesOf(dominant, submissive)).toEqual([]);
    const tagged = await created(couple, { ...RULE, limitTags: ['restraint.blindfold'] });
    expect(tagged.limitTags).toEqual([{ id: 'restraint.blindfold', title: 'Blindfold' }]);
  });

  it('the same Idempotency-Key makes one rule, also when sent twice at once', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const key = '0b7f6a52-4a8e-4c1e-9f7a-2d3c4b5a6f70';
    const send = () =>
      dominant.client.post(
        '/api/rules',
        { partnerId: submissive.id, ...RULE },
        { headers: { 'Idempotency-Key': key } },
      );
    const [a, b] = await Promise.all([send(), send()]);
    const ids = await Promise.all(
      [a, b].map(async (r) => ((await expectBody(r, 201)) as { rule: RuleView }).rule.id),
    );
    expect(ids[0]).toBe(ids[1]);
    expect((await rulesOf(submissive, dominant)).map((r) => r.id)).toEqual([ids[0]]);
    expect((await notificationsOf(submissive)).filter((n) => n.type === 'rule_written')).toHaveLength(1);
    await expectError(
      await dominant.client.post(
        '/api/rules',
        { partnerId: submissive.id, ...RULE },
        { headers: { 'Idempotency-Key': 'nope' } },
      ),
      400,
    );
  });

  it(`a pair keeps at most ${RULES_IN_FORCE_MAX} rules in force; a retired one makes room`, async () => {
    const couple = await createCouple(server);
    const first = await created(couple, { title: 'Rule 1' });
    for (let i = 2; i <= RULES_IN_FORCE_MAX; i++) {
      expect((await write(couple, { title: `Rule ${i}` })).status).toBe(201);
    }
    await expectError(await write(couple, { title: 'One more' }), 409, 'CONFLICT', RULES_TEXT.tooMany);
    expect((await couple.dominant.client.delete(`/api/rules/${first.id}`)).status).toBe(200);
    expect((await write(couple, { title: 'One more' })).status).toBe(201);
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const rule = await created(couple);
    const before = await server.rowCounts();
    const expectations: [Record<string, unknown> | unknown[], string | undefined][] = [
      [{}, undefined],
      [{ title: '' }, RULES_TEXT.titleRequired],
      [{ title: '   ' }, RULES_TEXT.titleRequired],
      [{ title: 12 }, RULES_TEXT.titleRequired],
      [{ title: 'x'.repeat(RULE_TITLE_MAX + 1) }, RULES_TEXT.titleTooLong],
      [{ title: `Kneel${NUL}` }, undefined],
      [{ title: 'Ok', text: 'x'.repeat(RULE_TEXT_MAX + 1) }, RULES_TEXT.textTooLong],
      [{ title: 'Ok', consequence: 'x'.repeat(RULE_CONSEQUENCE_MAX + 1) }, RULES_TEXT.consequenceTooLong],
      [{ title: 'Ok', category: 'chores' }, RULES_TEXT.badCategory],
      [{ title: 'Ok', limitTags: 'restraint.rope' }, undefined],
      [{ title: 'Ok', limitTags: ['restraint.unknown'] }, undefined],
      [{ title: 'Ok', extra: true }, undefined],
      [[], undefined],
    ];
    for (const [body, message] of expectations) {
      const full = Array.isArray(body) ? body : { partnerId: submissive.id, ...body };
      await expectError(await dominant.client.post('/api/rules', full), 400, undefined, message);
    }
    await expectError(
      await dominant.client.post('/api/rules', { title: 'No partner' }),
      400,
      undefined,
      RULES_TEXT.partnerRequired,
    );
    await expectError(await dominant.client.post('/api/rules', { partnerId: 'not-an-id', title: 'x' }), 400);
    await expectError(await edit(dominant, rule.id, { ...RULE }), 400, undefined, RULES_TEXT.versionRequired);
    await expectError(
      await edit(dominant, rule.id, { ...RULE, version: '1' }),
      400,
      undefined,
      RULES_TEXT.versionRequired,
    );
    await expectError(await edit(dominant, 'not-an-id', { ...RULE, version: 1 }), 400);
    await expectError(
      await submissive.client.post(`/api/rules/${rule.id}/acknowledge`, {}),
      400,
      undefined,
      RULES_TEXT.versionRequired,
    );
    await expectError(
      await submissive.client.post(`/api/rules/${rule.id}/acknowledge`, { version: 1.5 }),
      400,
    );
    await expectError(await dominant.client.get('/api/rules'), 400, undefined, RULES_TEXT.partnerRequired);
    await expectError(await dominant.client.get('/api/rules?partnerId=nope'), 400);
    const malformed = await dominant.client.fetch('/api/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"partnerId": ',
    });
    await expectError(malformed, 400);
    expect(await server.rowCounts()).toEqual(before);
  });
});
