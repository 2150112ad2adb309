import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, AVATAR_TEXT } from '@/shared/schemas/avatars';
import { avatars, users } from '../../db/schema';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { connect, createCouple, partnersOf, requestsOf, sendRequest } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { EXIF_MARKERS, jpeg, jpegWithExifAndGps } from '../../test/samples';
import { startTestServer, type TestServer } from '../../test/server';
import { storedCounts, storedMedia } from '../../test/uploads';
import { createUser, type TestUser } from '../../test/users';

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}\.jpg$/;

/** POST /api/me/avatar with a raw body, as the settings page sends it. */
const postAvatar = (user: TestUser, body: Uint8Array, contentType = 'image/jpeg', headers = {}) =>
  user.client.fetch('/api/me/avatar', {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body: new Uint8Array(body),
  });

const removeAvatar = (user: TestUser) => user.client.delete('/api/me/avatar');

async function served(reader: TestUser, userId: string) {
  const response = await reader.client.get(`/api/avatars/${userId}`);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe.each(databases())('profile pictures on %s', (kind) => {
  let server: TestServer;

  const keyOf = async (userId: string) => {
    const [row] = await server.database.db.select().from(avatars).where(eq(avatars.userId, userId));
    return row?.storageKey ?? null;
  };
  const photoUrlOf = async (userId: string) => {
    const [row] = await server.database.db
      .select({ photoUrl: users.photoUrl })
      .from(users)
      .where(eq(users.id, userId));
    return row?.photoUrl ?? null;
  };

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores a square JPEG without EXIF or GPS, shown to the partner live and in their lists', async () => {
    const { dominant, submissive } = await createCouple(server);
    const stream = await openEventStream(dominant.client);
    try {
      const original = await jpegWithExifAndGps();
      expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain(EXIF_MARKERS.gpsDatum);
      const body = await expectBody(await postAvatar(submissive, original), 200);
      expect(body.photoURL).toMatch(new RegExp(`^/api/avatars/${submissive.id}\\?v=[0-9a-z]+$`));
      expect(await stream.next('user.updated', (d) => d.userId === submissive.id)).toEqual({
        userId: submissive.id,
      });
    } finally {
      stream.close();
    }
    // The partner's list and the user's own /me name the new address (the session cache forgot the user).
    const url = await photoUrlOf(submissive.id);
    expect((await partnersOf(dominant)).find((p) => p.id === submissive.id)?.photoURL).toBe(url);
    const me = await expectBody(await submissive.api.me.$get(), 200);
    expect(me.user?.photoURL).toBe(url);

    for (const reader of [dominant, submissive]) {
      const { response, bytes } = await served(reader, submissive.id);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.toString('latin1')).not.toContain(EXIF_MARKERS.gpsDatum);
      expect(bytes.toString('latin1')).not.toContain(EXIF_MARKERS.make);
    }
  });

  it('replacing deletes the old file; removing deletes the file and the address', async () => {
    const user = await createUser(server, { role: 'dominant' });
    await expectBody(await postAvatar(user, await jpeg(300, 100)), 200);
    const first = await keyOf(user.id);
    expect(first).toMatch(KEY_PATTERN);
    expect(await storedMedia(server)).toContain(first);

    await expectBody(await postAvatar(user, await jpeg(64, 64), 'image/png'), 200);
    const second = await keyOf(user.id);
    expect(second).not.toBe(first);
    const stored = await storedMedia(server);
    expect(stored).toContain(second);
    expect(stored).not.toContain(first);

    expect(await expectBody(await removeAvatar(user), 200)).toEqual({ photoURL: null });
    expect(await keyOf(user.id)).toBeNull();
    expect(await photoUrlOf(user.id)).toBeNull();
    expect(await storedMedia(server)).not.toContain(second);
    expect((await served(user, user.id)).response.status).toBe(404);
    const me = await expectBody(await user.api.me.$get(), 200);
    expect(me.user?.photoURL).toBeNull();
    // Removing again is harmless.
    await expectBody(await removeAvatar(user), 200);
  });

  it('two uploads at once leave one picture and one file', async () => {
    const user = await createUser(server, { role: 'dominant' });
    const before = (await storedMedia(server)).length;
    const answers = await Promise.all([
      postAvatar(user, await jpeg(100, 100)),
      postAvatar(user, await jpeg(120, 80)),
    ]);
    for (const answer of answers) await expectBody(answer, 200);
    const stored = await storedMedia(server);
    expect(stored).toHaveLength(before + 1);
    expect(stored).toContain(await keyOf(user.id));
  });

  it('is served to the user, partners and a pending request; 404 to a stranger, a former partner and after a block', async () => {
    const { dominant, submissive } = await createCouple(server);
    const [stranger, asker] = await Promise.all([
      createUser(server, { role: 'dominant' }),
      createUser(server, { role: 'dominant' }),
    ]);
    await expectBody(await postAvatar(submissive, await jpeg()), 200);
    expect((await served(stranger, submissive.id)).response.status).toBe(404);
    // A user without a picture is 404 to everyone, alike.
    expect((await served(submissive, stranger.id)).response.status).toBe(404);

    const request = await sendRequest(asker, submissive);
    expect((await served(asker, submissive.id)).response.status).toBe(200);
    const listed = (await requestsOf(asker)).find((r) => r.id === request.id);
    expect(listed?.receiverPhotoURL).toBe(await photoUrlOf(submissive.id));

    // The receiver blocks the asker: the request ends, the picture is gone for them.
    await expectBody(
      await submissive.api['partner-requests'][':id'].block.$post({ param: { id: request.id } }),
      200,
    );
    expect((await served(asker, submissive.id)).response.status).toBe(404);

    await expectBody(
      await dominant.api.partners[':partnerId'].$delete({ param: { partnerId: submissive.id } }),
      200,
    );
    await expectError(await dominant.client.get(`/api/avatars/${submissive.id}`), 404, 'NOT_FOUND');
    // Connected again, they see it again.
    await connect(dominant, submissive);
    expect((await served(dominant, submissive.id)).response.status).toBe(200);
    const anonymous = await server.request(`/api/avatars/${submissive.id}`);
    expect(anonymous.status).toBe(401);
    await expectError(await stranger.client.get('/api/avatars/not-a-uuid'), 400, 'VALIDATION_ERROR');
  });

  it('search results name the picture only to those who may see it', async () => {
    const [owner, searcher] = await Promise.all([
      createUser(server, { role: 'submissive' }),
      createUser(server, { role: 'dominant' }),
    ]);
    await expectBody(await postAvatar(owner, await jpeg()), 200);
    const found = async () =>
      (await expectBody(await searcher.api.users.search.$post({ json: { email: owner.email } }), 200)).users;
    // A stranger learns neither that there is a picture nor when it was set.
    expect(await found()).toEqual([expect.objectContaining({ id: owner.id, photoURL: null })]);
    await sendRequest(searcher, owner);
    expect((await found())[0]?.photoURL).toBe(await photoUrlOf(owner.id));
  });

  it.each([
    ['a text file', async () => Buffer.from('not a picture\n'.repeat(40))],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>')],
    [
      'a GIF/JavaScript polyglot',
      async () => Buffer.from('GIF89a/*\x00\x00\x00\x00*/=1;alert(document.cookie)//'.padEnd(300, ' ')),
    ],
    ['a truncated JPEG', async () => (await jpeg(200, 200)).subarray(0, 150)],
  ])('refuses %s with 415 "Please select an image file", changing nothing', async (_, make) => {
    const user = await createUser(server, { role: 'submissive' });
    await expectBody(await postAvatar(user, await jpeg()), 200);
    const before = {
      counts: await storedCounts(server),
      key: await keyOf(user.id),
      url: await photoUrlOf(user.id),
    };
    await expectError(
      await postAvatar(user, await make()),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      AVATAR_TEXT.notAnImage,
    );
    expect({
      counts: await storedCounts(server),
      key: await keyOf(user.id),
      url: await photoUrlOf(user.id),
    }).toEqual(before);
  });

  it('re-encodes a JPEG carrying a hidden archive or script: what is served holds none of it', async () => {
    const user = await createUser(server, { role: 'submissive' });
    const payload = '<?php system($_GET["c"]); ?><script>alert(1)</script>PK\x03\x04secret.txt';
    const polyglot = Buffer.concat([await jpeg(80, 80), Buffer.from(payload, 'latin1')]);
    await expectBody(await postAvatar(user, polyglot), 200);
    const { bytes } = await served(user, user.id);
    const text = bytes.toString('latin1');
    for (const part of ['<?php', '<script>', 'PK\x03\x04', 'secret.txt']) expect(text).not.toContain(part);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
  });

  it('refuses 5 MB or more with 413 "File size must be less than 5MB", declared or not, before reading it', async () => {
    const user = await createUser(server, { role: 'submissive' });
    const before = await storedCounts(server);
    const big = Buffer.alloc(AVATAR_MAX_BYTES + 1, 0xff);
    const declared = await postAvatar(user, big);
    await expectError(declared, 413, 'PAYLOAD_TOO_LARGE', AVATAR_TEXT.tooLarge);
    expect(declared.headers.get('connection')).toBe('close');
    // Streamed without a length: counted while it is read.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 6; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(0xff));
        controller.close();
      },
    });
    const chunked = await user.client.fetch('/api/me/avatar', {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(chunked, 413, 'PAYLOAD_TOO_LARGE', AVATAR_TEXT.tooLarge);
    await expectError(
      await postAvatar(user, new Uint8Array(0)),
      400,
      'VALIDATION_ERROR',
      'The file is empty',
    );
    expect(await storedCounts(server)).toEqual(before);
  });

  it('refuses a body declared as something else (415) and a cross-site upload (403), changing nothing', async () => {
    const user = await createUser(server, { role: 'submissive' });
    const before = await storedCounts(server);
    for (const type of ['text/plain', 'application/json', 'text/html']) {
      await expectError(await postAvatar(user, await jpeg(), type), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    const crossSite = await postAvatar(user, await jpeg(), 'image/jpeg', { origin: 'https://evil.example' });
    await expectError(crossSite, 403, 'CROSS_ORIGIN');
    const anonymous = await server.request('/api/me/avatar', {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(await jpeg()),
    });
    expect(anonymous.status).toBe(401);
    expect(await storedCounts(server)).toEqual(before);
  });

  it('ignores a file name with a path: the file is stored under a random key only', async () => {
    const user = await createUser(server, { role: 'submissive' });
    const response = await postAvatar(user, await jpeg(), 'image/jpeg', {
      'content-disposition': 'attachment; filename="../../../../etc/passwd.jpg"',
      'x-file-name': '..%2F..%2Fsecrets.json',
    });
    await expectBody(response, 200);
    expect(await keyOf(user.id)).toMatch(KEY_PATTERN);
    const url = await photoUrlOf(user.id);
    expect(url).not.toContain('passwd');
    expect(url).not.toContain('..');
  });

  it('goes with the account: deleting it removes the picture file', async () => {
    const user = await createUser(server, { role: 'submissive' });
    await expectBody(await postAvatar(user, await jpeg()), 200);
    const key = await keyOf(user.id);
    await expectBody(
      await user.client.delete('/api/me', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ confirm: 'DELETE' }),
      }),
      200,
    );
    expect(await storedMedia(server)).not.toContain(key);
  });
});

describe('profile picture limits', () => {
  it('limits uploads and removals per account (429)', async () => {
    const server = await startTestServer({ requireEmailVerification: false, rateLimitScale: 1 });
    try {
      const user = await createUser(server, { role: 'dominant' });
      for (let i = 0; i < 20; i++) await expectBody(await removeAvatar(user), 200);
      await expectError(await postAvatar(user, await jpeg()), 429, 'RATE_LIMITED');
      await expectError(await removeAvatar(user), 429, 'RATE_LIMITED');
    } finally {
      await server.close();
    }
  });
});
