// Login (argon2id verification + a new session) and an authenticated read (session lookup), from a
// second process against the built server on PGlite, or on PostgreSQL when DATABASE_URL is set.
// Usage: npm run build && node bench/login.mjs
import { load, report, startServer } from './lib.mjs';

const USERS = 20;
const PASSWORD = 'Bench#Mark2026';
const server = await startServer({ REQUIRE_EMAIL_VERIFICATION: 'false' });
const post = (path, body, cookie) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

try {
  const emails = [];
  for (let i = 0; i < USERS; i++) {
    const email = `bench${i}-${Date.now()}@example.com`;
    const res = await post('/api/auth/register', {
      displayName: `Bench ${i}`,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: 'submissive',
      ageConfirmed: true,
    });
    if (res.status !== 201) throw new Error(`register ${res.status}`);
    emails.push(email);
  }
  const cookies = [];
  report(
    'POST /api/auth/login (c=4)',
    await load(200, 4, async (i) => {
      const res = await post('/api/auth/login', { email: emails[i % USERS], password: PASSWORD });
      if (res.status !== 200) throw new Error(`login ${res.status}`);
      cookies[i % USERS] = res.headers.getSetCookie()[0].split(';')[0];
      await res.arrayBuffer();
    }),
  );
  report(
    'GET /api/me (c=16)',
    await load(4000, 16, async (i) => {
      const res = await fetch(`${server.url}/api/me`, { headers: { cookie: cookies[i % USERS] } });
      if (res.status !== 200) throw new Error(`me ${res.status}`);
      await res.arrayBuffer();
    }),
  );
  report(
    'GET /api/health (c=16)',
    await load(4000, 16, async () => {
      await (await fetch(`${server.url}/api/health`)).arrayBuffer();
    }),
  );
} finally {
  await server.stop();
}
