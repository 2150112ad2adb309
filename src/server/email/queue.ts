import type { Queryable } from '../db/client';
import type { Outbox, OutboxOutcome } from '../outbox/worker';
import type { Mail, Mailer } from './mailer';

export interface MailQueue {
  /**
   * Writes the mail to the outbox through `tx` (it leaves only if that transaction commits) or at once
   * through the database; it is sent after the answer by the outbox's worker, retried over hours.
   * `userId`: the account the mail concerns; its deletion takes the unsent mail with it.
   */
  enqueue(mail: Mail, opts: { userId: string | null; tx?: Queryable }): Promise<void>;
  /** Resolves when no mail (nor push) is due or being sent (or after `timeoutMs`). */
  drain(timeoutMs?: number): Promise<void>;
  /**
   * A deleted account's mails written to DATA_DIR/outbox (SMTP_URL unset) are deleted; its unsent rows
   * went with its user row (cascade).
   */
  forget(userId: string): Promise<number>;
}

/**
 * Mail leaves the request path through the durable outbox (decision 037): a request that causes a mail
 * writes it with its change and answers; the worker sends it. So a slow or failing mail server never
 * delays an answer, an answer's timing does not tell whether a mail was sent, and a mail the user was
 * told was sent survives a crash and a mail server that is down for hours.
 */
export function createMailQueue(db: Queryable, outbox: Outbox, mailer: Mailer): MailQueue {
  return {
    enqueue: (mail, opts) => outbox.add(opts.tx ?? db, { kind: 'mail', payload: mail, userId: opts.userId }),
    drain: (timeoutMs) => outbox.drain(timeoutMs),
    forget: (userId) => mailer.forget(userId),
  };
}

/** The outbox's handler of `mail` rows: one send; a refusal (5xx) is final, anything else tried again. */
export function mailHandler(mailer: Mailer) {
  return async (row: { payload: unknown; userId: string | null }): Promise<OutboxOutcome> => {
    const mail = row.payload as Mail;
    try {
      await mailer.send({ ...mail, userId: row.userId });
      return { ok: true };
    } catch (error) {
      // Ids and codes only: the address, the subject (which may name someone) and the server's reply
      // (which often quotes the address) stay out of the logs.
      const codes = smtpCodes(error);
      const permanent = codes.responseCode !== undefined && codes.responseCode >= 500;
      return {
        ok: false,
        code: `mail:${codes.responseCode ?? codes.smtpCode ?? 'error'}`,
        permanent,
        details: { mailKind: mail.kind, ...codes },
      };
    }
  };
}

/** What a failed send may tell the logs: nodemailer's code, the SMTP reply's code and its command. */
function smtpCodes(error: unknown) {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  return {
    smtpCode: typeof e.code === 'string' ? e.code : undefined,
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : undefined,
    command: typeof e.command === 'string' ? e.command : undefined,
  };
}
