import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, pairs } from '../../db/schema';
import { AUDIO_MAX_BYTES, PHOTO_MAX_BYTES } from '../../media/process';
import { databases } from '../../test/database';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import {
  EXIF_MARKERS,
  jpeg,
  jpegWithExifAndGps,
  oggOpus,
  pngClaiming,
  rotatedJpeg,
} from '../../test/samples';
import { startTestServer, type TestServer } from '../../test/server';
import { postAudio, postPhoto, storedCounts, uploadAudio, uploadPhoto } from '../../test/uploads';
import { createUser } from '../../test/users';

const NOT_AN_IMAGE = 'Please select an image file';
const TOO_LONG = 'Maximum recording time of 1 minute reached.';

async function storageKeyOf(server: TestServer, id: string) {
  const [row] = await server.database.db.select().from(media).where(eq(media.id, id));
  return row?.storageKey;
}

describe.each(databases())('media API on %s', (kind) => {
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

  describe('photos', () => {
    it('stores a re-encoded JPEG without its EXIF and GPS, served to both partners', async () => {
      const original = await jpegWithExifAndGps();
      const before = await sharp(original).metadata();
      // The sample really carries what must go.
      expect(before.exif?.toString('latin1')).toContain(EXIF_MARKERS.make);
      expect(before.exif?.toString('latin1')).toContain(EXIF_MARKERS.gpsDatum);

      const response = await postPhoto(couple.submissive.client, couple.dominant.id, original);
      const { media: view } = await expectBody(response, 201);
      expect(view).toMatchObject({ kind: 'photo', mime: 'image/jpeg', durationMs: null });

      for (const reader of [couple.dominant, couple.submissive]) {
        const served = await reader.client.get(`/api/media/${view.id}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/jpeg');
        expect(served.headers.get('cache-control')).toMatch(/^private\b/);
        const bytes = Buffer.from(await served.arrayBuffer());
        expect(bytes.length).toBe(view.sizeBytes);
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        const raw = bytes.toString('latin1');
        expect(raw).not.toContain(EXIF_MARKERS.make);
        expect(raw).not.toContain(EXIF_MARKERS.gpsDatum);
        expect(raw).not.toContain('Exif\0\0');
      }
      // What is stored is the cleaned photo too.
      const stored = await server.services.storage.get((await storageKeyOf(server, view.id))!);
      expect(stored?.length).toBe(view.sizeBytes);
      expect(stored?.toString('latin1')).not.toContain(EXIF_MARKERS.gpsDatum);
    });

    it('applies the EXIF orientation: a rotated photo comes back with width and height swapped', async () => {
      const original = await rotatedJpeg();
      expect(await sharp(original).metadata()).toMatchObject({ width: 40, height: 20, orientation: 6 });
      const id = await uploadPhoto(couple.submissive.client, couple.dominant.id, original);
      const served = await couple.dominant.client.get(`/api/media/${id}`);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ width: 20, height: 40 });
      expect(meta.orientation ?? 1).toBe(1);
    });

    it('accepts a PNG and serves it as JPEG', async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#00ff0080' } })
        .png()
        .toBuffer();
      const response = await postPhoto(couple.dominant.client, couple.submissive.id, png, 'image/png');
      const { media: view } = await expectBody(response, 201);
      const served = await couple.submissive.client.get(`/api/media/${view.id}`);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('jpeg');
    });

    it.each([
      ['a text file', () => Buffer.from('just some text, not a picture\n'.repeat(20))],
      [
        'a PNG signature followed by junk',
        () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(600, 0x41)]),
      ],
      ['a truncated JPEG', async () => (await jpeg(200, 200)).subarray(0, 180)],
      ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>')],
    ])('refuses %s declared as image/jpeg with 415, storing nothing', async (_, make) => {
      const before = await storedCounts(server);
      const response = await postPhoto(couple.submissive.client, couple.dominant.id, await make());
      await expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE);
      expect(await storedCounts(server)).toEqual(before);
    });

    it('refuses a decompression bomb (a tiny PNG claiming 900 megapixels) with 413, storing nothing', async () => {
      const before = await storedCounts(server);
      const bomb = pngClaiming(30_000, 30_000);
      expect(bomb.length).toBeLessThan(1_000);
      const response = await postPhoto(couple.submissive.client, couple.dominant.id, bomb, 'image/png');
      await expectError(
        response,
        413,
        'PAYLOAD_TOO_LARGE',
        'Photo has too many pixels (40 megapixels at most)',
      );
      expect(await storedCounts(server)).toEqual(before);
    });

    it('a refused upload leaves the pair row as it was (not even its updated_at)', async () => {
      const pairRow = async () =>
        (await server.database.db.select().from(pairs).where(eq(pairs.id, couple.pairId)))[0];
      const before = await pairRow();
      const counts = await storedCounts(server);
      server.clock.advance(60_000);
      for (const response of [
        await postPhoto(couple.submissive.client, couple.dominant.id, Buffer.from('not a picture')),
        await postPhoto(couple.submissive.client, couple.dominant.id, new Uint8Array(0)),
        await postAudio(couple.submissive.client, couple.dominant.id, Buffer.from('not audio')),
      ]) {
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }
      expect(await pairRow()).toEqual(before);
      expect(await storedCounts(server)).toEqual(counts);
    });

    it('refuses a body not declared as an image with 415', async () => {
      const response = await postPhoto(
        couple.submissive.client,
        couple.dominant.id,
        await jpeg(),
        'text/plain',
      );
      await expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE);
    });

    it('refuses a photo over 10 MB with 413 and an empty one with 400, storing nothing', async () => {
      const before = await storedCounts(server);
      const big = Buffer.alloc(PHOTO_MAX_BYTES + 1, 0xff);
      const tooBig = await postPhoto(couple.submissive.client, couple.dominant.id, big);
      await expectError(tooBig, 413, 'PAYLOAD_TOO_LARGE');
      // The unread body leaves the connection unusable: the server closes it rather than let the
      // client's next request fail on it.
      expect(tooBig.headers.get('connection')).toBe('close');
      const empty = await postPhoto(couple.submissive.client, couple.dominant.id, new Uint8Array(0));
      await expectError(empty, 400, 'VALIDATION_ERROR', 'The file is empty');
      expect(await storedCounts(server)).toEqual(before);
      // The uploader's next request goes through.
      await uploadPhoto(couple.submissive.client, couple.dominant.id);
    });

    it('refuses an upload for someone the uploader is not connected with (404), keeping no file', async () => {
      const before = await storedCounts(server);
      for (const partnerId of [other.dominant.id, randomUUID(), couple.submissive.id]) {
        const response = await postPhoto(couple.submissive.client, partnerId, await jpeg());
        await expectError(response, 404, 'NOT_FOUND');
      }
      const bad = await postPhoto(couple.submissive.client, 'not-a-uuid', await jpeg());
      await expectError(bad, 400, 'VALIDATION_ERROR');
      expect(await storedCounts(server)).toEqual(before);
    });

    it('refuses a Switch who has not chosen a session role (403)', async () => {
      const sw = await createUser(server, { role: 'switch' });
      const response = await postPhoto(sw.client, couple.dominant.id, await jpeg());
      await expectError(response, 403, 'ROLE_NOT_CHOSEN', 'Choose your role for this session first');
    });
  });

  describe('voice notes', () => {
    it('stores an Ogg Opus note with its duration and serves it as audio/ogg', async () => {
      const file = oggOpus(3);
      const response = await postAudio(couple.dominant.client, couple.submissive.id, file, 3_000);
      const { media: view } = await expectBody(response, 201);
      expect(view).toMatchObject({ kind: 'audio', mime: 'audio/ogg', sizeBytes: file.length });
      expect(view.durationMs).toBeGreaterThanOrEqual(3_000);
      const served = await couple.submissive.client.get(`/api/media/${view.id}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('audio/ogg');
      expect(served.headers.get('cache-control')).toMatch(/^private\b/);
      expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);
    });

    it('accepts a WebM note recorded with a codecs parameter', async () => {
      // Recorded by Chromium's MediaRecorder (Opus in WebM, 1.44 s).
      const webm = readFileSync(path.join(import.meta.dirname, '../../test/samples/tone-1.5s.webm'));
      const response = await postAudio(
        couple.submissive.client,
        couple.dominant.id,
        webm,
        1_500,
        'audio/webm;codecs=opus',
      );
      const { media: view } = await expectBody(response, 201);
      expect(view).toMatchObject({ mime: 'audio/webm', durationMs: 1_500 });
    });

    it('refuses a voice note without the recorder-stated length (400), storing nothing', async () => {
      const before = await storedCounts(server);
      const response = await couple.dominant.client.fetch(
        `/api/media/audio?partnerId=${encodeURIComponent(couple.submissive.id)}`,
        { method: 'POST', headers: { 'content-type': 'audio/ogg' }, body: new Uint8Array(oggOpus(2)) },
      );
      await expectError(response, 400, 'VALIDATION_ERROR', 'The length of the recording is required');
      expect(await storedCounts(server)).toEqual(before);
    });

    it('refuses what is not audio (415), an empty body (400) and a photo route type on audio (415)', async () => {
      const before = await storedCounts(server);
      const text = await postAudio(couple.dominant.client, couple.submissive.id, Buffer.from('hello'));
      await expectError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const image = await postAudio(couple.dominant.client, couple.submissive.id, await jpeg());
      await expectError(image, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const declaredImage = await postAudio(
        couple.dominant.client,
        couple.submissive.id,
        oggOpus(1),
        1_000,
        'image/png',
      );
      await expectError(declaredImage, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const empty = await postAudio(couple.dominant.client, couple.submissive.id, new Uint8Array(0));
      await expectError(empty, 400, 'VALIDATION_ERROR');
      expect(await storedCounts(server)).toEqual(before);
    });

    it('refuses a note over one minute, by the declared length or by the file, storing nothing', async () => {
      const before = await storedCounts(server);
      const declared = await postAudio(couple.dominant.client, couple.submissive.id, oggOpus(2), 61_000);
      await expectError(declared, 400, 'VALIDATION_ERROR', TOO_LONG);
      // The recorder claims one second; the file itself states seventy.
      const stated = await postAudio(couple.dominant.client, couple.submissive.id, oggOpus(70), 1_000);
      await expectError(stated, 400, 'VALIDATION_ERROR', TOO_LONG);
      expect(await storedCounts(server)).toEqual(before);
      // Sixty seconds is allowed.
      await uploadAudio(couple.dominant.client, couple.submissive.id, oggOpus(60));
    });

    it('refuses a note over 3 MB with 413', async () => {
      const before = await storedCounts(server);
      const big = Buffer.concat([oggOpus(1), Buffer.alloc(AUDIO_MAX_BYTES, 0)]);
      const response = await postAudio(couple.dominant.client, couple.submissive.id, big);
      await expectError(response, 413, 'PAYLOAD_TOO_LARGE');
      expect(response.headers.get('connection')).toBe('close');
      expect(await storedCounts(server)).toEqual(before);
      await uploadAudio(couple.dominant.client, couple.submissive.id);
    });
  });

  describe('reading', () => {
    it('is 404 for a signed-in stranger, exactly as for an unknown id, and 401 signed out', async () => {
      const id = await uploadPhoto(couple.submissive.client, couple.dominant.id);
      for (const stranger of [other.dominant, other.submissive]) {
        const response = await stranger.client.get(`/api/media/${id}`);
        const unknown = await stranger.client.get(`/api/media/${randomUUID()}`);
        expect(await expectError(response, 404, 'NOT_FOUND')).toEqual(
          await expectError(unknown, 404, 'NOT_FOUND'),
        );
      }
      await expectError(await server.request(`/api/media/${id}`), 401, 'NOT_AUTHENTICATED');
      await expectError(
        await server.request(`/api/media/photo?partnerId=${couple.dominant.id}`, {
          method: 'POST',
          headers: { 'content-type': 'image/jpeg' },
          body: await jpeg(),
        }),
        401,
        'NOT_AUTHENTICATED',
      );
      await expectError(await couple.dominant.client.get('/api/media/not-a-uuid'), 400, 'VALIDATION_ERROR');
    });

    it('is 404 for both partners once they disconnect', async () => {
      const pair = await createCouple(server);
      const photo = await uploadPhoto(pair.submissive.client, pair.dominant.id);
      const audio = await uploadAudio(pair.dominant.client, pair.submissive.id);
      expect((await pair.dominant.client.get(`/api/media/${photo}`)).status).toBe(200);

      const ended = await pair.submissive.client.delete(`/api/partners/${pair.dominant.id}`);
      expect(ended.status).toBe(200);
      for (const user of [pair.dominant, pair.submissive]) {
        for (const id of [photo, audio]) {
          await expectError(await user.client.get(`/api/media/${id}`), 404, 'NOT_FOUND');
        }
        // Nor can they upload for each other any more.
        const partnerId = user === pair.dominant ? pair.submissive.id : pair.dominant.id;
        await expectError(await postPhoto(user.client, partnerId, await jpeg()), 404, 'NOT_FOUND');
      }
    });
  });
});
