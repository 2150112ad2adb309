import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import {
  createPunishmentInput,
  punishmentCompletionInput,
  punishmentFeedbackInput,
  punishmentTagsInput,
} from '@/shared/schemas/punishments';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { validate } from '../../http/validate';
import { createPunishment } from './punishments.assign';
import { emailPunishmentFeedback, givePunishmentFeedback } from './punishments.feedback';
import { setCompleted, startTimer } from './punishments.progress';
import { listPunishments } from './punishments.queries';
import { answerPunishmentRequest, deletePunishment, editPunishmentTags } from './punishments.requests';

/** /api/punishments: punishments of the user's active pairs. */
export const punishmentRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json({ punishments: await listPunishments(deps, c.get('actor')) }, 200))
    .post('/', validate('json', createPunishmentInput), async (c) =>
      c.json(
        {
          punishment: await createPunishment(
            deps,
            c.get('actor'),
            c.req.valid('json'),
            idempotencyKeyOf(c, c.get('actor').id, 'punishment'),
          ),
        },
        201,
      ),
    )
    // Limits (decision 056): the dominant changes the tags or deletes an open punishment; the submissive
    // accepts or declines a request.
    .put('/:id/tags', validate('param', idParam), validate('json', punishmentTagsInput), async (c) =>
      c.json(
        {
          punishment: await editPunishmentTags(deps, c.get('actor'), {
            ...c.req.valid('json'),
            ...c.req.valid('param'),
          }),
        },
        200,
      ),
    )
    .delete('/:id', validate('param', idParam), async (c) => {
      await deletePunishment(deps, c.get('actor'), c.req.valid('param'));
      return c.json({ success: true as const }, 200);
    })
    .post('/:id/accept', validate('param', idParam), async (c) =>
      c.json(
        await answerPunishmentRequest(deps, c.get('actor'), { ...c.req.valid('param'), accept: true }),
        200,
      ),
    )
    .post('/:id/decline', validate('param', idParam), async (c) => {
      await answerPunishmentRequest(deps, c.get('actor'), { ...c.req.valid('param'), accept: false });
      return c.json({ success: true as const }, 200);
    })
    .post('/:id/timer', validate('param', idParam), async (c) =>
      c.json({ punishment: await startTimer(deps, c.get('actor'), c.req.valid('param')) }, 200),
    )
    .put(
      '/:id/completion',
      validate('param', idParam),
      validate('json', punishmentCompletionInput),
      async (c) =>
        c.json(
          {
            punishment: await setCompleted(deps, c.get('actor'), {
              ...c.req.valid('json'),
              ...c.req.valid('param'),
            }),
          },
          200,
        ),
    )
    .post('/:id/feedback', validate('param', idParam), validate('json', punishmentFeedbackInput), async (c) =>
      c.json(
        {
          punishment: await givePunishmentFeedback(deps, c.get('actor'), {
            ...c.req.valid('json'),
            ...c.req.valid('param'),
          }),
        },
        200,
      ),
    )
    .post('/:id/feedback-email', validate('param', idParam), async (c) => {
      await emailPunishmentFeedback(deps, c.get('actor'), c.req.valid('param'));
      return c.json({ success: true as const }, 200);
    });
