// The two checks lists.mjs makes before it measures anything: (1) the ceiling answers what Pact answers,
// field for field, or it is not a ceiling of the same work; (2) what Pact sends to the database per request
// on each route (read off the wire through pg-proxy.mjs), compared with the ceiling's statements.
import { gunzipSync } from 'node:zlib';
import { PAGED_TASKS_ROUTE, ROUTES } from './ceiling-sql.mjs';
import { httpClient } from './http-load.mjs';
import { jsonDifferences } from './lib.mjs';
import { isTransactionControl } from './pg-proxy.mjs';

/** One GET, its body parsed: status, json, raw (JSON bytes), wire (bytes sent), encoding. */
export async function getJson(client, path, cookie) {
  const res = await client.request('GET', path, {
    headers: { ...(cookie ? { cookie } : {}), 'accept-encoding': 'gzip' },
    keepBody: true,
  });
  const encoding = res.headers['content-encoding'] ?? 'none';
  const raw = encoding === 'gzip' ? gunzipSync(res.body) : res.body;
  return {
    status: res.status,
    headers: res.headers,
    json: JSON.parse(String(raw)),
    raw: raw.length,
    wire: res.bytes,
    encoding,
  };
}

const show = (v) => {
  const text = JSON.stringify(v);
  return text === undefined ? 'absent' : text.length > 100 ? `${text.slice(0, 100)}…` : text;
};

/**
 * Every route's answer from `app` and from `ceiling`, for a few users, must be the same JSON (parsed,
 * key order aside) with the same status; throws with the first differences otherwise. Answers the sizes.
 */
export async function checkSameAnswers(app, ceiling, routes, users) {
  const sizes = {};
  const sample = [users[0], users[1], users.at(-1)];
  for (const route of routes) {
    for (const user of sample) {
      const path = route.path(user);
      const cookie = route.anonymous ? null : user.cookie;
      const [mine, theirs] = await Promise.all([
        getJson(app.client, path, cookie),
        getJson(ceiling.client, path, cookie),
      ]);
      const expected = route.anonymous ? 404 : 200;
      const problems = [];
      if (mine.status !== expected) problems.push(`${app.name} answered ${mine.status}`);
      if (mine.status !== theirs.status)
        problems.push(`status ${app.name} ${mine.status}, ${ceiling.name} ${theirs.status}`);
      for (const d of jsonDifferences(mine.json, theirs.json)) {
        problems.push(`at ${d.at}: ${app.name} ${show(d.a)}, ${ceiling.name} ${show(d.b)}`);
      }
      if (problems.length > 0) {
        throw new Error(
          `the ceiling does not answer what ${app.name} answers on GET ${path}, so it is not a ceiling of the same work:\n  ${problems.join('\n  ')}`,
        );
      }
      sizes[route.name] ??= {
        raw: mine.raw,
        wire: mine.wire,
        encoding: mine.encoding,
        ceilingWire: theirs.wire,
      };
    }
  }
  return sizes;
}

/**
 * Statements per request on each route, counted on a second server of the target's checkout whose
 * connections go through the recording proxy (the session is read once first, as a warm cache would have
 * it); and whether they are the ceiling's statements.
 */
export async function countStatements(target, routes, users) {
  const counted = await target.counted();
  const client = httpClient(counted.url, { maxSockets: 1 });
  const REQUESTS = 3;
  const out = {};
  try {
    for (const route of routes) {
      const user = users[0];
      const get = async () => {
        const res = await client.request('GET', route.path(user), {
          headers: route.anonymous ? {} : { cookie: user.cookie, 'accept-encoding': 'gzip' },
        });
        if (res.status !== (route.anonymous ? 404 : 200)) throw new Error(`${route.name}: ${res.status}`);
      };
      await get();
      await counted.proxy.settled(200);
      const from = counted.proxy.statements.length;
      for (let i = 0; i < REQUESTS; i++) await get();
      await counted.proxy.settled(200);
      const seen = counted.proxy.statements.slice(from).filter((s) => !isTransactionControl(s.sql));
      const texts = [...new Set(seen.map((s) => s.sql))];
      // A statement of the ceiling may have one text per acting role: this user sends one of them.
      // The task list: the whole list's statement or the paged one, whichever this checkout sends.
      const path = route.path(user).split('?')[0];
      const candidates = [ROUTES[path], ...(path === '/api/tasks' ? [PAGED_TASKS_ROUTE] : [])];
      const ceilingStatements = candidates
        .flatMap((r) => r?.statements ?? [])
        .map(([, sql]) => (typeof sql === 'string' ? [sql] : Object.values(sql)));
      const ceilingTexts = ceilingStatements.flat();
      out[route.name] = {
        perRequest: seen.length / REQUESTS,
        prepared: seen.filter((s) => s.prepared).length / REQUESTS,
        differing: texts.filter((t) => !ceilingTexts.includes(t)),
        missing: (path === '/api/tasks' ? [] : ceilingStatements).filter(
          (variants) => !variants.some((t) => texts.includes(t)),
        ),
      };
    }
  } finally {
    client.close();
    await counted.stop();
  }
  return out;
}

/** One line per route: statements per request and whether they are the ceiling's. */
export function printStatements(name, counts) {
  for (const [route, c] of Object.entries(counts)) {
    const same =
      c.differing.length === 0 && c.missing.length === 0
        ? "the ceiling's statements"
        : `NOT the ceiling's statements (the ceiling keeps those it was given): sends ${c.differing
            .map((t) => `"${t.slice(0, 90)}…"`)
            .join(', ')}${c.missing.length ? `; no longer sends ${c.missing.length} of the ceiling's` : ''}`;
    console.info(
      `  ${name.padEnd(5)} ${route.padEnd(13)} ${c.perRequest.toFixed(1)} statements per request (${c.prepared.toFixed(1)} prepared): ${same}`,
    );
  }
}
