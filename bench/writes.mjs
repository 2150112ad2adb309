// Creates under load, on PostgreSQL (DATABASE_URL): POST /api/tasks and POST /api/punishments (the
// dominant) and POST /api/journal/messages (either partner), each at BENCH_WRITERS writers (default 8 and 32: writes
// in flight, closed loop, one couple per writer), for BENCH_SECONDS per point, the targets interleaved in
// rotating order over BENCH_REPS repetitions: writes per second, p50/p99, server and PostgreSQL CPU per
// write. Then the statements each write sends, counted off the wire (pg-proxy.mjs: each Execute and each
// simple Query is one; PGlite has no statement log and pg_stat_statements needs a server restart) on a
// second server of the same checkout: in all, BEGIN/COMMIT among them, how many prepared, and the
// sequence of one write. "Sent -> partner's event" with 1,000 streams at 1, 8 and 32 writers is
// realtime.mjs. BENCH_BASE_DIR=<another checkout, built>: measured too, side by side (targets.mjs).
// Usage: npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/writes.mjs
//   env BENCH_WRITERS=8,32 BENCH_REPS=3 BENCH_SECONDS=3 BENCH_KINDS=task,punishment,message BENCH_TIMEOUT_S=900
import os from 'node:os';
import { cpuMeter } from './db.mjs';
import { closedLoop, httpClient, median, percentile } from './http-load.mjs';
import { load } from './lib.mjs';
import { isTransactionControl } from './pg-proxy.mjs';
import { createCouple } from './seed.mjs';
import { checkouts, startTarget, timeLimit } from './targets.mjs';

const env = process.env;
const WRITERS = (env.BENCH_WRITERS ?? '8,32').split(',').map(Number);
const COUPLES = Math.max(...WRITERS);
const REPS = Number(env.BENCH_REPS ?? 3);
const SECONDS = Number(env.BENCH_SECONDS ?? 3);
const COUNTED_WRITES = 20;

/** What each kind of write sends, for the couple `c` and the write number `i`. */
const ALL_KINDS = [
  {
    name: 'task',
    path: '/api/tasks',
    write: (c, i) => [
      c.dom.cookie,
      {
        title: `Task ${i}`,
        description: 'A task written by the write benchmark.',
        dueDate: Date.now() + 86_400_000,
        assignedTo: c.sub.id,
        photoProofRequired: false,
      },
    ],
  },
  {
    name: 'punishment',
    path: '/api/punishments',
    write: (c, i) => [
      c.dom.cookie,
      { title: `Punishment ${i}`, description: 'Written by the bench.', assignedTo: c.sub.id },
    ],
  },
  {
    name: 'message',
    path: '/api/journal/messages',
    write: (c, i) =>
      i % 2
        ? [c.sub.cookie, { partnerId: c.dom.id, content: `Message ${i} from the write benchmark.` }]
        : [c.dom.cookie, { partnerId: c.sub.id, content: `Message ${i} from the write benchmark.` }],
  },
];
const only = env.BENCH_KINDS?.split(',');
const KINDS = only ? ALL_KINDS.filter((k) => only.includes(k.name)) : ALL_KINDS;

if (!env.DATABASE_URL) {
  console.error(
    'writes bench: set DATABASE_URL to a PostgreSQL server (a database is created there and dropped)',
  );
  process.exit(2);
}

const targets = [];
const clients = [];
const cancelLimit = timeLimit('writes', Number(env.BENCH_TIMEOUT_S ?? 900), () => targets);
const f1 = (v) => v.toFixed(1).padStart(6);

