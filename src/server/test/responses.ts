import { expect } from 'vitest';
import type { ApiErrorBody } from '@/shared/errors';

/** What a test reads an answer through: a fetch Response, or a typed client's response. */
interface Answer {
  status: number;
  headers: Headers;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

type BodyOf<R extends Answer> = Awaited<ReturnType<R['json']>>;

/** The body of a route's successful answer: its own type, without the error shape of its validators. */
export type SuccessBody<R extends Answer> = Exclude<BodyOf<R>, ApiErrorBody>;

/**
 * The body of an answer with this (successful) status, typed by the route that gave it; the body is
 * shown when the status differs.
 */
export async function expectBody<R extends Answer>(response: R, status: number): Promise<SuccessBody<R>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text);
}

/** The `{ error: { code, message } }` body of a refusal, after checking its status and shape. */
export async function expectError(
  response: Answer,
  status: number,
  code?: string,
  message?: string,
): Promise<ApiErrorBody> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type'), text).toMatch(/^application\/json/);
  const body: ApiErrorBody = JSON.parse(text);
  expect(body.error.code).toMatch(/^[A-Z_]+$/);
  expect(typeof body.error.message).toBe('string');
  if (code !== undefined) expect(body.error.code).toBe(code);
  if (message !== undefined) expect(body.error.message).toBe(message);
  return body;
}
