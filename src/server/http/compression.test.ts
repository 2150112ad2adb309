import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../test/client';
import { type Couple, createCouple } from '../test/partners';
import { startTestServer, type TestServer } from '../test/server';
import { createTask } from '../test/tasks';
import { COMPRESS_FROM_BYTES } from './compression';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** A request as it leaves a browser, with the answer's bytes as they travel (not decoded). */
function raw(server: TestServer, path: string, cookie: string | undefined, encoding = 'gzip, deflate, br') {
  return new Promise<Raw>((resolve, reject) => {
    const headers: Record<string, string> = { 'Accept-Encoding': encoding };
    if (cookie) headers.Cookie = `${SESSION_COOKIE}=${cookie}`;
    request(new URL(path, server.url), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('compression of API answers', () => {
  let server: TestServer;
  let couple: Couple;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer({ requireEmailVerification: false });
    couple = await createCouple(server);
    for (let i = 0; i < 8; i++) await createTask(server, couple, { title: `Task number ${i}` });
    cookie = couple.submissive.client.sessionCookie()!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gzips a large list, once, with its length, and it reads back as the same JSON', async () => {
    const plain = await raw(server, '/api/tasks', cookie, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const zipped = await raw(server, '/api/tasks', cookie);
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.bytes.length);
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(JSON.parse(gunzipSync(zipped.bytes).toString())).toEqual(JSON.parse(plain.bytes.toString()));
  });

  it('sends small answers and refusals as they are, with their length', async () => {
    for (const [path, who, status] of [
      ['/api/health', undefined, 200],
      ['/api/pairs', cookie, 200],
      ['/api/tasks', undefined, 401],
      ['/api/nothing-here', cookie, 404],
    ] as const) {
      const answer = await raw(server, path, who);
      expect(answer.status, path).toBe(status);
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(Number(answer.headers['content-length']), path).toBe(answer.bytes.length);
      expect(answer.bytes.length, path).toBeLessThan(COMPRESS_FROM_BYTES);
      expect(() => JSON.parse(answer.bytes.toString()), path).not.toThrow();
    }
  });
});
