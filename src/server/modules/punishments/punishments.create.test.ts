import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { notificationsOf } from '../../test/notifications';
import { type Couple, connect, createCouple } from '../../test/partners';
import {
  createPunishment,
  findPunishment,
  listPunishments,
  punishmentBody,
  setCompletion,
} from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { oggOpus } from '../../test/samples';
import { startTestServer, type TestServer } from '../../test/server';
import { postAudio, storedCounts, uploadAudio, uploadPhoto } from '../../test/uploads';
import { actAs, actAsAnew, createUser } from '../../test/users';

describe.each(databases())('punishments: assigning on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;
  let other: Couple;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    [couple, other] = await Promise.all([createCouple(server), createCouple(server)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (client: Couple['dominant']['client'], body: unknown) => client.post('/api/punishments', body);

  it('stores every field, shows it to both partners and nobody else, and notifies the submissive', async () => {
    const stream = await openEventStream(couple.submissive.client);
    const response = await couple.dominant.api.punishments.$post({
      json: {
        assignedTo: couple.submissive.id,
        title: '  Corner time  ',
        severity: 'severe',
        reason: 'Sulking',
        notes: 'Hands behind back',
        aftercareRequired: true,
        timerEnabled: true,
        timerDuration: 90,
      },
    });
    const { punishment } = await expectBody(response, 201);
    expect(punishment).toMatchObject({
      pairId: couple.pairId,
      title: 'Corner time',
      severity: 'severe',
      reason: 'Sulking',
      notes: 'Hands behind back',
      assignedBy: couple.dominant.id,
      assignedByName: 'Dana Dom',
      assignedTo: couple.submissive.id,
      assignedToName: 'Sam Sub',
      isCompleted: false,
      completedAt: null,
      aftercareRequired: true,
      timerEnabled: true,
      timerDuration: 90,
      timerStartTime: null,
      voiceNote: null,
      feedback: null,
      createdAt: server.clock.now().getTime(),
    });
    expect(await findPunishment(couple.submissive.client, punishment.id)).toEqual(punishment);
    expect(await findPunishment(other.dominant.client, punishment.id)).toBeUndefined();
    expect(await findPunishment(other.submissive.client, punishment.id)).toBeUndefined();
    expect(await stream.next('punishment.changed')).toEqual({
      punishmentId: punishment.id,
      pairId: couple.pairId,
    });
    stream.close();
    const [note] = (await notificationsOf(couple.submissive.client)).filter(
      (n) => n.type === 'punishment_assigned',
    );
    expect(note).toMatchObject({ data: { punishmentId: punishment.id, pairId: couple.pairId } });
    expect(note!.message).toContain('Dana Dom');
    expect(note!.message).toContain('Corner time');
  });

  it('defaults: mild, 15 minutes, no timer, no aftercare; without a chosen submissive, the first one', async () => {
    const response = await couple.dominant.client.post('/api/punishments', { title: 'Lines' });
    const { punishment } = await expectBody(response, 201);
    expect(punishment).toMatchObject({
      assignedTo: couple.submissive.id,
      severity: 'mild',
      timerDuration: 15,
      timerEnabled: false,
      aftercareRequired: false,
      reason: '',
      notes: '',
    });
  });

  it('lists newest first', async () => {
    const first = await createPunishment(other, { title: 'First' });
    server.clock.advance(1_000);
    const second = await createPunishment(other, { title: 'Second' });
    const ids = (await listPunishments(other.submissive.client)).map((p) => p.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });

  it.each([
    [{ title: '' }, 'Missing information'],
    [{ title: '   ' }, 'Missing information'],
    [{ title: undefined }, 'Missing information'],
    [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    [{ severity: 'brutal' }, 'Severity must be mild, moderate, severe or funishment'],
    [{ timerDuration: 0 }, 'Timer duration must be a whole number of minutes from 1 to 180'],
    [{ timerDuration: 181 }, 'Timer duration must be a whole number of minutes from 1 to 180'],
    [{ timerDuration: 2.5 }, 'Timer duration must be a whole number of minutes from 1 to 180'],
    [{ timerDuration: '15' }, 'Timer duration must be a whole number of minutes from 1 to 180'],
    [{ reason: 'x'.repeat(2001) }, 'Reason must be at most 2000 characters'],
    [{ notes: 'x'.repeat(2001) }, 'Notes must be at most 2000 characters'],
    [{ aftercareRequired: 'yes' }, 'aftercareRequired must be true or false'],
    [{ assignedTo: 'not-a-uuid' }, 'Please select a submissive partner'],
    [{ voiceNoteId: 'nope' }, 'Invalid voice note'],
    [{ title: 'a\u0000b' }, 'Text must not contain NUL characters'],
  ])('refuses %j with 400 "%s", changing nothing', async (patch, message) => {
    const before = await storedCounts(server);
    const body = punishmentBody(couple.submissive.id, patch);
    await expectError(await post(couple.dominant.client, body), 400, 'VALIDATION_ERROR', message);
    expect(await storedCounts(server)).toEqual(before);
  });

  it('refuses malformed JSON and a JSON array, changing nothing', async () => {
    const before = await storedCounts(server);
    const malformed = await couple.dominant.client.fetch('/api/punishments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title": "x", ',
    });
    await expectError(malformed, 400, 'MALFORMED_JSON');
    await expectError(await post(couple.dominant.client, [{ title: 'x' }]), 400, 'VALIDATION_ERROR');
    expect(await storedCounts(server)).toEqual(before);
  });

  it('only a dominant assigns, only to their own submissive (403 / 404)', async () => {
    const loner = await createUser(server, { role: 'dominant' });
    const before = await storedCounts(server);
    await expectError(
      await post(couple.submissive.client, punishmentBody(couple.dominant.id)),
      403,
      'FORBIDDEN',
      'Only the dominant can assign punishments',
    );
    for (const foreign of [other.submissive.id, other.dominant.id, couple.dominant.id, randomUUID()]) {
      await expectError(
        await post(couple.dominant.client, punishmentBody(foreign)),
        404,
        'NOT_FOUND',
        'No partner connection found',
      );
    }
    await expectError(
      await post(loner.client, { title: 'x' }),
      404,
      'NOT_FOUND',
      'No partner connection found',
    );
    await expectError(await server.request('/api/punishments'), 401);
    expect(await storedCounts(server)).toEqual(before);
  });

  it('a Switch assigns only while acting as dominant', async () => {
    const sw = await createUser(server, { role: 'switch', displayName: 'Sky Switch' });
    const sub = await createUser(server, { role: 'submissive' });
    await actAs(sw.client, 'dominant');
    await connect(sw, sub);
    await actAsAnew(server, sw, 'submissive');
    await expectError(await post(sw.client, { title: 'x', assignedTo: sub.id }), 403, 'FORBIDDEN');
    await actAsAnew(server, sw, 'dominant');
    const { punishment } = await expectBody(await post(sw.client, { title: 'x', assignedTo: sub.id }), 201);
    expect(punishment.assignedTo).toBe(sub.id);
  });

  it('holds an optional voice note of the pair, which plays for both; never a photo or a foreign file', async () => {
    const audio = await uploadAudio(couple.dominant.client, couple.submissive.id);
    const { punishment } = await expectBody(
      await post(couple.dominant.client, {
        ...punishmentBody(couple.submissive.id),
        voiceNoteId: audio,
        voiceNoteDescription: ' Listen first ',
      }),
      201,
    );
    expect(punishment).toMatchObject({ voiceNote: audio, voiceNoteDescription: 'Listen first' });
    expect((await couple.submissive.client.fetch(`/api/media/${audio}`)).status).toBe(200);

    const photo = await uploadPhoto(couple.dominant.client, couple.submissive.id);
    const foreign = await uploadAudio(other.dominant.client, other.submissive.id);
    const before = await storedCounts(server);
    for (const id of [photo, foreign, randomUUID()]) {
      const body = { ...punishmentBody(couple.submissive.id), voiceNoteId: id };
      await expectError(await post(couple.dominant.client, body), 400, 'VALIDATION_ERROR');
    }
    // Already held by the first punishment.
    const again = { ...punishmentBody(couple.submissive.id), voiceNoteId: audio };
    await expectError(await post(couple.dominant.client, again), 409, 'CONFLICT');
    expect(await storedCounts(server)).toEqual(before);
  });

  it('one assigned from an infraction names it (its rule’s title then, when it happened), read with it', async () => {
    const { dominant, submissive } = couple;
    const written = await dominant.client.post('/api/rules', {
      partnerId: submissive.id,
      title: 'Water at noon',
      consequence: 'Ten lines',
    });
    const { rule } = (await expectBody(written, 201)) as { rule: { id: string } };
    const logged = await dominant.client.post('/api/infractions', { ruleId: rule.id });
    const { infraction } = (await expectBody(logged, 201)) as {
      infraction: { id: string; occurredAt: number; ruleConsequence: string | null };
    };
    expect(infraction.ruleConsequence).toBe('Ten lines');
    // A later version of the rule changes nothing of what the punishment names.
    server.clock.advance(60_000);
    const edited = await dominant.client.put(`/api/rules/${rule.id}`, { title: 'Water by one', version: 1 });
    expect(edited.status).toBe(200);
    const named = {
      id: infraction.id,
      ruleTitle: 'Water at noon',
      occurredAt: infraction.occurredAt,
      withdrawn: false,
    };
    const made = await createPunishment(couple, { title: 'Ten lines', infractionId: infraction.id });
    expect(made.infraction).toEqual(named);
    const plain = await createPunishment(couple, { title: 'Corner time' });
    expect(plain.infraction).toBeNull();
    for (const who of [dominant, submissive]) {
      expect((await findPunishment(who, made.id))?.infraction).toEqual(named);
      expect((await findPunishment(who, plain.id))?.infraction).toBeNull();
    }
    // A write answered by a read of the punishment names it too.
    expect((await setCompletion(submissive.client, made.id, true)).infraction).toEqual(named);
    // Withdrawn afterwards, the infraction still names the punishment, and the punishment says so.
    expect((await dominant.client.post(`/api/infractions/${infraction.id}/withdraw`, {})).status).toBe(200);
    for (const who of [dominant, submissive]) {
      expect((await findPunishment(who, made.id))?.infraction).toEqual({ ...named, withdrawn: true });
    }
  });

  it('a voice note over 60 s or not audio is refused at upload', async () => {
    const before = await storedCounts(server);
    const long = await postAudio(couple.dominant.client, couple.submissive.id, oggOpus(61), 61_000);
    expect(long.status).toBeGreaterThanOrEqual(400);
    expect(long.status).toBeLessThan(500);
    const junk = await postAudio(
      couple.dominant.client,
      couple.submissive.id,
      Buffer.from('not audio at all'),
    );
    expect(junk.status).toBeGreaterThanOrEqual(400);
    expect(junk.status).toBeLessThan(500);
    expect(await storedCounts(server)).toEqual(before);
  });
});
