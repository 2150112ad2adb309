import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions } from '../../db/schema';
import { openContract } from '../../test/contracts';
import { databases } from '../../test/database';
import { sendMessage } from '../../test/journal';
import { type Couple, connect, createCouple } from '../../test/partners';
import { createPunishment } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { EXIF_MARKERS, jpegWithExifAndGps } from '../../test/samples';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask } from '../../test/tasks';
import { uploadPhoto } from '../../test/uploads';
import { createUser, type TestUser } from '../../test/users';
import { readZip } from '../../test/zip';
import { exportArchive } from './export.archive';
import { collectExport, type Paging } from './export.collect';

async function exportOf(user: TestUser) {
  const response = await user.client.get('/api/me/export');
  expect(
    response.status,
    await response
      .clone()
      .text()
      .catch(() => ''),
  ).toBe(200);
  return { response, entries: await readZip(Buffer.from(await response.arrayBuffer())) };
}

const jsonOf = (entries: Map<string, Buffer>, name: string) => {
  const bytes = entries.get(name);
  expect(bytes, `${name} is in the archive`).toBeDefined();
  return JSON.parse(bytes!.toString('utf8'));
};

describe.each(databases())('data export on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;
  let otherCouple: Couple;
  let photoId: string;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    [couple, otherCouple] = await Promise.all([
      createCouple(server, { dominantName: 'Export Dom', submissiveName: 'Export Sub' }),
      createCouple(server, { dominantName: 'Other Dom', submissiveName: 'Other Sub' }),
    ]);
    const task = await createTask(server, couple, { title: 'Exported task' });
    photoId = await uploadPhoto(couple.submissive.client, couple.dominant.id, await jpegWithExifAndGps());
    await completeTask(couple.submissive.client, task.id, photoId);
    await createPunishment(couple, { title: 'Exported punishment' });
    await sendMessage(couple.dominant, couple.submissive.id, { content: 'Exported message' });
    await openContract(couple);
    const rule = await couple.dominant.client.post('/api/rules', {
      partnerId: couple.submissive.id,
      title: 'Exported rule',
    });
    expect(rule.status).toBe(201);
    const ruleId = ((await rule.json()) as { rule: { id: string } }).rule.id;
    expect(
      (await couple.submissive.client.post(`/api/rules/${ruleId}/acknowledge`, { version: 1 })).status,
    ).toBe(200);
    expect(
      (await couple.dominant.client.post('/api/infractions', { ruleId, note: 'Exported note' })).status,
    ).toBe(201);
    expect(
      (
        await otherCouple.dominant.client.post('/api/rules', {
          partnerId: otherCouple.submissive.id,
          title: 'Not yours',
        })
      ).status,
    ).toBe(201);
    // Someone else's pair holds data that must not leak.
    await createTask(server, otherCouple, { title: 'Not yours' });
    const avatar = await couple.submissive.client.fetch('/api/me/avatar', {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(await jpegWithExifAndGps()),
    });
    expect(avatar.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('streams one zip (attachment, no-store) of JSON files and the pair media, never a secret', async () => {
    const { submissive, dominant, pairId } = couple;
    const { response, entries } = await exportOf(submissive);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="pact-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');

    for (const [name, bytes] of entries) {
      if (name.endsWith('.json')) expect(() => JSON.parse(bytes.toString('utf8')), name).not.toThrow();
    }
    const account = jsonOf(entries, 'account.json');
    expect(account).toMatchObject({ id: submissive.id, email: submissive.email, avatar: 'avatar.jpg' });
    expect(jsonOf(entries, 'partners.json')).toEqual([
      expect.objectContaining({ partnerId: dominant.id, displayName: 'Export Dom', role: 'dominant' }),
    ]);
    expect(jsonOf(entries, 'pairs.json').map((p: { id: string }) => p.id)).toEqual([pairId]);
    const dir = `pairs/${pairId}`;
    expect(jsonOf(entries, `${dir}/tasks.json`).map((t: { title: string }) => t.title)).toEqual([
      'Exported task',
    ]);
    expect(jsonOf(entries, `${dir}/task-history.json`)).toHaveLength(1);
    expect(jsonOf(entries, `${dir}/punishments.json`)[0].title).toBe('Exported punishment');
    expect(jsonOf(entries, `${dir}/journal-messages.json`)[0].content).toBe('Exported message');
    const contract = jsonOf(entries, `${dir}/contract.json`);
    expect(contract.contracts).toHaveLength(1);
    expect(contract.versions.length).toBeGreaterThan(0);
    expect(contract.events.length).toBeGreaterThan(0);
    // The pair's rules, every version and acknowledgement (decision 064); never another pair's.
    const rules = jsonOf(entries, `${dir}/rules.json`);
    expect(rules.rules).toHaveLength(1);
    expect(rules.versions.map((v: { title: string; version: number }) => [v.title, v.version])).toEqual([
      ['Exported rule', 1],
    ]);
    expect(rules.acknowledgements).toEqual([expect.objectContaining({ version: 1, userId: submissive.id })]);
    expect(rules.infractions).toEqual([expect.objectContaining({ ruleVersion: 1, note: 'Exported note' })]);
    const record = jsonOf(entries, `${dir}/record.json`);
    expect(record.map((e: { seq: number }) => e.seq)).toEqual(record.map((_: unknown, i: number) => i + 1));
    expect(record.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['pair.connected', 'task.assigned', 'task.completed', 'contract.created']),
    );
    for (const file of [
      'sessions.json',
      'notifications.json',
      'security-events.json',
      'blocked-users.json',
    ]) {
      expect(Array.isArray(jsonOf(entries, file)), file).toBe(true);
    }
    expect(jsonOf(entries, 'sessions.json').length).toBeGreaterThan(0);

    // The photo of the pair, without its metadata, and the avatar.
    const mediaRows = jsonOf(entries, `${dir}/media.json`);
    const photo = mediaRows.find((m: { id: string }) => m.id === photoId);
    expect(photo.file).toBe(`media/${photoId}.jpg`);
    expect(photo.storageKey).toBeUndefined();
    const photoBytes = entries.get(`${dir}/${photo.file}`)!;
    expect((await sharp(photoBytes).metadata()).format).toBe('jpeg');
    const avatar = await sharp(entries.get('avatar.jpg')!).metadata();
    expect(avatar).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(avatar.exif).toBeUndefined();

    // No password hash, no session token, no other user's private data anywhere in the archive.
    const all = [...entries.values()].map((b) => b.toString('latin1')).join('\n');
    const [credential] = await server.database.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, submissive.id));
    expect(credential?.password).toMatch(/^\$argon2/);
    const tokens = await server.database.db.select({ token: sessions.token }).from(sessions);
    const secrets = [
      credential!.password!,
      '$argon2',
      ...tokens.map((t) => t.token),
      submissive.client.sessionCookie()!,
      dominant.email,
      otherCouple.dominant.email,
      otherCouple.dominant.id,
      'Not yours',
      EXIF_MARKERS.gpsDatum,
      '"password"',
      '"token"',
      'storage_key',
      'storageKey',
    ];
    for (const secret of secrets) expect(all, secret).not.toContain(secret);
  });

  it('keeps, of a pair that has ended, its record and what each wrote or was asked, never the partner’s messages', async () => {
    const user = await createUser(server, { role: 'submissive' });
    const partner = await createUser(server, { role: 'dominant' });
    await connect(partner, user);
    const pairs = { dominant: partner, submissive: user };
    const task = await createTask(server, pairs, { title: 'Before the end' });
    await completeTask(user.client, task.id);
    await sendMessage(partner, user.id, { content: 'Theirs' });
    await sendMessage(user, partner.id, { content: 'Mine' });
    await expectBody(
      await user.api.partners[':partnerId'].$delete({ param: { partnerId: partner.id } }),
      200,
    );
    const { entries } = await exportOf(user);
    const [pair] = jsonOf(entries, 'pairs.json');
    expect(pair.status).toBe('inactive');
    expect(jsonOf(entries, 'partners.json')).toEqual([]);
    const dir = `pairs/${pair.id}`;
    const record = jsonOf(entries, `${dir}/record.json`);
    expect(record.map((e: { seq: number; kind: string }) => [e.seq, e.kind])).toEqual([
      [1, 'pair.connected'],
      [2, 'task.assigned'],
      [3, 'task.completed'],
      [4, 'pair.disconnected'],
    ]);
    expect(record[3]).toMatchObject({ actorId: user.id, prevHash: record[2].hash });
    expect(jsonOf(entries, `${dir}/tasks.json`).map((t: { title: string }) => t.title)).toEqual([
      'Before the end',
    ]);
    expect(jsonOf(entries, `${dir}/task-history.json`)).toHaveLength(1);
    expect(
      jsonOf(entries, `${dir}/journal-messages.json`).map((n: { content: string }) => n.content),
    ).toEqual(['Mine']);
    // The former partner's export holds the same record, and their own side of the journal.
    const theirs = (await exportOf(partner)).entries;
    expect(jsonOf(theirs, `${dir}/record.json`)).toEqual(record);
    expect(jsonOf(theirs, `${dir}/journal-messages.json`).map((n: { content: string }) => n.content)).toEqual(
      ['Theirs'],
    );
  });

  it('a download abandoned halfway leaves the server serving the next one', async () => {
    const aborted = new AbortController();
    const response = await couple.dominant.client.fetch('/api/me/export', { signal: aborted.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    aborted.abort();
    await reader.cancel().catch(() => {});
    const { entries } = await exportOf(couple.dominant);
    expect(entries.has('account.json')).toBe(true);
  });

  it('reads the tables a page at a time: a pair with more rows than a page exports every one, in order, as a whole read would', async () => {
    const pair = await createCouple(server, { dominantName: 'Paged Dom', submissiveName: 'Paged Sub' });
    const sent: { id: string; createdAt: number }[] = [];
    for (let i = 0; i < 7; i++) {
      // Two messages at each instant: the pages' boundaries fall between rows of the same time.
      if (i % 2 === 0) server.clock.advance(1_000);
      sent.push(await sendMessage(pair.dominant, pair.submissive.id, { content: `Message ${i}` }));
    }
    const inOrder = [...sent]
      .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
      .map((n) => n.id);
    for (let i = 0; i < 3; i++) await createTask(server, pair, { title: `Task ${i}` });
    const archived = async (paging: Paging) => {
      const entries = await collectExport(server.database.db, pair.submissive.id, paging);
      const out = exportArchive(
        { storage: server.services.storage, log: server.services.log },
        pair.submissive.id,
        entries!,
      );
      const chunks: Buffer[] = [];
      for await (const chunk of out) chunks.push(chunk as Buffer);
      return readZip(Buffer.concat(chunks));
    };
    const pages: Record<string, number[]> = {};
    const paged = await archived({
      pageRows: 2,
      onPage: (entry, rows) => {
        pages[entry] = [...(pages[entry] ?? []), rows];
      },
    });
    const whole = await archived({ pageRows: 10_000 });
    const [pairRow] = jsonOf(paged, 'pairs.json');
    const messagesFile = `pairs/${pairRow.id}/journal-messages.json`;
    // Every message, once, oldest first, in pages of at most two rows.
    expect(jsonOf(paged, messagesFile).map((n: { id: string }) => n.id)).toEqual(inOrder);
    expect(pages[messagesFile]).toEqual([2, 2, 2, 1]);
    expect(pages[`pairs/${pairRow.id}/tasks.json`]).toEqual([2, 1]);
    for (const counts of Object.values(pages)) for (const n of counts) expect(n).toBeLessThanOrEqual(2);
    // The same archive, byte for byte in every file, as with everything read in one page.
    expect([...paged.keys()].sort()).toEqual([...whole.keys()].sort());
    for (const [name, bytes] of whole) {
      expect(paged.get(name)?.toString('utf8'), name).toBe(bytes.toString('utf8'));
      if (name.endsWith('.json')) {
        const text = bytes.toString('utf8');
        expect(text, name).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
      }
    }
  });

  it('answers 401 without a session', async () => {
    const response = await server.request('/api/me/export');
    await expectError(response, 401);
  });
});

describe('data export limits', () => {
  it('allows 5 exports an hour per account (429 after)', async () => {
    const server = await startTestServer({ requireEmailVerification: false, rateLimitScale: 1 });
    try {
      const user = await createUser(server, { role: 'dominant' });
      for (let i = 0; i < 5; i++) await exportOf(user);
      await expectError(await user.client.get('/api/me/export'), 429, 'RATE_LIMITED');
    } finally {
      await server.close();
    }
  });
});
