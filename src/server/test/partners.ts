import { and, eq, isNull, or } from 'drizzle-orm';
import { expect } from 'vitest';
import { pairs } from '../db/schema';
import type { Reader } from './client';
import { expectBody } from './responses';
import type { TestServer } from './server';
import { createUser, serverOf, type TestUser } from './users';

/** `from` asks `to` to connect; answers the request as the server presents it. */
export async function sendRequest(from: TestUser, to: TestUser) {
  const response = await from.api['partner-requests'].$post({ json: { receiverId: to.id } });
  return (await expectBody(response, 201)).request;
}

export interface ConnectOptions {
  /**
   * Whether the pair's first negotiation starts confirmed (decision 058), as most tests need to assign at
   * once: yes unless told. The tests of the negotiation itself say false.
   */
  negotiated?: boolean;
}

/** `from` asks, `to` accepts: the two are partners. Returns the id of the request. */
export async function connect(from: TestUser, to: TestUser, opts: ConnectOptions = {}) {
  const request = await sendRequest(from, to);
  const accepted = await to.api['partner-requests'][':id'].accept.$post({ param: { id: request.id } });
  await expectBody(accepted, 200);
  if (opts.negotiated !== false) await startNegotiated(from, to);
  return request.id;
}

/**
 * The pair of the two starts with its first negotiation confirmed: straight in the database of a server in
 * this process (`markNegotiated`); a server in a process of its own (the crash tests) is asked through the
 * API, by whichever of the two is the pair's submissive, which tells the dominant.
 */
async function startNegotiated(a: TestUser, b: TestUser) {
  if (serverOf(a).database) return markNegotiated(a, b);
  for (const [who, partner] of [
    [b, a],
    [a, b],
  ] as const) {
    const confirmed = await who.api.negotiation.confirm.$post({ json: { partnerId: partner.id } });
    if (confirmed.status === 200) return;
  }
  throw new Error('neither partner could confirm the first negotiation');
}

/** The submissive (`who`) confirms the first negotiation with `dominantId` through the API (decision 058). */
export async function confirmNegotiation(who: Reader, dominantId: string) {
  return expectBody(await who.api.negotiation.confirm.$post({ json: { partnerId: dominantId } }), 200);
}

/**
 * Every active pair between the two, confirmed as if the submissive had confirmed the first negotiation
 * before the test began: set straight in the database, so that no notification, record entry or event
 * is added to what the test looks at. A pair formed later (a Switch's, by its first write) is not.
 */
export async function markNegotiated(a: { id: string }, b: { id: string }) {
  await serverOf(a)
    .database.db.update(pairs)
    .set({ negotiationConfirmedAt: new Date() })
    .where(
      and(
        eq(pairs.status, 'active'),
        isNull(pairs.negotiationConfirmedAt),
        or(
          and(eq(pairs.dominantId, a.id), eq(pairs.submissiveId, b.id)),
          and(eq(pairs.dominantId, b.id), eq(pairs.submissiveId, a.id)),
        ),
      ),
    );
}

/** The reader's active pairs. */
export async function listPairs(who: Reader) {
  const response = await who.api.pairs.$get();
  expect(response.status).toBe(200);
  return (await response.json()).pairs;
}

export async function partnersOf(who: Reader) {
  const response = await who.api.partners.$get();
  expect(response.status).toBe(200);
  return (await response.json()).partners;
}

/** Requests the reader sent or received, whatever their status. */
export async function requestsOf(who: Reader) {
  const response = await who.api['partner-requests'].$get();
  expect(response.status).toBe(200);
  return (await response.json()).requests;
}

/** The users the reader has blocked. */
export async function blocksOf(who: Reader) {
  const response = await who.api.blocks.$get();
  expect(response.status).toBe(200);
  return (await response.json()).blocked;
}

export interface Couple {
  dominant: TestUser;
  submissive: TestUser;
  /** The connection request the dominant sent and the submissive accepted. */
  requestId: string;
  /** Their active pair. */
  pairId: string;
}

export interface CoupleOptions {
  /** Europe/Berlin unless told: the tasks tests count repeats in the assigner's zone. */
  dominantTimeZone?: string;
  dominantName?: string;
  submissiveName?: string;
  /** Whether the first negotiation starts confirmed: yes unless told (`ConnectOptions`). */
  negotiated?: boolean;
}

/**
 * A dominant and a submissive, connected (the dominant asked), with their active pair. Works on a
 * server with or without e-mail verification.
 */
export async function createCouple(server: TestServer, opts: CoupleOptions = {}): Promise<Couple> {
  const [dominant, submissive] = await Promise.all([
    createUser(server, {
      role: 'dominant',
      displayName: opts.dominantName ?? 'Dana Dom',
      timeZone: opts.dominantTimeZone ?? 'Europe/Berlin',
    }),
    createUser(server, { role: 'submissive', displayName: opts.submissiveName ?? 'Sam Sub' }),
  ]);
  const requestId = await connect(dominant, submissive, { negotiated: opts.negotiated });
  const pair = (await listPairs(dominant)).find(
    (p) => p.submissiveId === submissive.id && p.dominantId === dominant.id,
  );
  expect(pair, 'the accepted request forms a pair').toBeDefined();
  return { dominant, submissive, requestId, pairId: pair!.id };
}
