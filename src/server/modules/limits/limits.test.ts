import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CAPS } from '@/shared/domain/caps';
import { LIMIT_ITEMS } from '@/shared/domain/limits';
import { LIMIT_TITLE_MAX, LIMITS_TEXT, type LimitsPairView, type LimitsView } from '@/shared/schemas/limits';
import type { RecordPageView } from '@/shared/schemas/record';
import { jsonInit } from '../../test/client';
import { openContract } from '../../test/contracts';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, type TestUser } from '../../test/users';
import { readZip } from '../../test/zip';

const NUL = '\u0000';
const MISSING = '3f0c7a8e-0000-4000-8000-000000000000';
/** Items by role in the privacy test. */
const BOTH_YES = 'restraint.cuffs';
const YES_MAYBE = 'restraint.blindfold';
const BOTH_MAYBE = 'restraint.wax';
const DOM_YES_SUB_NO = 'restraint.rope';
/** The submissive's answers that must never reach the dominant: a No and a Maybe nobody met. */
const SUB_ONLY_NO = 'words.degradation';
const SUB_ONLY_MAYBE = 'control.chastity';

const view = async (response: Response | Promise<Response>): Promise<LimitsView> =>
  expectBody(await response, 200);
const limitsOf = async (who: TestUser): Promise<LimitsView> => view(who.client.get('/api/limits'));
const pairView = (v: LimitsView, pairId: string): LimitsPairView => {
  const found = v.pairs.find((p) => p.pairId === pairId);
  expect(found, 'the pair is in the view').toBeDefined();
  return found!;
};
const answer = (who: TestUser, partner: TestUser, itemId: string, value: string | null) =>
  who.client.put('/api/limits/answer', { partnerId: partner.id, itemId, answer: value });
const finish = (who: TestUser, partner: TestUser) =>
  who.client.post('/api/limits/finish', { partnerId: partner.id });
const addItem = (who: TestUser, partner: TestUser, title: string) =>
  who.client.post('/api/limits/items', { partnerId: partner.id, title });
const recordOf = async (who: TestUser): Promise<RecordPageView> =>
  expectBody(await who.client.get('/api/record'), 200);

/**
 * The limits lists (decision 055): each partner answers privately; once both have finished, each sees
 * the overlaps only. A partner's No, and any answer that meets no Yes, never reach the other.
 */
