import { Hono } from 'hono';
import { notesQuery, sendNoteInput } from '@/shared/schemas/journal';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { validate } from '../../http/validate';
import { listNotes } from './journal.queries';
import { sendNote } from './journal.send';

/** /api/notes: the journal, one conversation per partner. */
export const journalRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', notesQuery), async (c) =>
      c.json(await listNotes(deps, c.get('actor'), c.req.valid('query')), 200),
    )
    .post('/', validate('json', sendNoteInput), async (c) => {
      // Each message is a notification and a push to the partner: 60 a minute, a chat's pace (decision 038).
      await deps.limits.hit('journalByAccount', c.get('actor').id);
      const key = idempotencyKeyOf(c, c.get('actor').id, 'note');
      return c.json({ message: await sendNote(deps, c.get('actor'), c.req.valid('json'), key) }, 201);
    });
