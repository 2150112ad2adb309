import { z } from 'zod';
import { FEEDBACK_MAX } from '../domain/tasks';

/**
 * A uuid, in the lower-case form PostgreSQL returns. Ids are also compared as text (the self checks,
 * the rows of a response, the SSE rooms), where an upper-case spelling of the same id would not match.
 */
export const uuidField = (message = 'Invalid id') =>
  z.uuid({ error: message }).transform((id) => id.toLowerCase());

export const idParam = z.object({ id: uuidField() });

/** The dominant's feedback on something completed (tasks, history, punishments): trimmed, never empty. */
export const feedbackInputOf = (requiredMessage: string) =>
  z.object({
    feedback: z
      .string({ error: requiredMessage })
      .max(FEEDBACK_MAX, `Feedback must be at most ${FEEDBACK_MAX} characters`)
      .transform((s) => s.trim())
      .refine((s) => s.length > 0, requiredMessage),
  });
