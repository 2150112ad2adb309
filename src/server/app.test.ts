import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/errors';
import { databases } from './test/database';
import { startTestServer, type TestServer } from './test/server';

describe.each(databases())('app on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /api/health answers 200 with status ok and the kind of database', async () => {
    const response = await server.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: kind });
  });

  it('sends the security headers on an API response', async () => {
    for (const path of ['/api/health', '/api/me', '/api/nothing-here']) {
      const response = await server.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cache-control')).toBe('no-store');
      // Plain http: no HSTS, which would pin a local installation to https.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('answers unknown paths with a 404 in JSON (no web root is served)', async () => {
    for (const path of ['/api/whatever', '/api/', '/', '/dashboard', '/../etc/passwd']) {
      const response = await server.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
  });

  it('does not leak the server software', async () => {
    const response = await server.request('/api/health');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe.each(databases())('health with the database gone on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 once the database is closed, and other routes fail without a 500 body leak', async () => {
    expect((await server.request('/api/health')).status).toBe(200);
    await server.database.close();

    const response = await server.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'Database connection issue detected' },
    });

    const login = await server.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com', password: 'Zebra7!quartz' }),
    });
    const body: ApiErrorBody = await login.json();
    // Whatever the status, the body is our error shape and says nothing about the internals.
    expect(body.error.code).toMatch(/^[A-Z_]+$/);
    expect(JSON.stringify(body)).not.toMatch(/pglite|postgres|pool|stack|at \w+ \(/i);
  });
});