const writer = (client, couples, kind, name) => async (i) => {
  const [cookie, body] = kind.write(couples[i % couples.length], i);
  const res = await client.request('POST', kind.path, {
    headers: { cookie, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${name} POST ${kind.path}: ${res.status}`);
};

let exitCode = 0;
try {
  const started = performance.now();
  for (const checkout of checkouts()) targets.push(await startTarget(checkout, env.DATABASE_URL));
  console.info(
    `writes bench: PostgreSQL ${targets[0].db.version}; ${targets.map((t) => `${t.name} = ${t.label}`).join(', ')}; ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0].toFixed(1)}`,
  );
  for (const t of targets) {
    t.couples = [];
    await load(COUPLES, 4, async (i) => {
      t.couples[i] = await createCouple(t.url, i, 0);
    });
    t.client = httpClient(t.url, { maxSockets: Math.max(...WRITERS) });
    clients.push(t.client);
  }
  console.info(
    `setup: ${COUPLES} couples per target in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  console.info(
    '\nstatements per write (read off the wire on a second server of the same checkout, one write at a time):',
  );
  for (const t of targets) {
    const counted = await t.counted();
    const client = httpClient(counted.url, { maxSockets: 1 });
    try {
      for (const kind of KINDS) {
        const write = writer(client, t.couples, kind, t.name);
        // The same writers write twice: the first round reads their sessions, as a warm server has them.
        await load(COUNTED_WRITES, 1, write);
        await counted.proxy.settled();
        const from = counted.proxy.statements.length;
        await load(COUNTED_WRITES, 1, write);
        await counted.proxy.settled();
        const seen = counted.proxy.statements.slice(from);
        const per = (list) => (list.length / COUNTED_WRITES).toFixed(1);
        console.info(
          `  ${t.name.padEnd(5)} ${kind.name.padEnd(10)} ${per(seen)} statements per write: ${per(seen.filter((s) => isTransactionControl(s.sql)))} BEGIN/COMMIT, ${per(seen.filter((s) => s.prepared))} prepared, ${per(seen.filter((s) => !s.prepared && !isTransactionControl(s.sql)))} other`,
        );
        // The sequence of one write (its session warm).
        const before = counted.proxy.statements.length;
        await write(1);
        await counted.proxy.settled();
        for (const s of counted.proxy.statements.slice(before)) {
          console.info(
            `        ${s.prepared ? 'prepared ' : s.simple ? 'simple   ' : 'unnamed  '} ${s.sql.replace(/\s+/g, ' ').slice(0, 110)}`,
          );
        }
      }
    } finally {
      client.close();
      await counted.stop();
    }
  }

  for (const t of targets)
    for (const kind of KINDS) await closedLoop(0.5, 8, writer(t.client, t.couples, kind, t.name));
  console.info(`\nclosed loop: ${SECONDS} s per point, ${REPS} repetitions, targets in rotating order`);
  const figures = new Map();
  for (let r = 0; r < REPS; r++) {
    console.info(`rep ${r + 1} (load average ${os.loadavg()[0].toFixed(1)})`);
    for (const kind of KINDS) {
      for (const writers of WRITERS) {
        for (let j = 0; j < targets.length; j++) {
          const t = targets[(r + j) % targets.length];
          const meter = await cpuMeter(t.db, t.pid);
          const f = await closedLoop(SECONDS, writers, writer(t.client, t.couples, kind, t.name));
          const cpu = await meter(f.n);
          const sorted = f.latencies.sort((a, b) => a - b);
          const row = {
            wps: f.n / f.seconds,
            p50: percentile(sorted, 0.5),
            p99: percentile(sorted, 0.99),
            ...cpu,
          };
          const key = `${kind.name} ${writers} ${t.name}`;
          figures.set(key, [...(figures.get(key) ?? []), row]);
          console.info(
            `  ${kind.name.padEnd(10)} ${String(writers).padStart(2)} writers ${t.name.padEnd(5)} ${row.wps.toFixed(0).padStart(5)} writes/s  p50 ${f1(row.p50)} ms  p99 ${f1(row.p99)} ms  CPU/write server ${row.app.toFixed(2)} + pg ${row.postgres.toFixed(2)} ms`,
          );
        }
      }
    }
  }
  console.info(`\nsummary (median of ${REPS}):`);
  for (const kind of KINDS) {
    for (const writers of WRITERS) {
      const line = targets.map((t) => {
        const rows = figures.get(`${kind.name} ${writers} ${t.name}`);
        const m = (k) => median(rows.map((x) => x[k]));
        return `${t.name} ${m('wps').toFixed(0)} writes/s, p50 ${m('p50').toFixed(1)} ms, p99 ${m('p99').toFixed(1)} ms, CPU/write ${m('app').toFixed(2)} + pg ${m('postgres').toFixed(2)} ms`;
      });
      console.info(`  ${kind.name.padEnd(10)} ${String(writers).padStart(2)} writers: ${line.join('; ')}`);
    }
  }
  console.info(
    `\nload average at the end: ${os.loadavg()[0].toFixed(1)}; ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
  );
} catch (error) {
  console.error('writes bench failed:', error.message ?? error);
  exitCode = 1;
} finally {
  for (const c of clients) c.close();
  for (const t of targets) await t.stop();
  cancelLimit();
}
process.exit(exitCode);
