import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_TAGS_MAX } from '@/shared/domain/limits';
import { LIMITS_TEXT, type LimitsView } from '@/shared/schemas/limits';
import type { PunishmentView } from '@/shared/schemas/punishments';
import type { RecordPageView } from '@/shared/schemas/record';
import type { TaskView } from '@/shared/schemas/tasks';
import { jsonInit } from '../../test/client';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { type Couple, connect, createCouple } from '../../test/partners';
import { findPunishment } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { findTask, taskBody } from '../../test/tasks';
import { actAs, createUser, type TestUser } from '../../test/users';
import { readZip } from '../../test/zip';

const ROPE = 'restraint.rope';
const WAX = 'restraint.wax';
const CUFFS = 'restraint.cuffs';
const LINES = 'discipline.lines';

const answer = async (who: TestUser, partner: TestUser, itemId: string, value: string | null) =>
  expectBody(
    (await who.client.put('/api/limits/answer', {
      partnerId: partner.id,
      itemId,
      answer: value,
    })) as Response,
    200,
  ) as Promise<LimitsView>;

const postTask = (c: Couple, server: TestServer, limitTags: unknown, more: Record<string, unknown> = {}) =>
  c.dominant.client.post('/api/tasks', taskBody(server, c.submissive.id, { limitTags, ...more }));
const postPunishment = (c: Couple, limitTags: unknown) =>
  c.dominant.client.post('/api/punishments', { assignedTo: c.submissive.id, title: 'Lines', limitTags });
const task = async (r: Response | Promise<Response>, status = 201): Promise<TaskView> =>
  (await expectBody(await r, status)).task;
const punishment = async (r: Response | Promise<Response>, status = 201): Promise<PunishmentView> =>
  (await expectBody(await r, status)).punishment;
const editTask = (c: Couple, server: TestServer, id: string, limitTags: unknown) =>
  c.dominant.client.put(
    `/api/tasks/${id}`,
    taskBody(server, c.submissive.id, { assignedTo: undefined, limitTags }),
  );
const editPunishment = (c: Couple, id: string, limitTags: unknown) =>
  c.dominant.client.put(`/api/punishments/${id}/tags`, { limitTags });

/**
 * Hard limits enforced (decision 056): a tag either partner answered No refuses the write, with the same
 * bytes whoever said it; the submissive's Maybe makes a request; a No given later pauses what is open.
 */
