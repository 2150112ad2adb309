import { expect } from 'vitest';
import type { Reader } from './client';
import { expectBody } from './responses';
import type { TestServer } from './server';
import { createUser, type TestUser } from './users';

/** `from` asks `to` to connect; answers the request as the server presents it. */
export async function sendRequest(from: TestUser, to: TestUser) {
  const response = await from.api['partner-requests'].$post({ json: { receiverId: to.id } });
  return (await expectBody(response, 201)).request;
}

/** `from` asks, `to` accepts: the two are partners. Returns the id of the request. */
export async function connect(from: TestUser, to: TestUser) {
  const request = await sendRequest(from, to);
  const accepted = await to.api['partner-requests'][':id'].accept.$post({ param: { id: request.id } });
  await expectBody(accepted, 200);
  return request.id;
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
  const requestId = await connect(dominant, submissive);
  const pair = (await listPairs(dominant)).find(
    (p) => p.submissiveId === submissive.id && p.dominantId === dominant.id,
  );
  expect(pair, 'the accepted request forms a pair').toBeDefined();
  return { dominant, submissive, requestId, pairId: pair!.id };
}
