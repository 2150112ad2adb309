import { z } from 'zod';

/**
 * A uuid, in the lower-case form PostgreSQL returns. Ids are also compared as text (the self checks,
 * the rows of a response, the SSE rooms), where an upper-case spelling of the same id would not match.
 */
export const uuidField = (message = 'Invalid id') =>
  z.uuid({ error: message }).transform((id) => id.toLowerCase());

export const idParam = z.object({ id: uuidField() });
