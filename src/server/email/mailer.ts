import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { type Logger, quotesContent } from '../logger';

/** What a mail is for: logged in place of its subject, which may name someone. */
export type MailKind =
  | 'verification'
  | 'password-reset'
  | 'connection-request'
  | 'feedback'
  | 'password-changed';

export interface Mail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The account the mail concerns (not sent): a written .eml is named by it, so that deletion finds it. */
  userId?: string | null;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Deletes the written .eml files of an account (SMTP_URL unset); answers how many. */
  forget(userId: string): Promise<number>;
  close(): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Real SMTP when SMTP_URL is set. Without it, each mail is rendered to RFC 822 and written to
 * DATA_DIR/outbox/*.eml (and logged), so that a local installation can still read its links.
 */
export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  log: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send({ kind, userId: _userId, ...mail }) {
        // The server's reply may name the recipient: the error is logged by its codes only.
        await transport.sendMail({ from: opts.from, ...mail }).catch((error: unknown) => {
          throw quotesContent(error);
        });
        opts.log.info({ kind }, 'mail sent');
      },
      forget: async () => 0,
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ kind, userId, ...mail }) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const file = path.join(outbox, `${Date.now()}-${userId ?? 'none'}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info({ kind, file }, 'mail written to outbox (SMTP_URL unset)');
    },
    // Each file is named by its time and the account it concerns (`<time>-<user id>-<random>.eml`).
    async forget(userId) {
      if (!UUID.test(userId)) return 0;
      const names = await readdir(outbox).catch(() => [] as string[]);
      const mine = names.filter((name) => name.includes(`-${userId}-`) && name.endsWith('.eml'));
      await Promise.all(mine.map((name) => rm(path.join(outbox, name), { force: true })));
      return mine.length;
    },
    close: () => transport.close(),
  };
}
