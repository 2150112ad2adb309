import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { errorBody } from './errors';

/**
 * The route half of "one schema per input": the first issue becomes the message, and every field's
 * first issue is listed so that a form can place it.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) =>
  // Ids in paths and queries are refused by their own schemas (uuids, numbers); bodies carry free text.
  zValidator(target, target === 'json' ? withoutNul(schema) : schema, (result, c) => {
    if (result.success) return;
    const issues = result.error.issues;
    const fields: Record<string, string> = {};
    for (const issue of issues) {
      const key = issue.path.join('.') || '_';
      fields[key] ??= issue.message;
    }
    const first = issues[0];
    const message =
      first && first.code === 'invalid_type' && first.path.length === 0
        ? 'Request body must be a JSON object'
        : (first?.message ?? 'Invalid input');
    return c.json(errorBody('VALIDATION_ERROR', message, fields), 400);
  });

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** True when a string anywhere in the value holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (holdsNul(item, depth + 1)) return true;
  }
  return Object.keys(value).some((key) => key.includes('\u0000'));
}

/**
 * PostgreSQL text cannot hold a NUL character: every input is refused before its own schema sees it, so
 * no route, present or future, can fail on one.
 */
const withoutNul = <Schema extends z.ZodType>(schema: Schema): Schema =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      if (holdsNul(value)) ctx.addIssue({ code: 'custom', message: NUL_MESSAGE });
    })
    .pipe(schema) as unknown as Schema;
