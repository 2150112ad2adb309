// The data export's memory with a slow client: a couple with 200 photos (and BENCH_MESSAGES journal
// messages), then GET /api/me/export read by a client that first reads nothing, then reads slowly. Prints
// the server's resident memory before the export and its peak while the archive streams (sampled from
// /proc/<pid>/status), for this checkout and, with BENCH_BASE_DIR=<another checkout, built>, that one's
// beside it (each with its own DATA_DIR). With BENCH_RUNS=n the exports are repeated, alternating between
// the checkouts, and the median and spread of the growth are printed.
// Usage: npm run build && node bench/export-rss.mjs
//        BENCH_PHOTOS=200 BENCH_MESSAGES=0 BENCH_RUNS=1 BENCH_IDLE_MS=3000 BENCH_READ_KIB_S=16384
//        BENCH_TIMEOUT_S=1200
// The messages are written straight into the embedded database while the server is stopped (one
// INSERT … SELECT over generate_series), 1 ms apart, each about 160 characters: the API would take
// minutes for 100,000 and its rate limits stand in the way.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';
import { load, startServer } from './lib.mjs';
import { createCouple } from './seed.mjs';
import { checkouts } from './targets.mjs';

const env = process.env;
const PHOTOS = Number(env.BENCH_PHOTOS ?? 200);
const MESSAGES = Number(env.BENCH_MESSAGES ?? 0);
const RUNS = Number(env.BENCH_RUNS ?? 1);
const IDLE_MS = Number(env.BENCH_IDLE_MS ?? 3000);
const READ_BYTES_S = Number(env.BENCH_READ_KIB_S ?? 16_384) * 1024;
const TIME_LIMIT_MS = Number(env.BENCH_TIMEOUT_S ?? 1200) * 1000;
setTimeout(() => {
  console.error(`export-rss: over its time limit (${TIME_LIMIT_MS / 1000} s)`);
  process.exit(1);
}, TIME_LIMIT_MS).unref();

const rssOf = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line[1]) * 1024;
};
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** A photo of noise (it compresses as a real one does, badly): re-encoded by the server, ~0.5 MB stored. */
const photo = () => {
  const side = 640;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
};

/** The export, read by a client that reads nothing for IDLE_MS, then READ_BYTES_S; the server's peak RSS. */
function slowExport(server, cookie) {
  return new Promise((resolve, reject) => {
    const before = rssOf(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(server.pid));
    }, 20);
    const req = http.get(`${server.url}/api/me/export`, { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`export ${res.statusCode}`));
      res.pause();
      let received = 0;
      let budget = 0;
      const started = performance.now();
      const tick = setInterval(() => {
        const elapsed = performance.now() - started - IDLE_MS;
        if (elapsed < 0) return;
        budget = (elapsed / 1000) * READ_BYTES_S;
        while (received < budget) {
          const chunk = res.read();
          if (chunk === null) break;
          received += chunk.length;
        }
      }, 50);
      res.on('end', () => {
        clearInterval(tick);
        clearInterval(sampler);
        resolve({ before, peak, received });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** `count` journal messages from the dominant to the submissive of `couple`, written into the database. */
async function seedMessages(dbDir, couple, count) {
  const db = new PGlite(dbDir);
  try {
    const pair = await db.query(
      `select id from pairs where dominant_id = $1 and submissive_id = $2 and status = 'active'`,
      [couple.dom.id, couple.sub.id],
    );
    if (pair.rows.length !== 1) throw new Error('the pair was not found');
    await db.query(
      `insert into journal_messages (pair_id, sender_id, receiver_id, content, tone, created_at)
       select $1, $2, $3, 'Message ' || i || ': ' || repeat('all is well, see you tonight. ', 5),
              (array['green', 'yellow', 'red'])[1 + i % 3],
              now() - interval '1 day' + i * interval '1 millisecond'
       from generate_series(1, $4::int) as i`,
      [pair.rows[0].id, couple.dom.id, couple.sub.id, count],
    );
  } finally {
    await db.close();
  }
}

const targets = [];
try {
  for (const checkout of checkouts()) {
    // Seeded on one server, measured on a fresh one over the same DATA_DIR: the uploads' image work
    // leaves the heap grown, which would hide what the export itself costs.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pact-bench-export-'));
    const env = { REQUIRE_EMAIL_VERIFICATION: 'false', DATA_DIR: dataDir };
    const server = await startServer(env, { cwd: checkout.cwd });
    targets.push({ ...checkout, server, dataDir, env });
    const couple = await createCouple(server.url, 'export', 0);
    const idle = await createCouple(server.url, 'warm', 0);
    let stored = 0;
    // Four uploads at a time: each is image work on the server (its queue takes them in turn).
    await load(PHOTOS, 4, async () => {
      const body = await photo();
      const res = await fetch(`${server.url}/api/media/photo?partnerId=${couple.dom.id}`, {
        method: 'POST',
        headers: { cookie: couple.sub.cookie, 'content-type': 'image/jpeg' },
        body,
      });
      if (res.status !== 201) throw new Error(`photo ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      stored += body.length;
    });
    await server.stop();
    if (MESSAGES > 0) await seedMessages(path.join(dataDir, 'db'), couple, MESSAGES);
    Object.assign(targets.at(-1), {
      couple,
      stored,
      server: await startServer(env, { cwd: checkout.cwd }),
    });
    // The first export of the fresh server (an account without files) loads and warms the export's code.
    const warm = await fetch(`${targets.at(-1).server.url}/api/me/export`, {
      headers: { cookie: idle.sub.cookie },
    });
    if (warm.status !== 200) throw new Error(`warm-up export ${warm.status}`);
    await warm.arrayBuffer();
  }
  const growths = new Map(targets.map((t) => [t, []]));
  for (let run = 0; run < RUNS; run++) {
    // Interleaved: each run measures every checkout in turn, the order flipped every other run.
    const order = run % 2 === 0 ? targets : [...targets].reverse();
    for (const t of order) {
      const { before, peak, received } = await slowExport(t.server, t.couple.sub.cookie);
      growths.get(t).push(peak - before);
      const label = targets.length > 1 ? `${t.name} ` : '';
      console.info(
        `${label}run ${run + 1}: export of ${PHOTOS} photos and ${MESSAGES} messages (${mib(received)} zip), ` +
          `client idle ${IDLE_MS / 1000} s then ${mib(READ_BYTES_S)}/s: RSS before ${mib(before)}, ` +
          `peak ${mib(peak)}, growth ${mib(peak - before)}`,
      );
    }
  }
  if (RUNS > 1) {
    for (const t of targets) {
      const sorted = [...growths.get(t)].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      console.info(
        `${t.name}: RSS growth median ${mib(median)} (min ${mib(sorted[0])}, max ${mib(sorted.at(-1))}, ` +
          `${sorted.length} runs)`,
      );
    }
  }
} finally {
  for (const t of targets) {
    await t.server.stop();
    rmSync(t.dataDir, { recursive: true, force: true });
  }
}
