import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCouple } from '../../test/partners';
import { expectError } from '../../test/responses';
import { needlePng } from '../../test/samples';
import { startTestServer, type TestServer } from '../../test/server';
import { postPhoto, storedCounts } from '../../test/uploads';
import { createUser, login, type TestUser } from '../../test/users';
import { median } from '../../test/wait';

describe('uploads cannot starve the server', () => {
  let server: TestServer;
  let dominant: TestUser;
  let submissive: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ requireEmailVerification: false });
    ({ dominant, submissive } = await createCouple(server));
    stranger = await createUser(server, { role: 'submissive' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a stranger's upload is refused before its body is read", async () => {
    // A body that never ends: a server that read it before deciding would never answer.
    const url = new URL(`/api/media/photo?partnerId=${dominant.id}`, server.url);
    const cookie = [...stranger.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        headers: { 'content-type': 'image/png', cookie, origin: server.url, 'transfer-encoding': 'chunked' },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: text });
        });
      });
      request.on('error', reject);
      request.write(Buffer.alloc(1024));
    });
    expect(status).toBe(404);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'NOT_FOUND', message: 'No partner connection found' },
    });
  });

  it('a photo one pixel wide and forty million tall is refused by its header, not decoded', async () => {
    const needle = needlePng();
    expect(needle.length).toBeLessThan(200_000);
    const before = await storedCounts(server);
    const response = await postPhoto(submissive.client, dominant.id, needle);
    await expectError(
      response,
      413,
      'PAYLOAD_TOO_LARGE',
      'Photo is too large (12,000 pixels a side at most)',
    );
    expect(await storedCounts(server)).toEqual(before);
  });

  it('sign-in stays about as fast while heavy photos are being processed', async () => {
    // Large, valid photos: cheap to send, real work to decode and re-encode.
    const heavy = await sharp({
      create: { width: 7_000, height: 5_000, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const timeLogin = async () => {
      const started = performance.now();
      const response = await login(server, dominant.email, dominant.password);
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    await timeLogin();
    const quiet = [await timeLogin(), await timeLogin(), await timeLogin()];
    const uploads = Array.from({ length: 6 }, () => postPhoto(submissive.client, dominant.id, heavy));
    const busy = [await timeLogin(), await timeLogin(), await timeLogin()];
    const answers = await Promise.all(uploads);
    for (const answer of answers) expect([201, 503]).toContain(answer.status);
    expect(answers.some((a) => a.status === 201)).toBe(true);
    const ratio = median(busy) / median(quiet);
    expect(
      ratio,
      `quiet ${quiet.map(Math.round)} ms, during uploads ${busy.map(Math.round)} ms`,
    ).toBeLessThan(4);
  });
});
