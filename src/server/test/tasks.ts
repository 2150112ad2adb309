import type { InferRequestType } from 'hono/client';
import { expect } from 'vitest';
import type { Api, Reader, TestClient } from './client';
import type { Couple } from './partners';
import { expectBody } from './responses';
import type { TestServer } from './server';

const HOUR = 3_600_000;

type NewTask = InferRequestType<Api['tasks']['$post']>['json'];

const validTask = (server: TestServer, assignedTo: string) => ({
  title: 'Make the bed',
  description: 'Hospital corners',
  dueDate: server.clock.now().getTime() + 24 * HOUR,
  assignedTo,
});

/**
 * A create-task body for `assignedTo`, due one day after the server's clock; the overrides may make it
 * invalid, for tests that send it raw.
 */
export function taskBody(server: TestServer, assignedTo: string, overrides: Record<string, unknown> = {}) {
  return { ...validTask(server, assignedTo), ...overrides };
}

/** The dominant creates a task (must succeed). */
export async function createTask(
  server: TestServer,
  couple: Pick<Couple, 'dominant' | 'submissive'>,
  overrides: Partial<NewTask> = {},
) {
  const json = { ...validTask(server, couple.submissive.id), ...overrides };
  const response = await couple.dominant.api.tasks.$post({ json });
  return (await expectBody(response, 201)).task;
}

/** Every task the client sees: the list's pages, followed to the end. */
export async function listTasks(client: Reader) {
  const all = [];
  let after: string | null = null;
  do {
    const response = await client.api.tasks.$get({ query: after ? { after } : {} });
    const page = await expectBody(response, 200);
    all.push(...page.tasks);
    after = page.nextCursor;
  } while (after);
  return all;
}

/**
 * One task as the client reads it by its id (what a task's event reads), or undefined when it may not see
 * it (404). A done one-off task is read here but is no longer in the list (decision 063).
 */
export async function findTask(client: Reader, id: string) {
  const response = await client.api.tasks[':id'].$get({ param: { id } });
  if ((response.status as number) === 404) return undefined;
  return (await expectBody(response, 200)).task;
}

export async function listHistory(client: Reader) {
  const response = await client.api['task-completions'].$get();
  expect(response.status).toBe(200);
  return (await response.json()).completions;
}

/** Completes a task (must succeed), with a photo as its proof if given. */
export async function completeTask(client: TestClient, id: string, photoId?: string) {
  const json = photoId ? { photoId } : {};
  const response = await client.api.tasks[':id'].complete.$post({ param: { id }, json });
  return (await expectBody(response, 200)).task;
}
