import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';
import type { Mail, Mailer } from './mailer';

export interface MailQueue {
  /** Takes a mail and returns at once; it is sent after the answer, with retries. */
  enqueue(mail: Mail): void;
  /** Resolves when every queued mail has been sent or given up (or after `timeoutMs`). */
  drain(timeoutMs?: number): Promise<void>;
  /** Mails waiting or being sent. */
  readonly size: number;
}

/** Retries after these pauses; then the mail is given up and logged. */
const RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000];
/** A flood of mails beyond this is refused (and logged) rather than held in memory. */
const MAX_QUEUED = 1_000;

/**
 * Mail leaves the request path: a request that causes a mail answers first, and the mail goes out from
 * here, one at a time, retried with backoff. So a slow or failing mail server never delays an answer,
 * and an answer's timing does not tell whether a mail was sent (forgot-password for a known and an unknown
 * address take the same time). A mail still queued when the process dies is lost: every mail Pact sends
 * is one the user can ask for again.
 */
export function createMailQueue(
  mailer: Mailer,
  log: Logger,
  tuning: { retryDelaysMs?: readonly number[] } = {},
): MailQueue {
  const retryDelays = tuning.retryDelaysMs ?? RETRY_DELAYS_MS;
  const waiting: { id: string; mail: Mail; attempt: number }[] = [];
  let running = false;
  let inFlight = 0;
  const idle = new Set<() => void>();

  const settleIfIdle = () => {
    if (waiting.length === 0 && inFlight === 0) for (const wake of [...idle]) wake();
  };

  const pump = async () => {
    if (running) return;
    running = true;
    while (waiting.length > 0) {
      const job = waiting.shift()!;
      inFlight++;
      try {
        await mailer.send(job.mail);
      } catch (error) {
        const delay = retryDelays[job.attempt];
        // Ids and codes only: the address, the subject (which may name someone) and the server's reply
        // (which often quotes the address) stay out of the logs.
        const about = { mailId: job.id, kind: job.mail.kind, attempt: job.attempt + 1 };
        if (delay === undefined) {
          log.error({ err: error, ...about }, 'mail given up after retries');
        } else {
          log.warn({ ...about, ...smtpCodes(error) }, 'mail failed, retrying');
          inFlight++;
          setTimeout(() => {
            inFlight--;
            waiting.push({ ...job, attempt: job.attempt + 1 });
            void pump();
          }, delay).unref();
        }
      } finally {
        inFlight--;
      }
    }
    running = false;
    settleIfIdle();
  };

  return {
    enqueue(mail) {
      if (waiting.length >= MAX_QUEUED) {
        log.error({ kind: mail.kind }, 'mail queue full, mail dropped');
        return;
      }
      waiting.push({ id: randomUUID(), mail, attempt: 0 });
      void pump();
    },
    drain(timeoutMs = 10_000) {
      if (waiting.length === 0 && inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          idle.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        idle.add(done);
      });
    },
    get size() {
      return waiting.length + inFlight;
    },
  };
}

/** What a failed send may tell the logs: nodemailer's code, the SMTP reply's code and its command. */
function smtpCodes(error: unknown) {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  return {
    code: typeof e.code === 'string' ? e.code : undefined,
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : undefined,
    command: typeof e.command === 'string' ? e.command : undefined,
  };
}