describe.each(databases())('limit tags on tasks and punishments on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a create or an edit tagged with a No, the same answer whichever partner said it', async () => {
    const subSaid = await createCouple(server);
    const domSaid = await createCouple(server);
    await answer(subSaid.submissive, subSaid.dominant, ROPE, 'no');
    await answer(domSaid.dominant, domSaid.submissive, ROPE, 'no');
    const refusals: string[] = [];
    for (const c of [subSaid, domSaid]) {
      const before = await server.rowCounts();
      for (const response of [await postTask(c, server, [CUFFS, ROPE]), await postPunishment(c, [ROPE])]) {
        expect(response.status).toBe(409);
        refusals.push(await response.text());
      }
      expect(await server.rowCounts()).toEqual(before);
      // By edit: nothing of the task or punishment changes.
      const t = await task(postTask(c, server, [CUFFS]));
      const p = await punishment(postPunishment(c, []));
      for (const response of [
        await editTask(c, server, t.id, [ROPE]),
        await editPunishment(c, p.id, [ROPE]),
      ]) {
        expect(response.status).toBe(409);
        refusals.push(await response.text());
      }
      expect((await findTask(c.dominant.client, t.id))?.limitTags).toEqual([{ id: CUFFS, title: 'Cuffs' }]);
      expect((await findPunishment(c.dominant.client, p.id))?.limitTags).toEqual([]);
    }
    expect(new Set(refusals)).toEqual(
      new Set([JSON.stringify({ error: { code: 'LIMIT_CROSSED', message: LIMITS_TEXT.crossed } })]),
    );
    expect(LIMITS_TEXT.crossed).not.toMatch(/partner|dominant|submissive|Sam|Dana/i);
  });

  it('an unanswered item, a Yes, or the dominant’s Maybe leaves it active; tags come back with titles', async () => {
    const c = await createCouple(server);
    await answer(c.dominant, c.submissive, WAX, 'maybe');
    await answer(c.submissive, c.dominant, CUFFS, 'yes');
    const added = await expectBody(
      (await c.dominant.client.post('/api/limits/items', {
        partnerId: c.submissive.id,
        title: 'Breakfast',
      })) as Response,
      200,
    );
    const custom = `custom:${(added as LimitsView).pairs[0]!.custom[0]!.id}`;
    const t = await task(postTask(c, server, [WAX, CUFFS, LINES, custom]));
    expect(t.limitState).toBeNull();
    expect(t.limitTags).toEqual([
      { id: WAX, title: 'Wax' },
      { id: CUFFS, title: 'Cuffs' },
      { id: LINES, title: 'Lines as a punishment' },
      { id: custom, title: 'Breakfast' },
    ]);
    expect((await findTask(c.submissive.client, t.id))?.limitTags).toEqual(t.limitTags);
    const p = await punishment(postPunishment(c, [custom]));
    expect(p).toMatchObject({ limitState: null, limitTags: [{ id: custom, title: 'Breakfast' }] });
    // The export carries the tags (ids; the custom titles are in limits.json).
    const archive = await c.dominant.client.get('/api/me/export');
    const files = await readZip(Buffer.from(await archive.arrayBuffer()));
    const tasksFile = [...files.entries()].find(([name]) => name.endsWith('/tasks.json'));
    expect(tasksFile?.[1].toString()).toContain(custom);
    const punishmentsFile = [...files.entries()].find(([name]) => name.endsWith('/punishments.json'));
    expect(punishmentsFile?.[1].toString()).toContain(custom);
  });

  it('the submissive’s Maybe makes a request: inert until accepted; declining costs nothing', async () => {
    const c = await createCouple(server);
    const stranger = await createCouple(server);
    await answer(c.submissive, c.dominant, WAX, 'maybe');
    const t = await task(postTask(c, server, [WAX]));
    const p = await punishment(
      c.dominant.client.post('/api/punishments', {
        assignedTo: c.submissive.id,
        title: 'Wax timer',
        timerEnabled: true,
        limitTags: [WAX],
      }),
    );
    expect(t.limitState).toBe('requested');
    expect(p.limitState).toBe('requested');
    const told = await notificationsOf(c.submissive.client);
    expect(told.filter((n) => n.title === 'New request')).toHaveLength(2);
    expect(JSON.stringify(told)).not.toContain(WAX);

    // Inert: not completed, no timer.
    await expectError(await c.submissive.client.post(`/api/tasks/${t.id}/complete`, {}), 409, 'CONFLICT');
    await expectError(await c.dominant.client.post(`/api/tasks/${t.id}/complete`, {}), 409, 'CONFLICT');
    await expectError(await c.submissive.client.post(`/api/punishments/${p.id}/timer`), 409, 'CONFLICT');
    await expectError(
      await c.submissive.client.put(`/api/punishments/${p.id}/completion`, { completed: true }),
      409,
      'CONFLICT',
    );

    // Who may answer: the dominant is refused (403), a stranger and an unknown id find nothing (404).
    const before = await server.rowCounts();
    for (const verb of ['accept', 'decline']) {
      await expectError(await c.dominant.client.post(`/api/tasks/${t.id}/${verb}`), 403, 'FORBIDDEN');
      await expectError(await c.dominant.client.post(`/api/punishments/${p.id}/${verb}`), 403, 'FORBIDDEN');
      for (const who of [stranger.dominant, stranger.submissive]) {
        await expectError(await who.client.post(`/api/tasks/${t.id}/${verb}`), 404, 'NOT_FOUND');
        await expectError(await who.client.post(`/api/punishments/${p.id}/${verb}`), 404, 'NOT_FOUND');
      }
      await expectError(await c.submissive.client.post(`/api/tasks/not-an-id/${verb}`), 400);
      await expectError(await server.client().post(`/api/tasks/${t.id}/${verb}`), 401);
    }
    expect(await server.rowCounts()).toEqual(before);

    // Accepting makes it ordinary; a second answer is 409.
    const accepted = await expectBody(await c.submissive.client.post(`/api/tasks/${t.id}/accept`), 200);
    expect((accepted as { task: TaskView }).task.limitState).toBeNull();
    await expectError(await c.submissive.client.post(`/api/tasks/${t.id}/decline`), 409, 'CONFLICT');
    expect(
      (await expectBody(await c.submissive.client.post(`/api/tasks/${t.id}/complete`, {}), 200)).task,
    ).toBeTruthy();

    // Declining erases it, notes it in the record without content, and tells the dominant, never which item.
    await expectBody(await c.submissive.client.post(`/api/punishments/${p.id}/decline`), 200);
    expect(await findPunishment(c.dominant.client, p.id)).toBeUndefined();
    const record = (await expectBody(await c.dominant.client.get('/api/record'), 200)) as RecordPageView;
    const declined = record.entries.find((e) => e.kind === 'punishment.declined');
    expect(declined).toBeDefined();
    expect(JSON.stringify(declined)).not.toContain(WAX);
    const domTold = await notificationsOf(c.dominant.client);
    const note = domTold.find((n) => n.type === 'limit_declined');
    expect(note?.message).toBe('Your partner declined "Wax timer"');
    expect(JSON.stringify(note)).not.toMatch(/wax\b|restraint/);
  });

  it('a former partner and the wrong role cannot answer or change requests', async () => {
    const c = await createCouple(server);
    await answer(c.submissive, c.dominant, WAX, 'maybe');
    const t = await task(postTask(c, server, [WAX]));
    const p = await punishment(postPunishment(c, [WAX]));
    // A Switch acting as dominant of another pair cannot answer as submissive here.
    const sw = await createUser(server, { role: 'switch' });
    await actAs(sw.client, 'submissive');
    await connect(c.dominant, sw);
    await expectError(await sw.client.post(`/api/tasks/${t.id}/accept`), 404, 'NOT_FOUND');
    // The submissive cannot edit the tags or delete.
    await expectError(await c.submissive.client.put(`/api/punishments/${p.id}/tags`, { limitTags: [] }), 403);
    await expectError(await c.submissive.client.delete(`/api/punishments/${p.id}`), 403);
    expect((await c.dominant.client.delete(`/api/partners/${c.submissive.id}`)).status).toBe(200);
    const before = await server.rowCounts();
    for (const who of [c.dominant, c.submissive]) {
      await expectError(await who.client.post(`/api/tasks/${t.id}/accept`), 404, 'NOT_FOUND');
      await expectError(await who.client.post(`/api/punishments/${p.id}/decline`), 404, 'NOT_FOUND');
      await expectError(await who.client.put(`/api/punishments/${p.id}/tags`, { limitTags: [] }), 404);
      await expectError(await who.client.delete(`/api/punishments/${p.id}`), 404);
    }
    expect(await server.rowCounts()).toEqual(before);
  });

  it('a No given later pauses what is open, tells both alike; an edit free of it brings it back', async () => {
    const c = await createCouple(server);
    const open = await task(postTask(c, server, [ROPE, CUFFS]));
    const done = await task(postTask(c, server, [ROPE]));
    await expectBody(await c.submissive.client.post(`/api/tasks/${done.id}/complete`, {}), 200);
    const p = await punishment(postPunishment(c, [ROPE]));
    const other = await task(postTask(c, server, [CUFFS]));

    await answer(c.submissive, c.dominant, ROPE, 'no');
    expect((await findTask(c.dominant.client, open.id))?.limitState).toBe('paused');
    expect((await findTask(c.dominant.client, done.id))?.limitState).toBeNull();
    expect((await findTask(c.dominant.client, other.id))?.limitState).toBeNull();
    expect((await findPunishment(c.submissive.client, p.id))?.limitState).toBe('paused');
    const forDom = (await notificationsOf(c.dominant.client)).filter((n) => n.type === 'limit_paused');
    const forSub = (await notificationsOf(c.submissive.client)).filter((n) => n.type === 'limit_paused');
    expect(forDom.map((n) => [n.title, n.message])).toEqual([['Paused', 'Paused because a limit changed']]);
    expect(forSub.map((n) => [n.title, n.message])).toEqual([['Paused', 'Paused because a limit changed']]);
    expect(forDom[0]!.data).toEqual(forSub[0]!.data);
    expect(JSON.stringify(forDom)).not.toContain(ROPE);

    // Paused is inert.
    await expectError(await c.submissive.client.post(`/api/tasks/${open.id}/complete`, {}), 409, 'CONFLICT');
    await expectError(await c.submissive.client.post(`/api/tasks/${open.id}/accept`), 409, 'CONFLICT');
    // An edit still carrying the No is refused and leaves it paused; one without it un-pauses.
    await expectError(await editTask(c, server, open.id, [ROPE]), 409, 'LIMIT_CROSSED', LIMITS_TEXT.crossed);
    expect((await findTask(c.dominant.client, open.id))?.limitState).toBe('paused');
    expect((await task(editTask(c, server, open.id, [CUFFS]), 200)).limitState).toBeNull();
    // A punishment: the tags edited free, or deleted.
    await expectError(await editPunishment(c, p.id, [ROPE, CUFFS]), 409, 'LIMIT_CROSSED');
    expect((await punishment(editPunishment(c, p.id, [CUFFS]), 200)).limitState).toBeNull();
    await answer(c.submissive, c.dominant, CUFFS, 'no');
    expect((await findPunishment(c.dominant.client, p.id))?.limitState).toBe('paused');
    await expectBody(await c.dominant.client.delete(`/api/punishments/${p.id}`), 200);
    expect(await findPunishment(c.dominant.client, p.id)).toBeUndefined();
    // Loosening later does not un-pause by itself: the dominant decides.
    await answer(c.submissive, c.dominant, CUFFS, 'maybe');
    expect((await findTask(c.dominant.client, other.id))?.limitState).toBe('paused');
    expect((await task(editTask(c, server, other.id, [CUFFS]), 200)).limitState).toBe('requested');
  });

  it('bad tags answer 400 with a message and change nothing', async () => {
    const c = await createCouple(server);
    const elsewhere = await createCouple(server);
    const added = (await expectBody(
      (await elsewhere.dominant.client.post('/api/limits/items', {
        partnerId: elsewhere.submissive.id,
        title: 'Theirs',
      })) as Response,
      200,
    )) as LimitsView;
    const theirs = `custom:${added.pairs[0]!.custom[0]!.id}`;
    const t = await task(postTask(c, server, []));
    const p = await punishment(postPunishment(c, []));
    const before = await server.rowCounts();
    const tooMany = [
      'protocol.titles',
      'protocol.rules',
      'protocol.rituals',
      'protocol.service',
      'protocol.permission',
      'protocol.posture',
      'protocol.journaling',
      'protocol.clothing',
      'tasks.photo_proof',
      'tasks.voice_proof',
      'tasks.writing_lines',
    ];
    expect(tooMany.length).toBe(LIMIT_TAGS_MAX + 1);
    const cases: [unknown, string][] = [
      ['restraint.rope', LIMITS_TEXT.tagsList],
      [[42], LIMITS_TEXT.badItem],
      [['nothing.like.this'], LIMITS_TEXT.badItem],
      [[`restraint.rope\u0000`], ''],
      [['x'.repeat(10_000)], LIMITS_TEXT.badItem],
      [[ROPE, ROPE], LIMITS_TEXT.duplicateTag],
      [tooMany, LIMITS_TEXT.tooManyTags],
    ];
    for (const [tags, message] of cases) {
      for (const response of [
        await postTask(c, server, tags),
        await postPunishment(c, tags),
        await editTask(c, server, t.id, tags),
        await editPunishment(c, p.id, tags),
      ]) {
        const body = await expectError(response, 400);
        if (message) expect(body.error.message).toBe(message);
      }
    }
    // Another pair's custom item is unknown here.
    for (const response of [await postTask(c, server, [theirs]), await editPunishment(c, p.id, [theirs])]) {
      await expectError(response, 400, 'VALIDATION_ERROR', LIMITS_TEXT.badItem);
    }
    for (const body of [{ limitTags: [], more: 1 }, null]) {
      await expectError(await c.dominant.client.put(`/api/punishments/${p.id}/tags`, body), 400);
    }
    const raw = await c.dominant.client.fetch(`/api/punishments/${p.id}/tags`, {
      ...jsonInit('PUT', undefined),
      body: '{"limitTags":',
    });
    await expectError(raw, 400, 'MALFORMED_JSON');
    expect(await server.rowCounts()).toEqual(before);
    expect((await findTask(c.dominant.client, t.id))?.limitTags).toEqual([]);
  });
});
