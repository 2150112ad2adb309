import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { errorBody } from './errors';

/**
 * The route half of "one schema per input": the first issue becomes the message, and every field's
 * first issue is listed so that a form can place it.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result, c) => {
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