describe.each(databases())('limits lists on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows nothing of the partner until both finished; then the overlaps only, never a No', async () => {
    const { dominant: dom, submissive: sub, pairId }: Couple = await createCouple(server);
    const seenByDom: string[] = [];
    const asDom = async (response: Promise<Response>) => {
      const body = await view(response);
      seenByDom.push(JSON.stringify(body));
      return pairView(body, pairId);
    };

    const empty = await asDom(dom.client.get('/api/limits'));
    expect(empty).toEqual({
      pairId,
      partnerId: sub.id,
      custom: [],
      mine: {},
      finishedByMe: false,
      finishedByPartner: false,
      matches: null,
      capsInForce: NO_CAPS,
    });

    // A custom item: both see its title; each answers it.
    const withItem = await asDom(addItem(dom, sub, '  Breakfast in bed  '));
    expect(withItem.custom).toEqual([{ id: expect.any(String), title: 'Breakfast in bed', addedByMe: true }]);
    const custom = `custom:${withItem.custom[0]!.id}`;
    expect(pairView(await limitsOf(sub), pairId).custom).toEqual([
      { id: withItem.custom[0]!.id, title: 'Breakfast in bed', addedByMe: false },
    ]);

    for (const [item, value] of [
      [BOTH_YES, 'yes'],
      [YES_MAYBE, 'yes'],
      [BOTH_MAYBE, 'maybe'],
      [DOM_YES_SUB_NO, 'yes'],
      [custom, 'yes'],
    ] as const) {
      await asDom(answer(dom, sub, item, value));
    }
    for (const [item, value] of [
      [BOTH_YES, 'yes'],
      [YES_MAYBE, 'maybe'],
      [BOTH_MAYBE, 'maybe'],
      [DOM_YES_SUB_NO, 'no'],
      [SUB_ONLY_NO, 'no'],
      [SUB_ONLY_MAYBE, 'maybe'],
      [custom, 'yes'],
    ] as const) {
      expect(pairView(await view(answer(sub, dom, item, value)), pairId).mine[item]).toBe(value);
    }

    // Each reads their own answers; nothing of the other's.
    const domBefore = await asDom(dom.client.get('/api/limits'));
    expect(domBefore.mine).toEqual({
      [BOTH_YES]: 'yes',
      [YES_MAYBE]: 'yes',
      [BOTH_MAYBE]: 'maybe',
      [DOM_YES_SUB_NO]: 'yes',
      [custom]: 'yes',
    });
    expect(domBefore.matches).toBeNull();

    // One finished: the other learns that, and still nothing else.
    const subFinished = pairView(await view(finish(sub, dom)), pairId);
    expect(subFinished).toMatchObject({ finishedByMe: true, finishedByPartner: false, matches: null });
    expect(await asDom(dom.client.get('/api/limits'))).toMatchObject({
      finishedByMe: false,
      finishedByPartner: true,
      matches: null,
    });
    const told = (await notificationsOf(dom)).filter((n) => n.type === 'limits_finished');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Limits list', message: LIMITS_TEXT.partnerFinished });
    expect(told[0]?.data).toEqual({ pairId });
    // Finishing again tells nothing more.
    await view(finish(sub, dom));
    expect((await notificationsOf(dom)).filter((n) => n.type === 'limits_finished')).toHaveLength(1);

    // Both finished: the overlaps, both ways, and nothing more.
    const domAfter = await asDom(finish(dom, sub));
    const expected = [
      { itemId: BOTH_YES, match: 'yes' },
      { itemId: YES_MAYBE, match: 'maybe' },
      { itemId: custom, match: 'yes' },
    ];
    const byId = (a: { itemId: string }, b: { itemId: string }) => a.itemId.localeCompare(b.itemId);
    expect([...(domAfter.matches ?? [])].sort(byId)).toEqual([...expected].sort(byId));
    const subAfter = pairView(await limitsOf(sub), pairId);
    expect([...(subAfter.matches ?? [])].sort(byId)).toEqual([...expected].sort(byId));
    expect((await notificationsOf(sub)).filter((n) => n.type === 'limits_finished')).toHaveLength(1);

    // A change takes effect at once: the submissive tightens a Yes to No, and the match is gone.
    await view(answer(sub, dom, BOTH_YES, 'no'));
    const tightened = await asDom(dom.client.get('/api/limits'));
    expect(tightened.matches?.map((m) => m.itemId)).not.toContain(BOTH_YES);
    await view(answer(sub, dom, BOTH_YES, null));
    expect(pairView(await limitsOf(sub), pairId).mine[BOTH_YES]).toBeUndefined();

    // Every route the dominant can call: the submissive's No and unmatched answers are never in it.
    await asDom(answer(dom, sub, 'tasks.exercise', 'maybe'));
    await asDom(addItem(dom, sub, 'Another one'));
    await asDom(finish(dom, sub));
    const notes = JSON.stringify(await notificationsOf(dom));
    const record = await recordOf(dom);
    const exported = await dom.client.get('/api/me/export');
    expect(exported.status).toBe(200);
    const zip = await readZip(Buffer.from(await exported.arrayBuffer()));
    const archive = [...zip.values()].map((b) => b.toString('utf8')).join('\n');
    for (const text of [...seenByDom, notes, JSON.stringify(record), archive]) {
      for (const secret of [SUB_ONLY_NO, SUB_ONLY_MAYBE]) expect(text).not.toContain(secret);
    }
    // No answer of No reaches the dominant's views at all: they said none.
    for (const text of seenByDom) expect(text).not.toContain('"no"');
    // The record notes that limits changed, never which, for both to read.
    const entries = record.entries.filter((e) => e.kind === 'limits.changed');
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const e of entries) expect(JSON.stringify(e)).not.toMatch(/restraint|words\.|custom:|yes|maybe/);
    // The dominant's export holds their own answers.
    const own = JSON.parse(zip.get('limits.json')!.toString('utf8'));
    expect(own.answers.map((a: { itemId: string }) => a.itemId).sort()).toEqual(
      [BOTH_YES, YES_MAYBE, BOTH_MAYBE, DOM_YES_SUB_NO, custom, 'tasks.exercise'].sort(),
    );
    // The submissive's export holds theirs, with their No.
    const subZip = await readZip(Buffer.from(await (await sub.client.get('/api/me/export')).arrayBuffer()));
    const subOwn = JSON.parse(subZip.get('limits.json')!.toString('utf8'));
    expect(subOwn.answers).toContainEqual(
      expect.objectContaining({ pairId, itemId: SUB_ONLY_NO, answer: 'no' }),
    );
  });

  it('shows both partners the caps in force beside their lists, read from the contract (decision 057)', async () => {
    const couple = await createCouple(server);
    // No contract yet: nothing is capped.
    for (const who of [couple.dominant, couple.submissive]) {
      expect(pairView(await limitsOf(who), couple.pairId).capsInForce).toEqual(NO_CAPS);
    }
    const { contract } = await openContract(couple);
    const lowered = { ...NO_CAPS, openTasks: 2, protectedAreas: ['money' as const] };
    await expectBody(
      await couple.submissive.client.post(`/api/contracts/${contract.id}/caps/lower`, { caps: lowered }),
      200,
    );
    for (const who of [couple.dominant, couple.submissive]) {
      expect(pairView(await limitsOf(who), couple.pairId).capsInForce).toEqual(lowered);
    }
  });

  it('is open while Red holds the pair: saying no is never refused', async () => {
    const { dominant, submissive, pairId } = await createCouple(server);
    expect((await submissive.client.post('/api/stops', {})).status).toBe(200);
    expect(pairView(await view(answer(submissive, dominant, 'intimacy.oral', 'no')), pairId).mine).toEqual({
      'intimacy.oral': 'no',
    });
    await view(answer(dominant, submissive, 'intimacy.oral', 'yes'));
    await view(addItem(submissive, dominant, 'Something of ours'));
    await view(finish(submissive, dominant));
    expect((await submissive.client.post('/api/stops/lift', {})).status).toBe(200);
  });

  it('only the two partners of an active pair: a stranger and a former partner get 404, signed out 401', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const stranger = await createUser(server, { role: 'dominant' });
    await view(answer(submissive, dominant, LIMIT_ITEMS[0]!.id, 'yes'));
    const before = await server.rowCounts();
    for (const response of [
      await answer(stranger, submissive, BOTH_YES, 'yes'),
      await addItem(stranger, submissive, 'Mine'),
      await finish(stranger, submissive),
    ]) {
      await expectError(response, 404, 'NOT_FOUND', LIMITS_TEXT.noPartner);
    }
    expect(await limitsOf(stranger)).toEqual({ pairs: [] });
    // Another pair's custom item is not an item of this pair.
    const other = await createCouple(server);
    const theirs = pairView(await view(addItem(other.dominant, other.submissive, 'Theirs')), other.pairId);
    await expectError(await answer(dominant, submissive, `custom:${theirs.custom[0]!.id}`, 'yes'), 404);
    const anonymous = server.client();
    for (const response of [
      await anonymous.get('/api/limits'),
      await anonymous.put('/api/limits/answer', { partnerId: dominant.id, itemId: BOTH_YES, answer: 'yes' }),
      await anonymous.post('/api/limits/items', { partnerId: dominant.id, title: 'x' }),
      await anonymous.post('/api/limits/finish', { partnerId: dominant.id }),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
    expect((await server.rowCounts()).limitAnswers).toBe(before.limitAnswers);
    expect((await server.rowCounts()).limitLists).toBe(before.limitLists);

    // After the couple ends, neither reads or writes it.
    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    const after = await server.rowCounts();
    await expectError(await answer(submissive, dominant, BOTH_YES, 'no'), 404, 'NOT_FOUND');
    await expectError(await addItem(submissive, dominant, 'Late'), 404, 'NOT_FOUND');
    await expectError(await finish(dominant, submissive), 404, 'NOT_FOUND');
    expect(await limitsOf(submissive)).toEqual({ pairs: [] });
    expect(await limitsOf(dominant)).toEqual({ pairs: [] });
    expect(await server.rowCounts()).toEqual(after);
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const { dominant, submissive } = await createCouple(server);
    const before = await server.rowCounts();
    const ok = { partnerId: submissive.id, itemId: BOTH_YES, answer: 'yes' };
    for (const body of [
      {},
      { ...ok, partnerId: 42 },
      { ...ok, partnerId: 'not-an-id' },
      { ...ok, partnerId: `${MISSING.slice(0, 35)}${NUL}` },
      { ...ok, itemId: undefined },
      { ...ok, itemId: 'restraint.unknown' },
      { ...ok, itemId: 'custom:not-a-uuid' },
      { ...ok, itemId: 'a'.repeat(5000) },
      { ...ok, itemId: `${BOTH_YES}${NUL}` },
      { ...ok, itemId: 7 },
      { ...ok, answer: 'perhaps' },
      { ...ok, answer: 1 },
      { partnerId: submissive.id, itemId: BOTH_YES },
      { ...ok, extra: true },
      [],
    ]) {
      const refused = await expectError(await dominant.client.put('/api/limits/answer', body), 400);
      expect(refused.error.message.length).toBeGreaterThan(0);
    }
    for (const body of [
      { partnerId: submissive.id },
      { partnerId: submissive.id, title: '' },
      { partnerId: submissive.id, title: '   ' },
      { partnerId: submissive.id, title: 'x'.repeat(LIMIT_TITLE_MAX + 1) },
      { partnerId: submissive.id, title: `Tea${NUL}` },
      { partnerId: submissive.id, title: 12 },
      { title: 'No partner' },
    ]) {
      const refused = await expectError(await dominant.client.post('/api/limits/items', body), 400);
      expect(refused.error.message.length).toBeGreaterThan(0);
    }
    await expectError(
      await dominant.client.post('/api/limits/items', {
        partnerId: submissive.id,
        title: 'x'.repeat(LIMIT_TITLE_MAX + 1),
      }),
      400,
      undefined,
      LIMITS_TEXT.titleTooLong,
    );
    for (const body of [{}, { partnerId: 'nope' }, { partnerId: submissive.id, more: 1 }]) {
      await expectError(await dominant.client.post('/api/limits/finish', body), 400);
    }
    for (const path of ['/api/limits/answer', '/api/limits/items', '/api/limits/finish']) {
      const raw = await dominant.client.fetch(path, {
        ...jsonInit(path.endsWith('answer') ? 'PUT' : 'POST', undefined),
        body: '{"partnerId":',
      });
      await expectError(raw, 400, 'MALFORMED_JSON');
    }
    // At the boundary: a title of exactly the maximum is kept.
    expect(await server.rowCounts()).toEqual(before);
    const kept = await view(addItem(dominant, submissive, 'x'.repeat(LIMIT_TITLE_MAX)));
    expect(kept.pairs[0]?.custom[0]?.title).toHaveLength(LIMIT_TITLE_MAX);
  });
});
