import type { InferRequestType } from 'hono/client';
import { expect } from 'vitest';
import type { Api, Reader, TestClient } from './client';
import type { Couple } from './partners';
import { expectBody } from './responses';

type NewPunishment = InferRequestType<Api['punishments']['$post']>['json'];

/** A create-punishment body for `assignedTo`; the overrides may make it invalid, for raw sends. */
export function punishmentBody(assignedTo: string | null, overrides: Record<string, unknown> = {}) {
  return {
    assignedTo,
    title: 'Write lines',
    severity: 'moderate',
    reason: 'Late again',
    notes: 'Neat handwriting',
    aftercareRequired: true,
    timerEnabled: true,
    timerDuration: 15,
    ...overrides,
  };
}

/** The dominant assigns a punishment to the couple's submissive (must succeed). */
export async function createPunishment(
  couple: Pick<Couple, 'dominant' | 'submissive'>,
  overrides: Partial<NewPunishment> = {},
) {
  const json = { title: 'Write lines', assignedTo: couple.submissive.id, ...overrides };
  const response = await couple.dominant.api.punishments.$post({ json });
  return (await expectBody(response, 201)).punishment;
}

export async function listPunishments(client: Reader) {
  const response = await client.api.punishments.$get();
  expect(response.status).toBe(200);
  return (await response.json()).punishments;
}

export async function findPunishment(client: Reader, id: string) {
  return (await listPunishments(client)).find((p) => p.id === id);
}

/** Marks a punishment complete or not (must succeed). */
export async function setCompletion(client: TestClient, id: string, completed: boolean) {
  const response = await client.api.punishments[':id'].completion.$put({
    param: { id },
    json: { completed },
  });
  return (await expectBody(response, 200)).punishment;
}
