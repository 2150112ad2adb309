// Login (argon2id verification + a new session) and an authenticated read (session lookup), from a
// second process against the built server on PGlite, or on PostgreSQL when DATABASE_URL is set.
// BENCH_BASE_DIR=<another checkout, built>: its server too (its own data), each measurement made on the
// two in turn, so that before and after come from one run.
// Usage: npm run build && node bench/login.mjs
import { createDatabase, dropDatabase } from './db.mjs';
import { load, report, startServer } from './lib.mjs';
import { checkouts } from './targets.mjs';

const USERS = 20;
const PASSWORD = 'Bench#Mark2026';
const targets = [];
const post = (t, path, body) =>
  fetch(`${t.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

try {
  for (const checkout of checkouts()) {
    const t = { ...checkout, emails: [], cookies: [] };
    targets.push(t);
    const env = { REQUIRE_EMAIL_VERIFICATION: 'false' };
    if (process.env.DATABASE_URL) {
      t.db = await createDatabase(process.env.DATABASE_URL);
      env.DATABASE_URL = t.db.url;
    }
    t.server = await startServer(env, { cwd: checkout.cwd });
    for (let i = 0; i < USERS; i++) {
      const email = `bench${i}-${Date.now()}@example.com`;
      const res = await post(t, '/api/auth/register', {
        displayName: `Bench ${i}`,
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        role: 'submissive',
        ageConfirmed: true,
      });
      if (res.status !== 201) throw new Error(`register ${res.status}`);
      t.emails.push(email);
    }
  }
  const named = (t, label) => (targets.length > 1 ? `${t.name} ${label}` : label);
  for (const t of targets) {
    report(
      named(t, 'POST /api/auth/login (c=4)'),
      await load(200, 4, async (i) => {
        const res = await post(t, '/api/auth/login', { email: t.emails[i % USERS], password: PASSWORD });
        if (res.status !== 200) throw new Error(`login ${res.status}`);
        t.cookies[i % USERS] = res.headers.getSetCookie()[0].split(';')[0];
        await res.arrayBuffer();
      }),
    );
  }
  for (const t of targets) {
    report(
      named(t, 'GET /api/me (c=16)'),
      await load(4000, 16, async (i) => {
        const res = await fetch(`${t.server.url}/api/me`, { headers: { cookie: t.cookies[i % USERS] } });
        if (res.status !== 200) throw new Error(`me ${res.status}`);
        await res.arrayBuffer();
      }),
    );
  }
  for (const t of targets) {
    report(
      named(t, 'GET /api/health (c=16)'),
      await load(4000, 16, async () => {
        await (await fetch(`${t.server.url}/api/health`)).arrayBuffer();
      }),
    );
  }
} finally {
  for (const t of targets) {
    await t.server?.stop();
    if (t.db) await dropDatabase(t.db).catch(() => {});
  }
}
