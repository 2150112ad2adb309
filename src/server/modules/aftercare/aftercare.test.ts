import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCREET_BODY, DISCREET_TITLE } from '@/shared/domain/push';
import { localTimeOfDay } from '@/shared/domain/schedule';
import { AFTERCARE_NOTE_MAX, AFTERCARE_TEXT, type AftercareListView } from '@/shared/schemas/aftercare';
import { jsonInit } from '../../test/client';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { connect, createCouple } from '../../test/partners';
import { createPunishment, findPunishment, setCompletion } from '../../test/punishments';
import { PUSH_TEST_SERVER, pushesSettled, registerDevice } from '../../test/push';
import { type PushPeer, pushMessageOf, startPushPeer } from '../../test/push-peer';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, signIn, type TestUser } from '../../test/users';

const NUL = '\u0000';
const MISSING = '3f0c7a8e-0000-4000-8000-000000000000';
const NOTE = 'A blanket and tea, please';

const aftercareOf = async (who: TestUser): Promise<AftercareListView> =>
  expectBody(await who.client.get('/api/aftercare'), 200);
const answer = (who: TestUser, id: string, body: unknown = {}) =>
  who.client.post(`/api/aftercare/${id}/answer`, body);
const dismiss = (who: TestUser, id: string) => who.client.post(`/api/aftercare/${id}/dismiss`, {});
const done = async (response: Promise<Response>): Promise<AftercareListView> =>
  expectBody(await response, 200);

/**
 * Aftercare (decisions 049, 054): a punishment marked "aftercare required", once completed, and every lift
 * of Red ask both partners "How are you? What do you need?". Each answers with an optional note, or
 * dismisses it; the punishment shows "given" once both answered.
 */
