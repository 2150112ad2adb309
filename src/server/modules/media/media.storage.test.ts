import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/database';
import { type Couple, createCouple } from '../../test/partners';
import { startTestServer, type TestServer } from '../../test/server';
import { mediaFiles, storedMedia, uploadAudio, uploadPhoto } from '../../test/uploads';

describe.each(databases())('media kept in files, then in the database, on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;
  beforeAll(async () => {
    server = await startTestServer({
      db: kind,
      requireEmailVerification: false,
      env: { MEDIA_STORAGE: 'files' },
    });
    couple = await createCouple(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a restart with MEDIA_STORAGE=database moves the files into the database: every photo and voice note is still served', async () => {
    const photo = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    const voice = await uploadAudio(couple.dominant.client, couple.submissive.id);
    const served = async (on: TestServer, id: string) => {
      const response = await on.client(couple.dominant.client.cookies).get(`/api/media/${id}`);
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    const before = [await served(server, photo), await served(server, voice)];
    const files = mediaFiles(server);
    expect(files).toHaveLength(2);

    const restarted = await startTestServer({
      db: kind,
      database: server.database,
      dataDir: server.services.config.dataDir,
      requireEmailVerification: false,
      env: { MEDIA_STORAGE: 'database' },
    });
    try {
      expect((await served(restarted, photo)).equals(before[0]!)).toBe(true);
      expect((await served(restarted, voice)).equals(before[1]!)).toBe(true);
      expect(mediaFiles(restarted)).toEqual([]);
      expect((await storedMedia(restarted)).sort()).toEqual(files.sort());
    } finally {
      await restarted.close();
    }
  });
});
