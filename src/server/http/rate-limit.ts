import { createHmac } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { rateLimited } from './errors';

const MINUTE = 60_000;

/** Every limit Pact applies to anonymous or probing requests: at most `max` hits per `windowMs`. */
export const LIMITS = {
  /** Recovery and verification mails to one address (30 anonymous requests sent 30 mails). */
  mailToAddress: { max: 5, windowMs: 60 * MINUTE },
  /** Recovery and verification mails asked for from one client address. */
  mailFromClient: { max: 20, windowMs: 60 * MINUTE },
  /** Registrations from one client address. */
  registerFromClient: { max: 10, windowMs: 60 * MINUTE },
  /** Login attempts from one client address, whatever the account (the per-address lock is decision 004). */
  loginFromClient: { max: 30, windowMs: 15 * MINUTE },
  /**
   * Passkey ceremonies by one account (decision 077): adding one, and the app lock's confirmations, each a
   * challenge stored and a signature checked; a lock's wrong tries are held to this too.
   */
  passkeyByAccount: { max: 30, windowMs: 15 * MINUTE },
  /** Reset and verification tokens tried from one client address. */
  tokenFromClient: { max: 30, windowMs: 15 * MINUTE },
  /** Partner searches by one account: each hit can reveal a name and a role. */
  searchByAccount: { max: 20, windowMs: 10 * MINUTE },
  /** Partner searches from one client address, whatever the account. */
  searchFromClient: { max: 60, windowMs: 10 * MINUTE },
  /** Feedback mails a dominant sends to their partner (spec 2 §7 send-feedback-email). */
  feedbackMailByAccount: { max: 10, windowMs: 60 * MINUTE },
  /** Password changes tried by one account: each checks the current password (a guess at it). */
  passwordChangeByAccount: { max: 5, windowMs: 15 * MINUTE },
  /** Journal messages one account sends: each is a notification and a push (generous for a chat). */
  journalByAccount: { max: 60, windowMs: MINUTE },
  /** Contract texts one account writes (edit, template, reset): each is up to 50,000 characters sanitised. */
  contractWriteByAccount: { max: 60, windowMs: 10 * MINUTE },
  /** Contract PDFs one account asks for: each renders the whole text (up to 50,000 characters). */
  contractPdfByAccount: { max: 20, windowMs: 60 * MINUTE },
  /** Device registrations and removals by one account: each tells whether an endpoint is registered. */
  pushSubscriptionsByAccount: { max: 60, windowMs: 10 * MINUTE },
  /** Test pushes one account asks for: each makes the server call push services. */
  pushTestByAccount: { max: 5, windowMs: 10 * MINUTE },
  /** Profile picture uploads and removals by one account: each upload is image work (decision 028). */
  avatarByAccount: { max: 20, windowMs: 60 * MINUTE },
  /**
   * Lifting Red by one account (decision 049): each tells the partner through their quiet hours, so lifting
   * and calling again cannot become a way to wake them all night. Calling Red is never limited: a refused
   * lift leaves the pair stopped, the safe side.
   */
  stopLiftByAccount: { max: 10, windowMs: 60 * MINUTE },
  /**
   * Asking for a check-in (Yellow) by one account (decision 049): each ask tells the partner through their
   * quiet hours, so asking again as soon as it is answered cannot wake them all night. Red stays unlimited.
   */
  checkinAskByAccount: { max: 10, windowMs: 60 * MINUTE },
  /** Answering check-ins by one account: a probe of check-in ids is held to this. */
  checkinAnswerByAccount: { max: 30, windowMs: 60 * MINUTE },
  /** Answering or dismissing aftercare by one account (decision 054): a probe of aftercare ids is held to this. */
  aftercareAnswerByAccount: { max: 60, windowMs: 60 * MINUTE },
  /** Writes to the limits lists by one account (decision 055): room to fill a whole list, and change it. */
  limitsWriteByAccount: { max: 600, windowMs: 60 * MINUTE },
  /**
   * Confirming the first negotiation and writing aftercare wishes by one account (decision 058): a confirmation
   * tells the partner, so confirming and withdrawing cannot become a way to wake them. Withdrawing is never
   * limited: a refused confirmation leaves new assignments held, the safe side.
   */
  negotiationWriteByAccount: { max: 60, windowMs: 60 * MINUTE },
  /** Writing, acknowledging and retiring rules by one account (decision 064): each tells the partner. */
  rulesWriteByAccount: { max: 300, windowMs: 60 * MINUTE },
  /** Awarding, correcting, the rewards and their redemptions by one account (decision 067): each tells the partner. */
  pointsWriteByAccount: { max: 300, windowMs: 60 * MINUTE },
  /** Asking, granting, denying and withdrawing permission by one account (decision 069): each tells the partner. */
  permissionWriteByAccount: { max: 300, windowMs: 60 * MINUTE },
  /** Setting, changing and retiring rituals and marking their days by one account (decision 074): each tells the partner. */
  ritualsWriteByAccount: { max: 600, windowMs: 60 * MINUTE },
  /** Record checks by one account (decision 053): each reads and hashes a pair's whole record. */
  recordVerifyByAccount: { max: 30, windowMs: 60 * MINUTE },
  /**
   * PINs tried on the lock screen by one account, across its devices (decision 078). Each device is signed
   * out at its fifth wrong PIN in a row anyway; this bounds the pace of guesses and of right answers alike.
   */
  unlockByAccount: { max: 30, windowMs: 15 * MINUTE },
  /** Setting, changing and removing a device's PIN and idle time by one account. */
  lockWriteByAccount: { max: 60, windowMs: 60 * MINUTE },
  /**
   * Key set-ups, password re-wraps and pair-key wraps by one account (decision 100): a password check each
   * for the first two, so this also bounds guesses of the password through them.
   */
  keysWriteByAccount: { max: 30, windowMs: 60 * MINUTE },
  /** Data exports by one account: each reads everything the account holds (decision 029). */
  exportByAccount: { max: 5, windowMs: 60 * MINUTE },
} as const;