describe.each(databases())('aftercare on %s', (kind) => {
  let server: TestServer;
  let peer: PushPeer;
  beforeAll(async () => {
    peer = await startPushPeer();
    server = await startTestServer({
      db: kind,
      requireEmailVerification: false,
      captureLogs: true,
      ...PUSH_TEST_SERVER,
    });
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  it('a punishment marked "aftercare required", once completed, asks both; each answers; then it is given', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive, pairId } = couple;
    const punishment = await createPunishment(couple, { aftercareRequired: true });
    const plain = await createPunishment(couple, { title: 'No aftercare', aftercareRequired: false });
    expect(punishment.aftercare).toBeNull();
    await setCompletion(submissive.client, plain.id, true);
    expect((await aftercareOf(submissive)).aftercare).toEqual([]);

    expect((await setCompletion(submissive.client, punishment.id, true)).aftercare).toBe('asked');
    const subs = (await aftercareOf(submissive)).aftercare;
    expect(subs).toEqual([
      {
        id: expect.any(String),
        pairId,
        partnerId: dominant.id,
        occasion: 'punishment',
        punishmentId: punishment.id,
        punishmentTitle: 'Write lines',
        askedAt: expect.any(Number),
        mine: { state: 'open', note: null, answeredAt: null },
        theirs: { state: 'open', note: null, answeredAt: null },
      },
    ]);
    const id = subs[0]!.id;
    expect((await aftercareOf(dominant)).aftercare).toEqual([
      expect.objectContaining({ id, partnerId: submissive.id }),
    ]);
    // Both are told, by the question alone.
    for (const who of [dominant, submissive]) {
      const told = (await notificationsOf(who)).filter((n) => n.type === 'aftercare_asked');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ title: 'Aftercare', message: AFTERCARE_TEXT.question });
      expect(told[0]?.data).toEqual({ pairId, aftercareId: id });
    }

    // The submissive answers with a note: their card closes; the dominant reads it on theirs.
    expect((await done(answer(submissive, id, { note: `  ${NOTE}  ` }))).aftercare).toEqual([]);
    expect((await aftercareOf(dominant)).aftercare[0]?.theirs).toEqual({
      state: 'answered',
      note: NOTE,
      answeredAt: expect.any(Number),
    });
    expect((await findPunishment(dominant.client, punishment.id))?.aftercare).toBe('asked');
    // Answering twice changes nothing.
    await done(answer(submissive, id, { note: 'Something else' }));
    await done(dismiss(submissive, id));
    expect((await aftercareOf(dominant)).aftercare[0]?.theirs.note).toBe(NOTE);

    // The dominant answers without a note: given, on both sides.
    expect((await done(answer(dominant, id))).aftercare).toEqual([]);
    expect((await findPunishment(dominant.client, punishment.id))?.aftercare).toBe('given');
    expect((await findPunishment(submissive.client, punishment.id))?.aftercare).toBe('given');

    // Completed again after an undo: asked once only.
    await setCompletion(dominant.client, punishment.id, false);
    await setCompletion(dominant.client, punishment.id, true);
    expect((await aftercareOf(submissive)).aftercare).toEqual([]);
    // A note is never in a notification or a log line.
    expect(JSON.stringify(await notificationsOf(dominant))).not.toContain(NOTE);
    expect(server.logs().join('\n')).not.toContain(NOTE);
  });

  it('dismissing costs nothing: the card closes, and the punishment shows it closed, not given and not failed', async () => {
    const couple = await createCouple(server);
    const punishment = await createPunishment(couple, { aftercareRequired: true });
    // The dominant completes it: the ask is the same.
    await setCompletion(couple.dominant.client, punishment.id, true);
    const id = (await aftercareOf(couple.dominant)).aftercare[0]!.id;
    expect((await done(dismiss(couple.dominant, id))).aftercare).toEqual([]);
    expect((await aftercareOf(couple.submissive)).aftercare[0]?.theirs).toEqual({
      state: 'dismissed',
      note: null,
      answeredAt: expect.any(Number),
    });
    await done(answer(couple.submissive, id, { note: NOTE }));
    expect((await findPunishment(couple.submissive.client, punishment.id))?.aftercare).toBe('closed');
  });

  it('lifting Red asks both, and aftercare is answered while a stop still holds the pair', async () => {
    const { dominant, submissive, pairId } = await createCouple(server);
    expect((await submissive.client.post('/api/stops', {})).status).toBe(200);
    expect((await dominant.client.post('/api/stops', {})).status).toBe(200);
    expect((await aftercareOf(submissive)).aftercare).toEqual([]);
    expect((await submissive.client.post('/api/stops/lift', {})).status).toBe(200);
    const asked = (await aftercareOf(submissive)).aftercare;
    expect(asked).toEqual([
      expect.objectContaining({ pairId, occasion: 'red_lift', punishmentId: null, punishmentTitle: null }),
    ]);
    // The dominant's own stop still holds the pair: answering is never refused.
    await done(answer(dominant, asked[0]!.id, { note: NOTE }));
    await done(dismiss(submissive, asked[0]!.id));
    // The second lift asks again.
    expect((await dominant.client.post('/api/stops/lift', {})).status).toBe(200);
    expect((await aftercareOf(dominant)).aftercare).toHaveLength(1);
  });

  it('only the two partners of the active pair: not a stranger, a former partner or someone signed out', async () => {
    const couple = await createCouple(server);
    const stranger = await createUser(server, { role: 'dominant' });
    const punishment = await createPunishment(couple, { aftercareRequired: true });
    await setCompletion(couple.submissive.client, punishment.id, true);
    const id = (await aftercareOf(couple.submissive)).aftercare[0]!.id;
    const before = await server.rowCounts();
    for (const response of [
      await answer(stranger, id, { note: NOTE }),
      await dismiss(stranger, id),
      await answer(couple.dominant, MISSING),
      await dismiss(couple.dominant, MISSING),
    ]) {
      await expectError(response, 404, 'NOT_FOUND', AFTERCARE_TEXT.notFound);
    }
    expect((await aftercareOf(stranger)).aftercare).toEqual([]);
    const anonymous = server.client();
    for (const response of [
      await anonymous.get('/api/aftercare'),
      await anonymous.post(`/api/aftercare/${id}/answer`, { note: NOTE }),
      await anonymous.post(`/api/aftercare/${id}/dismiss`, {}),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
    expect(await server.rowCounts()).toEqual(before);

    // After the couple ends, neither reads or answers it.
    expect((await couple.dominant.client.delete(`/api/partners/${couple.submissive.id}`)).status).toBe(200);
    const after = await server.rowCounts();
    await expectError(await answer(couple.submissive, id, { note: NOTE }), 404, 'NOT_FOUND');
    await expectError(await dismiss(couple.dominant, id), 404, 'NOT_FOUND');
    expect((await aftercareOf(couple.submissive)).aftercare).toEqual([]);
    expect(await server.rowCounts()).toEqual(after);
  });

  it('either role answers, and a Switch who has not chosen a role too', async () => {
    const sw = await createUser(server, { role: 'switch', actAs: 'submissive' });
    const dom = await createUser(server, { role: 'dominant' });
    await connect(dom, sw);
    expect((await dom.client.post('/api/stops', {})).status).toBe(200);
    expect((await dom.client.post('/api/stops/lift', {})).status).toBe(200);
    const undecided = await signIn(server, sw);
    const list = await expectBody(await undecided.get('/api/aftercare'), 200);
    expect(list.aftercare).toHaveLength(1);
    const id = (list.aftercare as { id: string }[])[0]!.id;
    expect((await undecided.post(`/api/aftercare/${id}/answer`, { note: NOTE })).status).toBe(200);
    expect((await aftercareOf(dom)).aftercare[0]?.theirs.note).toBe(NOTE);
  });

  it('one discreet push to each, whatever their choice of details, held by quiet hours: never the note', async () => {
    const couple = await createCouple(server);
    const punishment = await createPunishment(couple, { aftercareRequired: true });
    await pushesSettled(server);
    const sub = peer.subscription();
    const dom = peer.subscription();
    await registerDevice(couple.submissive, sub);
    await registerDevice(couple.dominant, dom);
    await expectBody(
      await couple.submissive.api.push.preferences.$put({ json: { showDetails: true, quietHours: null } }),
      200,
    );
    // The dominant is in quiet hours: their push waits for the summary.
    const minutes = Math.floor(localTimeOfDay(server.clock.now().getTime(), 'UTC') / 60_000);
    const at = (m: number) => {
      const x = (m + 1440) % 1440;
      return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    };
    const quietHours = { start: at(minutes - 60), end: at(minutes + 60), timeZone: 'UTC' };
    await expectBody(
      await couple.dominant.api.push.preferences.$put({ json: { showDetails: true, quietHours } }),
      200,
    );
    await setCompletion(couple.submissive.client, punishment.id, true);
    await pushesSettled(server);
    const toSub = peer.pushesTo(sub).map((push) => pushMessageOf(sub, push));
    expect(toSub).toEqual([expect.objectContaining({ title: DISCREET_TITLE, body: DISCREET_BODY })]);
    expect(peer.pushesTo(dom)).toEqual([]);

    const id = (await aftercareOf(couple.submissive)).aftercare[0]!.id;
    await done(answer(couple.submissive, id, { note: NOTE }));
    await pushesSettled(server);
    // Answering tells no one by push.
    expect(peer.pushesTo(sub)).toHaveLength(1);
    expect(peer.pushesTo(dom)).toEqual([]);
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const couple = await createCouple(server);
    const punishment = await createPunishment(couple, { aftercareRequired: true });
    await setCompletion(couple.submissive.client, punishment.id, true);
    const id = (await aftercareOf(couple.submissive)).aftercare[0]!.id;
    const before = await server.rowCounts();
    const cases: [unknown, string][] = [
      [{ note: 42 }, AFTERCARE_TEXT.noteText],
      [{ note: null }, AFTERCARE_TEXT.noteText],
      [{ note: 'a'.repeat(AFTERCARE_NOTE_MAX + 1) }, AFTERCARE_TEXT.noteTooLong],
      [{ note: 'a'.repeat(AFTERCARE_NOTE_MAX * 5) }, AFTERCARE_TEXT.noteTooLong],
      [{ note: `Tea${NUL}` }, 'Text must not contain NUL characters'],
      [{ note: NOTE, mood: 'fine' }, ''],
      [[], 'Request body must be a JSON object'],
      ['note', 'Request body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const refused = await expectError(await answer(couple.submissive, id, body), 400);
      if (message) expect(refused.error.message).toBe(message);
      else expect(refused.error.message.length).toBeGreaterThan(0);
    }
    const raw = await couple.submissive.client.fetch(`/api/aftercare/${id}/answer`, {
      ...jsonInit('POST', undefined),
      body: '{"note":',
    });
    await expectError(raw, 400, 'MALFORMED_JSON');
    for (const bad of ['not-an-id', 'a'.repeat(5000), `${MISSING.slice(0, 35)}${encodeURIComponent(NUL)}`]) {
      for (const response of [
        await answer(couple.submissive, bad, { note: NOTE }),
        await dismiss(couple.submissive, bad),
      ]) {
        const refused = await expectError(response, 400);
        expect(refused.error.message.length).toBeGreaterThan(0);
      }
    }
    expect(await server.rowCounts()).toEqual(before);
    // A note of exactly the limit is taken.
    await done(answer(couple.submissive, id, { note: 'a'.repeat(AFTERCARE_NOTE_MAX) }));
  });
});
