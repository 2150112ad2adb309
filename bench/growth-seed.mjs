// Large data for growth.mjs, and the instruments it reads them with. Rows that need no rule of Pact's are
// copied in SQL from a row the app itself made (the same columns, the defaults for the rest), thousands at
// a time; contract versions go through the API, since each extends the hash chain the history verifies.

import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { adminQuery } from './db.mjs';
import { call } from './seed.mjs';

/**
 * `count` more tasks in the pair of the submissive `subId`, copies of its oldest, each a second older: open,
 * or with `done` one-off tasks the submissive completed (a couple's history).
 */
export async function addTasks(dbUrl, subId, count, { done = false } = {}) {
  await adminQuery(
    dbUrl,
    `insert into tasks (pair_id, title, description, due_date, assigned_by, assigned_to, photo_proof_required, time_zone, task_type, created_at, updated_at, completed, completed_at, completed_by)
     select t.pair_id, 'Task ' || g || ' of a long list', t.description, t.due_date, t.assigned_by, t.assigned_to,
            t.photo_proof_required, t.time_zone, t.task_type, t.created_at - make_interval(secs => g), t.created_at - make_interval(secs => g),
            $3::boolean, case when $3::boolean then t.created_at end, case when $3::boolean then t.assigned_to end
     from (select * from tasks where assigned_to = $1 order by created_at limit 1) t, generate_series(1, $2::int) g`,
    [subId, count, done],
  );
}

/** `count` more unread notifications for `userId`, copies of their newest, each a second older. */
export async function addNotifications(dbUrl, userId, count) {
  await adminQuery(
    dbUrl,
    `insert into notifications (user_id, type, title, message, data, read, created_at, updated_at)
     select n.user_id, n.type, n.title, n.message, n.data, false, n.created_at - make_interval(secs => g), n.created_at - make_interval(secs => g)
     from (select * from notifications where user_id = $1 order by created_at desc limit 1) n, generate_series(1, $2::int) g`,
    [userId, count],
  );
}

/** `count` journal messages in the active pair of `domId` and `subId`, the two writing in turn. */
export async function addMessages(dbUrl, domId, subId, count) {
  await adminQuery(
    dbUrl,
    `insert into journal_messages (pair_id, sender_id, receiver_id, content, tone, created_at)
     select p.id, case when g % 2 = 0 then $1::uuid else $2::uuid end, case when g % 2 = 0 then $2::uuid else $1::uuid end,
            'Seeded journal message number ' || g || ', about as long as a short message is.',
            (array['green','yellow','red'])[1 + g % 3], now() - make_interval(secs => $3::int - g)
     from pairs p, generate_series(1, $3::int) g where p.dominant_id = $1 and p.submissive_id = $2 and p.status = 'active'`,
    [domId, subId, count],
  );
}

/** The planner's statistics for the tables just filled, as the app's maintenance would have them. */
export const analyze = (dbUrl) =>
  adminQuery(dbUrl, 'analyze tasks, notifications, journal_messages, contract_versions');

/** Edits the couple's contract (opened by seedLists) until it has `versions` versions, one at a time. */
export async function editContract(origin, couple, versions, base) {
  let versionId = couple.versionId;
  for (let n = 2; n <= versions; n++) {
    const content = `${base}\n\nRevision ${n}: the partners agreed on this wording after talking it over.`;
    const res = await call(
      origin,
      'PUT',
      `/api/contracts/${couple.contractId}/content`,
      { baseVersionId: versionId, content },
      couple.dom.cookie,
      200,
    );
    versionId = (await res.json()).contract.versionId;
  }
}

const rssKiB = (pid, field) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))[1]);

/**
 * Watches a process's resident memory: VmRSS sampled every 10 ms, and the kernel's own peak (VmHWM), reset
 * first through /proc/<pid>/clear_refs where the kernel allows it. stop() answers MiB before and at peak.
 */
export function watchMemory(pid) {
  let hwmReset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    hwmReset = true;
  } catch {}
  const before = rssKiB(pid, 'VmRSS');
  let peak = before;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssKiB(pid, 'VmRSS'));
    } catch {}
  }, 10);
  return () => {
    clearInterval(timer);
    if (hwmReset) peak = Math.max(peak, rssKiB(pid, 'VmHWM'));
    return { before: before / 1024, peak: peak / 1024, kernelPeak: hwmReset };
  };
}

/**
 * GET `path` read at a steady `bytesPerSecond`, as a phone on a slow link would: the response is paused
 * whenever the reader is ahead of that rate, so the server has to hold or produce what is not yet read.
 */
export function readSteadily(origin, path, cookie, bytesPerSecond) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByte = null;
    let bytes = 0;
    const req = http.get({ hostname, port, path, headers: { cookie } }, (res) => {
      res.on('data', (chunk) => {
        firstByte ??= performance.now() - started;
        bytes += chunk.length;
        const ahead = bytes / bytesPerSecond - (performance.now() - started - firstByte) / 1000;
        if (ahead > 0.01) {
          res.pause();
          setTimeout(() => res.resume(), ahead * 1000);
        }
      });
      res.on('end', () =>
        resolve({ status: res.statusCode, bytes, firstByte, seconds: (performance.now() - started) / 1000 }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
