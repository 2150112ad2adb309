import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CAPS } from '@/shared/domain/caps';
import { notificationTarget } from '@/shared/domain/notification-targets';
import { DISCREET_BODY, DISCREET_TITLE, notificationPush } from '@/shared/domain/push';
import { PERMISSIONS_TEXT, type PermissionAnswer } from '@/shared/schemas/permissions';
import type { RecordPageView } from '@/shared/schemas/record';
import { openContract } from '../../test/contracts';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { readZip } from '../../test/zip';
import { act, acted, ask, asked, requestsOf } from './permissions.fixtures';

/**
 * Permission requests (issue 24 part 5, decision 069): the submissive asks, the dominant grants or denies
 * once with a note, the submissive withdraws one that waits; both see the history, told and recorded.
 */
describe.each(databases())('permission requests on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('asks, grants, denies once and withdraws only while pending; both see the history', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive, pairId } = couple;
    const when = Date.UTC(2030, 4, 17, 19, 30);
    const first = (
      (await expectBody(
        await ask(submissive, dominant.id, { what: '  A late night out  ', when, note: 'Back by two' }),
        201,
      )) as PermissionAnswer
    ).request;
    expect(first).toMatchObject({
      pairId,
      what: 'A late night out',
      when,
      note: 'Back by two',
      status: 'pending',
      decidedAt: null,
      dominantId: dominant.id,
      submissiveId: submissive.id,
    });
    server.clock.advance(1000);
    const granted = await acted(dominant, first.id, 'grant', { note: 'Enjoy it' });
    expect(granted).toMatchObject({ status: 'granted', decisionNote: 'Enjoy it' });
    expect(granted.decidedAt).toBe(server.clock.now().getTime());
    // Once: a second decision, either way, is 409 and changes nothing.
    const before = await server.rowCounts();
    await expectError(
      await act(dominant, first.id, 'deny'),
      409,
      'CONFLICT',
      PERMISSIONS_TEXT.alreadyDecided,
    );
    await expectError(await act(dominant, first.id, 'grant'), 409, 'CONFLICT');
    await expectError(
      await act(submissive, first.id, 'withdraw'),
      409,
      'CONFLICT',
      PERMISSIONS_TEXT.notPending,
    );
    expect(await server.rowCounts()).toEqual(before);

    server.clock.advance(1000);
    const second = await asked(couple, 'A second dessert');
    expect(second.when).toBeNull();
    const denied = await acted(dominant, second.id, 'deny');
    expect(denied).toMatchObject({ status: 'denied', decisionNote: null });
    server.clock.advance(1000);
    const third = await asked(couple, 'Sleep in on Sunday');
    expect(await acted(submissive, third.id, 'withdraw')).toMatchObject({ status: 'withdrawn' });
    await expectError(await act(dominant, third.id, 'grant'), 409, 'CONFLICT');

    for (const [who, partner] of [
      [dominant, submissive],
      [submissive, dominant],
    ] as const) {
      const list = await requestsOf(who, partner.id);
      expect(list.requests.map((r) => [r.what, r.status])).toEqual([
        ['Sleep in on Sunday', 'withdrawn'],
        ['A second dessert', 'denied'],
        ['A late night out', 'granted'],
      ]);
      expect(list.nextBefore).toBeNull();
    }
    const after = await requestsOf(dominant, submissive.id, second.id);
    expect(after.requests.map((r) => r.id)).toEqual([first.id]);

    // Told: the dominant of each request, the submissive of each decision; a withdrawal tells no one.
    const toDominant = (await notificationsOf(dominant)).filter((n) => n.type.startsWith('permission_'));
    expect(toDominant.map((n) => n.message)).toEqual([
      'Sam Sub asks: "Sleep in on Sunday"',
      'Sam Sub asks: "A second dessert"',
      'Sam Sub asks: "A late night out"',
    ]);
    expect(notificationTarget(toDominant[0]!)).toEqual({
      kind: 'path',
      to: `/structure?partner=${submissive.id}&tab=requests&highlight=${third.id}`,
    });
    const toSubmissive = (await notificationsOf(submissive)).filter((n) => n.type.startsWith('permission_'));
    expect(toSubmissive.map((n) => [n.type, n.message])).toEqual([
      ['permission_denied', 'Dana Dom denied "A second dessert"'],
      ['permission_granted', 'Dana Dom granted "A late night out"'],
    ]);
    expect(notificationTarget(toSubmissive[0]!)).toEqual({
      kind: 'path',
      to: `/structure?partner=${dominant.id}&tab=requests&highlight=${second.id}`,
    });
    expect(notificationPush(toSubmissive[0]!, false)).toMatchObject({
      title: DISCREET_TITLE,
      body: DISCREET_BODY,
    });

    // Recorded in the group "Permissions", ids only: never what was asked or a note.
    const record = (await expectBody(
      await dominant.client.get(`/api/record?pairId=${pairId}&kind=permission`),
      200,
    )) as RecordPageView;
    expect(record.entries.map((e) => e.kind)).toEqual([
      'permission.withdrawn',
      'permission.requested',
      'permission.denied',
      'permission.requested',
      'permission.granted',
      'permission.requested',
    ]);
    expect(JSON.stringify(record.entries)).not.toMatch(/late night|dessert|Sunday|Enjoy|Back by two/);
    expect(record.entries[0]!.facts).toEqual({ requestId: third.id });
  });

  it('never concerns a protected area of the contract, nor a limit either partner said No to', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const { contract } = await openContract(couple);
    const caps = { ...NO_CAPS, protectedAreas: ['money' as const] };
    await expectBody(await submissive.client.post(`/api/contracts/${contract.id}/caps/lower`, { caps }), 200);
    const before = await server.rowCounts();
    await expectError(
      await ask(submissive, dominant.id, { what: 'A new coat', areas: ['money', 'health'] }),
      409,
      'CAP_EXCEEDED',
      PERMISSIONS_TEXT.protectedArea('money'),
    );
    expect(await server.rowCounts()).toEqual(before);
    const put = await dominant.client.put('/api/limits/answer', {
      partnerId: submissive.id,
      itemId: 'restraint.rope',
      answer: 'no',
    });
    expect(put.status).toBe(200);
    const counted = await server.rowCounts();
    await expectError(
      await ask(submissive, dominant.id, { what: 'Rope tonight?', limitTags: ['restraint.rope'] }),
      409,
      'LIMIT_CROSSED',
    );
    expect(await server.rowCounts()).toEqual(counted);
    expect((await requestsOf(submissive, dominant.id)).requests).toEqual([]);
    // An area the contract does not protect, a limit nobody said No to: asked.
    const made = (
      (await expectBody(
        await ask(submissive, dominant.id, {
          what: 'A walk alone',
          areas: ['health'],
          limitTags: ['restraint.blindfold'],
        }),
        201,
      )) as PermissionAnswer
    ).request;
    expect(made.areas).toEqual(['health']);
    expect(made.limitTags).toEqual([{ id: 'restraint.blindfold', title: 'Blindfold' }]);
  });

  it('the same Idempotency-Key makes one request, also when sent twice at once', async () => {
    const couple = await createCouple(server);
    const key = '9a4c2e71-5b3d-4f6a-8c9e-0d1e2f3a4b5c';
    const send = () => ask(couple.submissive, couple.dominant.id, { what: 'One more episode' }, key);
    const answers = await Promise.all([send(), send()]);
    const ids = await Promise.all(
      answers.map(async (r) => ((await expectBody(r, 201)) as PermissionAnswer).request.id),
    );
    expect(ids[0]).toBe(ids[1]);
    const again = ((await expectBody(await send(), 201)) as PermissionAnswer).request;
    expect(again.id).toBe(ids[0]);
    expect((await requestsOf(couple.dominant, couple.submissive.id)).requests).toHaveLength(1);
    expect(
      (await notificationsOf(couple.dominant)).filter((n) => n.type === 'permission_requested'),
    ).toHaveLength(1);
  });

  it('a grant, a denial and a withdrawal sent at once: one wins, the others are 409', async () => {
    const couple = await createCouple(server);
    const made = await asked(couple, 'Stay up late');
    const answers = await Promise.all([
      act(couple.dominant, made.id, 'grant'),
      act(couple.dominant, made.id, 'deny'),
      act(couple.submissive, made.id, 'withdraw'),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const [row] = (await requestsOf(couple.dominant, couple.submissive.id)).requests;
    const record = (await expectBody(
      await couple.dominant.client.get(`/api/record?pairId=${couple.pairId}&kind=permission`),
      200,
    )) as RecordPageView;
    expect(record.entries).toHaveLength(2);
    expect(row!.status).not.toBe('pending');
  });

  it('Red and Yellow never hold asking, deciding or withdrawing', async () => {
    const couple = await createCouple(server);
    expect((await couple.submissive.client.post('/api/stops', {})).status).toBe(200);
    const first = await asked(couple, 'Call my sister');
    expect((await acted(couple.dominant, first.id, 'grant')).status).toBe('granted');
    const second = await asked(couple, 'Skip the gym');
    expect((await acted(couple.submissive, second.id, 'withdraw')).status).toBe('withdrawn');
  });

  it("exports the pair's requests in permission-requests.json", async () => {
    const couple = await createCouple(server);
    const made = await asked(couple, 'Exported request');
    await acted(couple.dominant, made.id, 'deny', { note: 'Not this week' });
    const response = await couple.submissive.client.get('/api/me/export');
    expect(response.status).toBe(200);
    const entries = await readZip(Buffer.from(await response.arrayBuffer()));
    const bytes = entries.get(`pairs/${couple.pairId}/permission-requests.json`);
    expect(bytes).toBeDefined();
    const file = JSON.parse(bytes!.toString('utf8'));
    expect(file.requests).toEqual([
      expect.objectContaining({
        id: made.id,
        what: 'Exported request',
        status: 'denied',
        decisionNote: 'Not this week',
      }),
    ]);
  });
});
