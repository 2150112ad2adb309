import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { outbox } from '../db/schema';
import { projectPath } from '../paths';
import { buildServerBundle } from '../test/bundle';
import { anonymousApi, createClient } from '../test/client';
import { createCouple } from '../test/partners';
import { registerDevice } from '../test/push';
import { pushMessageOf, startPushPeer } from '../test/push-peer';
import type { TestServer } from '../test/server';
import { TestClock } from '../test/server';
import { type SmtpPeer, startSmtpPeer } from '../test/smtp-peer';
import { completeTask, createTask } from '../test/tasks';
import { until, within } from '../test/wait';

/**
 * The server as it ships, in a process of its own, killed with SIGKILL while its mails wait for a mail
 * server that turns them away, then started again on the same data directory: every mail the user was
 * told was sent arrives, once (decision 037).
 */
let built: ReturnType<typeof buildServerBundle>;
let bundle: string;

beforeAll(() => {
  built = buildServerBundle();
  bundle = built.main;
});

afterAll(() => built?.remove());

interface Running {
  child: ChildProcess;
  port: number;
  /** Every JSON line it logged so far. */
  lines: Record<string, unknown>[];
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [bundle], {
    cwd: projectPath(),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      RATE_LIMIT_SCALE: '1000',
      PUSH_SUBJECT: 'mailto:ops@pact.example.com',
      PUSH_ALLOW_HTTP_LOOPBACK: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Record<string, unknown>[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      lines.push(entry);
      if (typeof entry.msg === 'string' && entry.msg.startsWith('Pact is ready'))
        resolve(entry.port as number);
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
  const port = await within(ready, 90_000, 'the server was not ready within 90 s');
  return { child, port, lines, exited };
}

/** Enough of a TestServer for the helpers that make users, couples and tasks over HTTP. */
function remote(port: number, smtp: SmtpPeer): TestServer {
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    smtp,
    clock: new TestClock(),
    api: anonymousApi(url),
    client: (cookies?: Map<string, string>) => createClient(url, cookies),
    request: (p: string, init?: RequestInit) => fetch(new URL(p, url), { redirect: 'manual', ...init }),
  } as unknown as TestServer;
}

const retries = (run: Running) =>
  new Set(
    run.lines
      .filter((l) => l.msg === 'outbox: failed, will retry' && l.kind === 'mail')
      .map((l) => l.outboxId as string),
  );

describe('mail after a crash', { timeout: 240_000 }, () => {
  it('a password reset, a feedback mail and a connection request queued when the server is killed arrive once after it restarts', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'pact-crash-'));
    const smtp = await startSmtpPeer();
    let run: Running | undefined;
    try {
      smtp.refuseConnections(true);
      const env = {
        DATA_DIR: path.join(work, 'data'),
        SMTP_URL: smtp.url,
        // The first retry ten seconds after a failure: the kill lands between attempts, not in one.
        OUTBOX_RETRY_MS: '10000',
      };
      run = await startServer(env);
      const server = remote(run.port, smtp);
      const couple = await createCouple(server);
      const task = await createTask(server, couple);
      await completeTask(couple.submissive.client, task.id);
      const feedback = await couple.dominant.api.tasks[':id'].feedback.$post({
        param: { id: task.id },
        json: { feedback: 'Well done' },
      });
      expect(feedback.status).toBe(200);
      const mailed = await couple.dominant.api.tasks[':id']['feedback-email'].$post({
        param: { id: task.id },
      });
      expect(mailed.status).toBe(200);
      const reset = await server.api.auth['forgot-password'].$post({
        json: { email: couple.submissive.email },
      });
      expect(reset.status).toBe(200);

      // Each of the three mails has been tried once and turned away; none arrived.
      const first = run;
      await until(() => retries(first).size >= 3, 'three mails turned away', 30_000);
      first.child.kill('SIGKILL');
      expect(await within(first.exited, 15_000, 'the server did not die')).toBe(null);
      expect(smtp.messages).toHaveLength(0);
      expect(smtp.refused).toBeGreaterThanOrEqual(3);

      smtp.refuseConnections(false);
      run = await startServer(env);
      const to = couple.submissive.email;
      const subjects = ['wants to connect with you', 'Feedback', 'Reset your Pact password'];
      await until(() => smtp.mailsTo(to).length >= 3, 'the three mails after the restart', 60_000);
      // A graceful stop drains what is due; nothing is sent twice.
      run.child.kill('SIGTERM');
      expect(await within(run.exited, 15_000, 'the server did not stop')).toBe(0);
      run = undefined;
      const received = smtp.mailsTo(to).map((m) => m.subject);
      expect(received).toHaveLength(3);
      for (const subject of subjects) {
        expect(
          received.filter((s) => s.includes(subject)),
          subject,
        ).toHaveLength(1);
      }
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(work, 'data', 'db') });
      try {
        const left = await database.db.select().from(outbox);
        expect(left.filter((r) => r.kind === 'mail')).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      if (run && run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
      await smtp.close();
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('push after a crash', { timeout: 240_000 }, () => {
  it('a push the server was sending when it was killed is delivered after it restarts', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'pact-crash-push-'));
    const smtp = await startSmtpPeer();
    const peer = await startPushPeer();
    let run: Running | undefined;
    try {
      const env = {
        DATA_DIR: path.join(work, 'data'),
        SMTP_URL: smtp.url,
        // A row claimed by an instance that died is free again after 4 s, not 15 min.
        OUTBOX_LEASE_MS: '4000',
      };
      run = await startServer(env);
      const server = remote(run.port, smtp);
      const couple = await createCouple(server);
      const phone = peer.subscription();
      await registerDevice(couple.submissive, phone);
      // The push service holds the first push unanswered: the server is killed while it is in flight.
      peer.answer(phone, 'never');
      await createTask(server, couple);
      await until(() => peer.hanging() >= 1, 'the push in flight', 30_000);
      const first = run;
      first.child.kill('SIGKILL');
      expect(await within(first.exited, 15_000, 'the server did not die')).toBe(null);
      expect(peer.pushesTo(phone)).toHaveLength(0);

      run = await startServer(env);
      const push = await peer.waitFor(phone, 1, 60_000);
      expect(pushMessageOf(phone, push).title).toEqual(expect.any(String));
      expect(push.headers.topic).toMatch(/^[\w-]{1,32}$/);
      run.child.kill('SIGTERM');
      expect(await within(run.exited, 15_000, 'the server did not stop')).toBe(0);
      run = undefined;
      // At least once: the push was held, not answered, so this delivery is its first.
      expect(peer.pushesTo(phone)).toHaveLength(1);
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(work, 'data', 'db') });
      try {
        const left = await database.db.select().from(outbox);
        expect(left.filter((r) => r.kind === 'push')).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      if (run && run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
      await peer.close();
      await smtp.close();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
