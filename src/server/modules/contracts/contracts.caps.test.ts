import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAP_MESSAGES, type Caps, NO_CAPS } from '@/shared/domain/caps';
import type { ContractHistoryView, ContractView } from '@/shared/schemas/contracts';
import { users } from '../../db/schema';
import { jsonInit } from '../../test/client';
import { contractOf, openContract, sign } from '../../test/contracts';
import { databases } from '../../test/database';
import { type Couple, createCouple } from '../../test/partners';
import { punishmentBody } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask, taskBody } from '../../test/tasks';

const HOUR = 3_600_000;
const NUL = '\u0000';

describe.each(databases())('contract caps (decision 057) on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const caps = (over: Partial<Caps>): Caps => ({ ...NO_CAPS, ...over });

  /** The dominant writes `c` into a new version and both sign it: its caps come into force. */
  async function capsInForce(couple: Couple, c: Caps): Promise<ContractView> {
    const { contract } = await openContract(couple);
    const edited = await contractOf(
      await couple.dominant.client.put(`/api/contracts/${contract.id}/content`, {
        baseVersionId: contract.versionId,
        content: contract.content,
        caps: c,
      }),
    );
    await contractOf(await sign(couple.dominant.client, edited));
    return contractOf(await sign(couple.submissive.client, edited));
  }

  const lower = (who: Couple['submissive'], id: string, c: unknown) =>
    who.client.post(`/api/contracts/${id}/caps/lower`, { caps: c });

  const postTask = (couple: Couple, over: Record<string, unknown> = {}) =>
    couple.dominant.client.post('/api/tasks', taskBody(server, couple.submissive.id, over));
  const postPunishment = (couple: Couple, over: Record<string, unknown> = {}) =>
    couple.dominant.client.post('/api/punishments', punishmentBody(couple.submissive.id, over));

  /** Refused with the cap's message, and nothing written. */
  async function refused(send: () => Promise<Response>, message: string) {
    const before = await server.rowCounts();
    await expectError(await send(), 409, 'CAP_EXCEEDED', message);
    expect(await server.rowCounts()).toEqual(before);
  }

  it('nothing is capped before a version is signed by both: a draft with caps changes nothing', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    expect(contract.caps).toEqual({ version: NO_CAPS, inForce: NO_CAPS });
    const draft = await contractOf(
      await couple.dominant.client.put(`/api/contracts/${contract.id}/content`, {
        baseVersionId: contract.versionId,
        content: contract.content,
        caps: caps({ openTasks: 0 }),
      }),
    );
    expect(draft.caps).toEqual({ version: caps({ openTasks: 0 }), inForce: NO_CAPS });
    // The caps are part of the version's hash: the same text without caps hashes differently.
    expect(draft.sha256).not.toBe(contract.sha256);
    await contractOf(await sign(couple.dominant.client, draft));
    expect((await postTask(couple)).status).toBe(201);
    const signed = await contractOf(await sign(couple.submissive.client, draft));
    expect(signed.caps.inForce).toEqual(caps({ openTasks: 0 }));
    await refused(() => postTask(couple), 'The contract allows at most 0 open tasks at once.');
    // The history verifies with the caps in it.
    const history = (await expectBody(
      await couple.dominant.client.get(`/api/contracts/${contract.id}/history`),
      200,
    )) as ContractHistoryView;
    expect(history.verified.ok).toBe(true);
  });

  it('severity: a heavier punishment is refused, the cap itself and lighter ones are allowed', async () => {
    const couple = await createCouple(server);
    await capsInForce(couple, caps({ maxSeverity: 'moderate' }));
    await refused(() => postPunishment(couple, { severity: 'severe' }), CAP_MESSAGES.maxSeverity('moderate'));
    expect(await server.rowCounts()).toBeDefined();
    for (const severity of ['moderate', 'mild', 'funishment']) {
      expect((await postPunishment(couple, { severity, timerEnabled: false })).status).toBe(201);
    }
  });

  it('timer minutes a day: summed across punishments assigned that day, exactly at the cap allowed', async () => {
    const couple = await createCouple(server);
    await capsInForce(couple, caps({ timerMinutesPerDay: 30 }));
    expect((await postPunishment(couple, { timerDuration: 20 })).status).toBe(201);
    await refused(() => postPunishment(couple, { timerDuration: 11 }), CAP_MESSAGES.timerMinutesPerDay(30));
    expect((await postPunishment(couple, { timerDuration: 10 })).status).toBe(201);
    await refused(() => postPunishment(couple, { timerDuration: 1 }), CAP_MESSAGES.timerMinutesPerDay(30));
    // Without a timer nothing counts; the next day starts again.
    expect((await postPunishment(couple, { timerEnabled: false })).status).toBe(201);
    server.clock.advance(24 * HOUR);
    try {
      expect((await postPunishment(couple, { timerDuration: 30 })).status).toBe(201);
    } finally {
      server.clock.advance(-24 * HOUR);
    }
  });

  it('open tasks: the one past the cap is refused, exactly at the cap allowed, a completion frees a place', async () => {
    const couple = await createCouple(server);
    await capsInForce(couple, caps({ openTasks: 2 }));
    const first = await createTask(server, couple);
    await createTask(server, couple);
    await refused(() => postTask(couple), 'The contract allows at most 2 open tasks at once.');
    // Editing an open task does not open one more.
    const edit = await couple.dominant.client.put(`/api/tasks/${first.id}`, {
      title: 'Edited',
      description: '',
      dueDate: first.dueDate,
    });
    expect(edit.status).toBe(200);
    await completeTask(couple.submissive.client, first.id);
    expect((await postTask(couple)).status).toBe(201);
  });

  it('creates sent at the same moment are counted one at a time: the cap holds', async () => {
    const couple = await createCouple(server);
    await capsInForce(couple, caps({ openTasks: 2, timerMinutesPerDay: 30 }));
    const tasks = await Promise.all(Array.from({ length: 6 }, () => postTask(couple)));
    expect(tasks.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    const punishments = await Promise.all(
      Array.from({ length: 4 }, () => postPunishment(couple, { timerDuration: 15 })),
    );
    expect(punishments.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
  });

  it('proof requests a day: counted on the day they fall due, in the submissive’s zone', async () => {
    const couple = await createCouple(server);
    await server.database.db
      .update(users)
      .set({ timeZone: 'Asia/Tokyo' })
      .where(eq(users.id, couple.submissive.id));
    await capsInForce(couple, caps({ proofRequestsPerDay: 1 }));
    // Noon in Tokyo, three days on: a whole local day around it.
    const tokyoNoon = (days: number) => {
      const d = new Date(server.clock.now().getTime() + days * 24 * HOUR);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 3, 0, 0);
    };
    const due = tokyoNoon(3);
    const first = await createTask(server, couple, { photoProofRequired: true, dueDate: due });
    await refused(
      () => postTask(couple, { photoProofRequired: true, dueDate: due + 11 * HOUR + 59 * 60_000 }),
      CAP_MESSAGES.proofRequestsPerDay(1),
    );
    // The next Tokyo day (15:00 UTC is midnight there), a task without proof, and the first edited: allowed.
    expect((await postTask(couple, { photoProofRequired: true, dueDate: due + 12 * HOUR })).status).toBe(201);
    expect((await postTask(couple, { dueDate: due })).status).toBe(201);
    const edit = await couple.dominant.client.put(`/api/tasks/${first.id}`, {
      title: 'Photo of the made bed',
      dueDate: due + HOUR,
      photoProofRequired: true,
    });
    expect(edit.status).toBe(200);
  });

  it('quiet hours: nothing is assigned in them, in the submissive’s time zone; their end is outside', async () => {
    const couple = await createCouple(server);
    await server.database.db
      .update(users)
      .set({ timeZone: 'Asia/Tokyo' })
      .where(eq(users.id, couple.submissive.id));
    await capsInForce(couple, caps({ quietHours: { start: '22:00', end: '07:00' } }));
    const real = server.clock.now();
    const tomorrow = new Date(real.getTime() + 24 * HOUR);
    const at = (h: number, m = 0) =>
      new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), h, m));
    try {
      // 23:00 in Tokyo is 14:00 UTC (Berlin, the dominant's zone, is in the afternoon).
      server.clock.set(at(14));
      await refused(() => postTask(couple), CAP_MESSAGES.quietHours({ start: '22:00', end: '07:00' }));
      await refused(() => postPunishment(couple), CAP_MESSAGES.quietHours({ start: '22:00', end: '07:00' }));
      // 21:59 and 07:00 in Tokyo: outside.
      server.clock.set(at(12, 59));
      expect((await postTask(couple)).status).toBe(201);
      server.clock.set(at(22));
      expect((await postPunishment(couple)).status).toBe(201);
    } finally {
      server.clock.set(real);
    }
  });

  it('protected areas: a task or punishment tagged with one is refused, also by edit; other areas pass', async () => {
    const couple = await createCouple(server);
    await capsInForce(couple, caps({ protectedAreas: ['money'] }));
    await refused(
      () => postTask(couple, { areas: ['health', 'money'] }),
      CAP_MESSAGES.protectedArea('money'),
    );
    await refused(() => postPunishment(couple, { areas: ['money'] }), CAP_MESSAGES.protectedArea('money'));
    const task = await createTask(server, couple, { areas: ['health'] });
    expect(task.areas).toEqual(['health']);
    await refused(
      () =>
        couple.dominant.client.put(`/api/tasks/${task.id}`, {
          title: task.title,
          dueDate: task.dueDate,
          areas: ['money'],
        }),
      CAP_MESSAGES.protectedArea('money'),
    );
    const p = await expectBody(
      await couple.dominant.api.punishments.$post({
        json: { title: 'Lines', assignedTo: couple.submissive.id, areas: ['work_study'] },
      }),
      201,
    );
    expect(p.punishment.areas).toEqual(['work_study']);
  });

  it('raising a cap needs a new version signed by both', async () => {
    const couple = await createCouple(server);
    const signed = await capsInForce(couple, caps({ openTasks: 1 }));
    await createTask(server, couple);
    await contractOf(await couple.submissive.client.post(`/api/contracts/${signed.id}/edit-request`));
    await contractOf(await couple.dominant.client.post(`/api/contracts/${signed.id}/edit-request/approve`));
    const raised = await contractOf(
      await couple.submissive.client.put(`/api/contracts/${signed.id}/content`, {
        baseVersionId: signed.versionId,
        content: signed.content,
        caps: caps({ openTasks: 3 }),
      }),
    );
    expect(raised.caps.inForce).toEqual(caps({ openTasks: 1 }));
    await refused(() => postTask(couple), CAP_MESSAGES.openTasks(1));
    await contractOf(await sign(couple.dominant.client, raised));
    await refused(() => postTask(couple), CAP_MESSAGES.openTasks(1));
    const both = await contractOf(await sign(couple.submissive.client, raised));
    expect(both.caps.inForce).toEqual(caps({ openTasks: 3 }));
    expect((await postTask(couple)).status).toBe(201);
  });

  it('the submissive lowers a cap at once, recorded; the dominant cannot; a version written before never undoes it', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    // A draft raising nothing yet, written before the lowering.
    const draft = await contractOf(
      await couple.dominant.client.put(`/api/contracts/${contract.id}/content`, {
        baseVersionId: contract.versionId,
        content: contract.content,
        caps: caps({ openTasks: 5, maxSeverity: 'mild' }),
      }),
    );
    await createTask(server, couple);
    // The dominant cannot lower-then-claim: only the submissive's lowering is immediate.
    await expectError(
      await lower(couple.dominant, contract.id, caps({ openTasks: 0 })),
      403,
      'FORBIDDEN',
      CAP_MESSAGES.submissiveOnly,
    );
    expect((await postTask(couple)).status).toBe(201);
    const lowered = await contractOf(await lower(couple.submissive, contract.id, caps({ openTasks: 2 })));
    expect(lowered.caps.inForce).toEqual(caps({ openTasks: 2 }));
    expect(lowered.isDominantSigned || lowered.isSubmissiveSigned).toBe(false);
    await refused(() => postTask(couple), CAP_MESSAGES.openTasks(2));
    // Raising through "Lower now", or lowering nothing, is refused.
    await expectError(
      await lower(couple.submissive, contract.id, caps({ openTasks: 3 })),
      409,
      'CONFLICT',
      CAP_MESSAGES.notLowering,
    );
    await expectError(
      await lower(couple.submissive, contract.id, caps({ openTasks: 2 })),
      409,
      'CONFLICT',
      CAP_MESSAGES.unchanged,
    );
    // Recorded in the contract's history (with the caps, hashed) and in the pair's record.
    const history = (await expectBody(
      await couple.dominant.client.get(`/api/contracts/${contract.id}/history`),
      200,
    )) as ContractHistoryView;
    const entry = history.events.at(-1)!;
    expect(entry).toMatchObject({
      kind: 'caps_lowered',
      actorRole: 'submissive',
      caps: caps({ openTasks: 2 }),
    });
    expect(history.verified.ok).toBe(true);
    const record = (await expectBody(await couple.dominant.client.get('/api/record'), 200)) as {
      entries: { kind: string }[];
    };
    expect(record.entries.map((e) => e.kind)).toContain('contract.caps_lowered');
    // The draft written before, signed by both, brings its severity in but never undoes the lowering.
    await contractOf(await sign(couple.dominant.client, draft));
    const both = await contractOf(await sign(couple.submissive.client, draft));
    expect(both.caps.inForce).toEqual(caps({ openTasks: 2, maxSeverity: 'mild' }));
    await refused(() => postTask(couple), CAP_MESSAGES.openTasks(2));
  });

  it('lowering works while Red holds the pair; a protected area added counts as lowering', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    expect((await couple.submissive.client.post('/api/stops', {})).status).toBe(200);
    const lowered = await contractOf(
      await lower(couple.submissive, contract.id, caps({ protectedAreas: ['friends_family'] })),
    );
    expect(lowered.caps.inForce.protectedAreas).toEqual(['friends_family']);
  });

  it('bad input: answered 400 with a message, nothing changed', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    const path = `/api/contracts/${contract.id}/caps/lower`;
    const before = await server.rowCounts();
    const bodies: unknown[] = [
      {},
      { caps: null },
      { caps: 'low' },
      { caps: { ...NO_CAPS, openTasks: 'two' } },
      { caps: { ...NO_CAPS, openTasks: -1 } },
      { caps: { ...NO_CAPS, openTasks: 1.5 } },
      { caps: { ...NO_CAPS, openTasks: 101 } },
      { caps: { ...NO_CAPS, maxSeverity: 'brutal' } },
      { caps: { ...NO_CAPS, quietHours: { start: '22:00', end: '22:00' } } },
      { caps: { ...NO_CAPS, quietHours: { start: `22:00${NUL}`, end: '07:00' } } },
      { caps: { ...NO_CAPS, protectedAreas: ['money', 'pets'] } },
      { caps: { ...NO_CAPS, protectedAreas: Array(5).fill('money') } },
      { caps: { ...NO_CAPS, protectedAreas: 'x'.repeat(10_000) } },
    ];
    for (const body of bodies) {
      const answer = await expectError(await couple.submissive.client.post(path, body), 400);
      expect(answer.error.message.length).toBeGreaterThan(0);
    }
    const raw = await couple.submissive.client.fetch(path, {
      ...jsonInit('POST', undefined),
      body: '{"caps":',
    });
    await expectError(raw, 400, 'MALFORMED_JSON');
    for (const areas of [['pets'], 'money', [NUL]]) {
      await expectError(await postTask(couple, { areas }), 400);
      await expectError(await postPunishment(couple, { areas }), 400);
    }
    expect(await server.rowCounts()).toEqual(before);
  });

  it('a stranger and a former partner get 404, the wrong role 403; nothing changes', async () => {
    const [couple, stranger, former] = await Promise.all([
      createCouple(server),
      createCouple(server),
      createCouple(server),
    ]);
    const { contract } = await openContract(couple);
    const { contract: theirs } = await openContract(former);
    expect((await former.dominant.client.delete(`/api/partners/${former.submissive.id}`)).status).toBe(200);
    const before = await server.rowCounts();
    const low = caps({ openTasks: 1 });
    for (const who of [stranger.dominant, stranger.submissive]) {
      await expectError(await lower(who, contract.id, low), 404);
    }
    await expectError(await lower(former.submissive, theirs.id, low), 404);
    await expectError(await lower(couple.submissive, randomUUID(), low), 404);
    await expectError(await lower(couple.dominant, contract.id, low), 403, 'FORBIDDEN');
    const anonymous = await server.request(
      `/api/contracts/${contract.id}/caps/lower`,
      jsonInit('POST', { caps: low }),
    );
    expect(anonymous.status).toBe(401);
    expect(await server.rowCounts()).toEqual(before);
  });
});
