// The measurement of realtime.mjs: one change (a connection request) and the arrival of its event on the
// partner's streams, a phase of changes at a number of writers, and how a phase is printed. A target is
// { name, server, users, results }: one server with its own users and database.
import { cpuMs } from './db.mjs';
import { percentile } from './http-load.mjs';
import { load } from './lib.mjs';

export const USERS = 200;
/** Each user logs in this many times (registration gives the first session); one stream per session. */
export const SESSIONS_PER_USER = 5;
export const STREAMS = USERS * SESSIONS_PER_USER;
const EVENT_TIMEOUT_MS = 10_000;

const post = (target, path, body, cookie) =>
  fetch(`${target.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

// --- events: first and last arrival per change (request ids are unique across targets) ---------------

const arrivals = new Map();
const arrival = (requestId) => {
  let a = arrivals.get(requestId);
  if (!a) {
    a = { first: 0, last: 0, count: 0, expected: SESSIONS_PER_USER };
    a.firstP = new Promise((r) => {
      a.onFirst = r;
    });
    a.allP = new Promise((r) => {
      a.onAll = r;
    });
    arrivals.set(requestId, a);
  }
  return a;
};
export const streamStats = { errors: 0, counts: new Map() };

export function onEvent(name, data, at) {
  streamStats.counts.set(name, (streamStats.counts.get(name) ?? 0) + 1);
  if (name === 'partner_request.created') {
    const a = arrival(JSON.parse(data).requestId);
    a.count++;
    if (a.count === 1) {
      a.first = at;
      a.onFirst();
    }
    if (a.count === a.expected) {
      a.last = at;
      a.onAll();
    }
  }
}

// --- measurement ----------------------------------------------------------------------------------

/**
 * One change: users[i] asks users[(i + offset) % USERS] to connect. Each (i, offset) with
 * 0 < offset < USERS / 2 names a distinct unordered couple, so no request meets a pending one.
 *
 * The change commits somewhere between the moment the POST leaves (t0) and the moment the response
 * headers arrive (tHeaders): the service commits, publishes, then the handler returns and the
 * headers go out. So for the first stream's event at t1, the true commit-to-event delay lies between
 * (t1 - tHeaders) and (t1 - t0). The lower bound is clamped at 0: the event can arrive before the
 * response (it is handed to the streams before the handler returns; on PostgreSQL it comes back
 * through LISTEN). The POST latency is to the end of the body, which can trail the headers by
 * milliseconds (API responses all go through the gzip middleware, whatever their size), so that gap
 * is printed as its own row.
 */
async function change(target, i, offset, streamsOpen) {
  const a = target.users[i % USERS];
  const b = target.users[(i + offset) % USERS];
  const t0 = performance.now();
  const res = await post(target, '/api/partner-requests', { receiverId: b.id }, a.cookies[0]);
  const tHeaders = performance.now();
  if (res.status !== 201) throw new Error(`POST /api/partner-requests ${res.status}: ${await res.text()}`);
  const { request } = await res.json();
  const tResp = performance.now();
  const timing = { post: tResp - t0, body: tResp - tHeaders };
  if (!streamsOpen) return { lost: false, ...timing };
  const got = arrival(request.id);
  let timer;
  const timeout = new Promise((r) => {
    timer = setTimeout(() => r('timeout'), EVENT_TIMEOUT_MS);
  });
  const outcome = await Promise.race([got.allP, timeout]);
  clearTimeout(timer);
  if (outcome === 'timeout') return { lost: true, ...timing, delivered: got.count };
  return {
    lost: false,
    ...timing,
    sentToFirst: got.first - t0,
    respToFirst: Math.max(0, got.first - tHeaders),
    beforeResponse: got.first < tHeaders,
    sentToAll: got.last - t0,
  };
}

/** `total` changes at `writers` in flight on `target`; the phase joins target.results. */
export async function phase(target, label, { total, writers, offsetOf, streamsOpen = true }) {
  const cpu0 = cpuMs(target.server.pid);
  const client0 = process.cpuUsage();
  const out = [];
  const { seconds } = await load(total, writers, async (k) => {
    out.push(await change(target, k, offsetOf(k), streamsOpen));
  });
  const cpu = cpuMs(target.server.pid) - cpu0;
  const client = process.cpuUsage(client0);
  const clientCpu = (client.user + client.system) / 1000;
  target.results.push({ label, writers, out, seconds, cpu, clientCpu, streamsOpen });
}

/** p50, p90, p99 and max of `values` (ms). */
export function quantiles(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (q) => (q === 1 ? sorted.at(-1) : percentile(sorted, q)).toFixed(1).padStart(7);
  return `p50 ${at(0.5)} ms  p90 ${at(0.9)} ms  p99 ${at(0.99)} ms  max ${at(1)} ms`;
}

export function printPhase(prefix, { label, out, seconds, cpu, clientCpu, streamsOpen }) {
  const ok = out.filter((r) => !r.lost);
  const lost = out.length - ok.length;
  console.info(
    `\n${prefix}${label}: ${out.length} changes in ${seconds.toFixed(2)} s = ${(out.length / seconds).toFixed(0)} changes/s` +
      `; CPU per change: server ${(cpu / out.length).toFixed(1)} ms, bench client ${(clientCpu / out.length).toFixed(1)} ms` +
      (streamsOpen
        ? `; lost ${lost}; event before response headers ${ok.filter((r) => r.beforeResponse).length}/${ok.length}`
        : ''),
  );
  const rows = [
    ["request sent -> partner's event (1st stream)", ok.map((r) => r.sentToFirst)],
    ['commit -> event, lower bound (headers -> event)', ok.map((r) => r.respToFirst)],
    [`request sent -> event (all ${SESSIONS_PER_USER} streams)`, ok.map((r) => r.sentToAll)],
  ];
  if (!streamsOpen || ok.length === 0) rows.length = 0;
  rows.push(['POST /api/partner-requests latency', out.map((r) => r.post)]);
  rows.push(['  of which headers -> end of body', out.map((r) => r.body)]);
  for (const [name, values] of rows) console.info(`  ${name.padEnd(48)} ${quantiles(values)}`);
}
