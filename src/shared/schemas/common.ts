import { z } from 'zod';
import { isSealedText, SEALED_MESSAGES, sealedTextKeyId, sealedTextMax } from '../domain/sealed';
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

/**
 * A text a user writes that may come sealed by the pair's key (decision 101): plain, trimmed and at most
 * `max` characters; or `pe1.` and base64url, at most what `max` characters sealed can be, with a header the
 * server can read. Whether the pair requires it sealed is the service's check.
 */
export const sealableText = (a: { max: number; notText: string; tooLong: string }) =>
  z
    .string({ error: a.notText })
    .max(sealedTextMax(a.max), a.tooLong)
    .transform((s) => s.trim())
    .superRefine((s, ctx) => {
      if (!isSealedText(s)) {
        if (s.length > a.max) ctx.addIssue({ code: 'custom', message: a.tooLong });
      } else if (sealedTextKeyId(s) === null) {
        ctx.addIssue({ code: 'custom', message: SEALED_MESSAGES.malformed });
      }
    });
