import { Hono } from 'hono';
import { messagesQuery, sealMessagesInput, sendMessageInput } from '@/shared/schemas/journal';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { validate } from '../../http/validate';
import { listMessages } from './journal.queries';
import { sealMessages } from './journal.seal';
import { sendMessage } from './journal.send';

/** /api/journal/messages: the journal, one conversation per partner. */
export const journalRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', messagesQuery), async (c) =>
      c.json(await listMessages(deps, c.get('actor'), c.req.valid('query')), 200),
    )
    .post('/', validate('json', sendMessageInput), async (c) => {
      // Each message is a notification and a push to the partner: 60 a minute, a chat's pace (decision 038).
      await deps.limits.hit('journalByAccount', c.get('actor').id);
      const key = idempotencyKeyOf(c, c.get('actor').id, 'message');
      return c.json({ message: await sendMessage(deps, c.get('actor'), c.req.valid('json'), key) }, 201);
    })
    .post('/seal', validate('json', sealMessagesInput), async (c) => {
      // Earlier messages sealed in the sender's browser (decision 101): a page a request, at a chat's pace.
      await deps.limits.hit('journalByAccount', c.get('actor').id);
      return c.json(await sealMessages(deps, c.get('actor'), c.req.valid('json')), 200);
    });
