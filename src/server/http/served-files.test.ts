import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { type Couple, createCouple } from '../test/partners';
import { startTestServer, type TestServer } from '../test/server';
import { uploadPhoto } from '../test/uploads';

describe('what the server lets browsers keep', () => {
  let server: TestServer;
  let couple: Couple;
  let webRoot: string;

  beforeAll(async () => {
    server = await startTestServer({ requireEmailVerification: false });
    couple = await createCouple(server);
    webRoot = mkdtempSync(path.join(tmpdir(), 'pact-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Pact</title>');
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('private photos and voice notes are never stored by the browser (no-store), so logout leaves none behind', async () => {
    const photo = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    const served = await couple.dominant.client.get(`/api/media/${photo}`);
    expect(served.status).toBe(200);
    const cacheControl = served.headers.get('cache-control') ?? '';
    expect(cacheControl).toMatch(/\bno-store\b/);
    expect(cacheControl).toMatch(/^private\b/);
    expect(cacheControl).not.toMatch(/max-age=[1-9]/);
  });

  it('source maps are not served to browsers', async () => {
    const app = createApp(server.services, { webRoot });
    const script = await app.fetch(new Request('http://localhost/assets/app-abc123.js'));
    expect(script.status).toBe(200);
    const map = await app.fetch(new Request('http://localhost/assets/app-abc123.js.map'));
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
  });
});