export type LimitName = keyof typeof LIMITS;

export const tooManyRequestsMessage = (minutes: number) =>
  `Too many requests. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

export interface RateLimiter {
  /** Counts one hit for `subject` (an address, an account id) under `limit`; throws 429 when over. */
  hit(limit: LimitName, subject: string, message?: (minutes: number) => string): Promise<void>;
  /** Forgets windows that have ended. */
  sweep(): Promise<void>;
}

/**
 * Fixed windows in PostgreSQL, one atomic upsert per hit. `scale` multiplies every maximum (tests and
 * local development may raise them; production keeps 1).
 */
export function createRateLimiter(opts: {
  db: Db;
  secret: string;
  clock: () => Date;
  scale: number;
}): RateLimiter {
  const keyOf = (limit: LimitName, subject: string) =>
    createHmac('sha256', opts.secret).update(`${limit}\u0000${subject}`).digest('base64url');
  return {
    async hit(limit, subject, message = tooManyRequestsMessage) {
      const { max, windowMs } = LIMITS[limit];
      const now = opts.clock();
      const expired = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
      const [row] = await opts.db
        .insert(rateLimits)
        .values({ key: keyOf(limit, subject), windowStart: now, hits: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.windowStart} <= ${expired} then 1 else ${rateLimits.hits} + 1 end`,
            windowStart: sql`case when ${rateLimits.windowStart} <= ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
      if (!row || row.hits <= Math.ceil(max * opts.scale)) return;
      const waitMs = Math.max(row.windowStart.getTime() + windowMs - now.getTime(), 1_000);
      const minutes = Math.ceil(waitMs / MINUTE);
      throw rateLimited(message(minutes), {
        headers: {
          'Retry-After': String(Math.ceil(waitMs / 1000)),
        },
      });
    },
    async sweep() {
      const longest = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
      await opts.db
        .delete(rateLimits)
        .where(lt(rateLimits.windowStart, new Date(opts.clock().getTime() - longest)));
    },
  };
}

/**
 * The client's address: the connection's peer, or, behind a reverse proxy we were told to trust, the
 * address that proxy appended last to X-Forwarded-For (earlier entries are the client's own claims).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
