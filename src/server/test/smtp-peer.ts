import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  /** The message as it came over the wire (RFC 5322, CRLF line ends). */
  raw: string;
  subject: string;
}

export interface SmtpPeer {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message to `to` (matching `predicate`) not already taken by an earlier wait. */
  waitForMail(
    to: string,
    predicate?: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail>;
  /** Messages received for one address so far. */
  mailsTo(to: string): ReceivedMail[];
  /**
   * From now on the peer refuses `address` at RCPT TO with a permanent error whose reply names it, as a
   * real server does: "550 5.1.1 <address>: Recipient address rejected".
   */
  reject(address: string): void;
  /**
   * While `down`, every connection is turned away at once with "421 Service not available", as a mail
   * server that is restarting or overloaded answers; `false` accepts mail again.
   */
  refuseConnections(down: boolean): void;
  /** Connections turned away so far. */
  readonly refused: number;
  /**
   * While held, the peer keeps each message it has read without answering its DATA, as a mail server that
   * is slow to accept does; the sender waits. `false` answers every held message and accepts at once again.
   */
  hold(held: boolean): void;
  /** Messages read but not yet accepted because the peer is held. */
  readonly heldCount: number;
  close(): Promise<void>;
}

/** Soft line breaks removed, then each =XX turned back into its byte; the bytes are read as UTF-8. */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHeaders(part: string): { headers: string; body: string } {
  const match = /\r?\n\r?\n/.exec(part);
  if (!match) return { headers: part, body: '' };
  return { headers: part.slice(0, match.index), body: part.slice(match.index + match[0].length) };
}

const header = (headers: string, name: string) => {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
};

function decodeBody(headers: string, body: string) {
  const encoding = header(headers, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The decoded text/plain part of a message (or its only body). */
export function textPart(raw: string): string {
  const { headers, body } = splitHeaders(raw);
  const type = header(headers, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return decodeBody(headers, body);
  for (const part of body.split(`--${boundary}`)) {
    const inner = splitHeaders(part.replace(/^\r?\n/, ''));
    const partType = header(inner.headers, 'Content-Type').toLowerCase();
    if (partType.startsWith('multipart/')) return textPart(part.replace(/^\r?\n/, ''));
    if (partType.startsWith('text/plain')) return decodeBody(inner.headers, inner.body);
  }
  throw new Error('The message has no text/plain part');
}

/** The first http(s) URL of the message's text part. */
export function extractLink(raw: string): string {
  const link = /https?:\/\/[^\s<>"]+/.exec(textPart(raw))?.[0];
  if (!link) throw new Error(`No link in the message:\n${raw}`);
  return link;
}

/**
 * A real SMTP server on 127.0.0.1, without TLS or authentication, keeping every message it receives.
 */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => boolean>();
  const rejected = new Set<string>();
  let down = false;
  let refused = 0;
  let held = false;
  const heldAnswers: (() => void)[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'pact test peer',
    onConnect(_session, callback) {
      if (!down) return callback();
      refused++;
      callback(Object.assign(new Error('Service not available'), { responseCode: 421 }));
    },
    onRcptTo(address, _session, callback) {
      if (!rejected.has(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), {
        responseCode: 550,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
          subject: header(splitHeaders(raw).headers, 'Subject'),
        });
        for (const wake of waiters) wake();
        if (held) heldAnswers.push(() => callback());
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (to: string) => messages.filter((m) => m.to.includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailsTo,
    reject: (address) => rejected.add(address.toLowerCase()),
    refuseConnections(value) {
      down = value;
    },
    get refused() {
      return refused;
    },
    hold(value) {
      held = value;
      if (!value) for (const answer of heldAnswers.splice(0)) answer();
    },
    get heldCount() {
      return heldAnswers.length;
    },
    waitForMail(to, predicate = () => true, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = mailsTo(to).find((m) => !taken.has(m) && predicate(m));
          if (!mail) return false;
          taken.add(mail);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms (received: ${messages.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const answer of heldAnswers.splice(0)) answer();
        server.close(() => resolve());
      }),
  };
}
