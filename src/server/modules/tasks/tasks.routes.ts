import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import {
  aboveAndBeyondInput,
  completeTaskInput,
  createTaskInput,
  feedbackInput,
  taskListQuery,
  updateTaskInput,
} from '@/shared/schemas/tasks';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { validate } from '../../http/validate';
import { createAboveAndBeyond } from './tasks.above-and-beyond';
import { createTask, updateTask } from './tasks.assign';
import { completeTask } from './tasks.complete';
import {
  acknowledgeFeedback,
  emailCompletionFeedback,
  emailTaskFeedback,
  giveCompletionFeedback,
  giveTaskFeedback,
} from './tasks.feedback';
import { getTask, listHistory, listTasks } from './tasks.queries';
import { answerTaskRequest, deleteTask, restoreTask } from './tasks.requests';

/** /api/tasks: tasks of the user's active pairs. */
export const taskRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', taskListQuery), async (c) =>
      c.json(await listTasks(deps, c.get('actor'), c.req.valid('query').after), 200),
    )
    .get('/:id', validate('param', idParam), async (c) =>
      c.json({ task: await getTask(deps, c.get('actor'), c.req.valid('param')) }, 200),
    )
    .post('/', validate('json', createTaskInput), async (c) =>
      c.json(
        {
          task: await createTask(
            deps,
            c.get('actor'),
            c.req.valid('json'),
            idempotencyKeyOf(c, c.get('actor').id, 'task'),
          ),
        },
        201,
      ),
    )
    .post('/above-and-beyond', validate('json', aboveAndBeyondInput), async (c) =>
      c.json(
        {
          task: await createAboveAndBeyond(
            deps,
            c.get('actor'),
            c.req.valid('json'),
            idempotencyKeyOf(c, c.get('actor').id, 'above-and-beyond'),
          ),
        },
        201,
      ),
    )
    .put('/:id', validate('param', idParam), validate('json', updateTaskInput), async (c) =>
      c.json(
        { task: await updateTask(deps, c.get('actor'), { ...c.req.valid('json'), ...c.req.valid('param') }) },
        200,
      ),
    )
    // Deleted for both at once, and restorable for a minute (decision 099).
    .delete('/:id', validate('param', idParam), async (c) =>
      c.json(
        { success: true as const, ...(await deleteTask(deps, c.get('actor'), c.req.valid('param'))) },
        200,
      ),
    )
    .post('/:id/restore', validate('param', idParam), async (c) =>
      c.json({ task: await restoreTask(deps, c.get('actor'), c.req.valid('param')) }, 200),
    )
    // A request (decision 056): the submissive accepts it (it becomes an ordinary task) or declines it.
    .post('/:id/accept', validate('param', idParam), async (c) =>
      c.json(await answerTaskRequest(deps, c.get('actor'), { ...c.req.valid('param'), accept: true }), 200),
    )
    .post('/:id/decline', validate('param', idParam), async (c) => {
      await answerTaskRequest(deps, c.get('actor'), { ...c.req.valid('param'), accept: false });
      return c.json({ success: true as const }, 200);
    })
    .post('/:id/complete', validate('param', idParam), validate('json', completeTaskInput), async (c) =>
      c.json(
        {
          task: await completeTask(deps, c.get('actor'), { ...c.req.valid('json'), ...c.req.valid('param') }),
        },
        200,
      ),
    )
    .post('/:id/feedback', validate('param', idParam), validate('json', feedbackInput), async (c) =>
      c.json(
        {
          task: await giveTaskFeedback(deps, c.get('actor'), {
            ...c.req.valid('json'),
            ...c.req.valid('param'),
          }),
        },
        200,
      ),
    )
    .post('/:id/feedback-email', validate('param', idParam), async (c) => {
      await emailTaskFeedback(deps, c.get('actor'), c.req.valid('param'));
      return c.json({ success: true as const }, 200);
    });

/** /api/task-completions: the history of the user's active pairs. */
export const historyRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json({ completions: await listHistory(deps, c.get('actor')) }, 200))
    .post('/:id/feedback', validate('param', idParam), validate('json', feedbackInput), async (c) =>
      c.json(
        {
          completion: await giveCompletionFeedback(deps, c.get('actor'), {
            ...c.req.valid('json'),
            ...c.req.valid('param'),
          }),
        },
        200,
      ),
    )
    .post('/:id/acknowledge', validate('param', idParam), async (c) =>
      c.json({ completion: await acknowledgeFeedback(deps, c.get('actor'), c.req.valid('param')) }, 200),
    )
    .post('/:id/feedback-email', validate('param', idParam), async (c) => {
      await emailCompletionFeedback(deps, c.get('actor'), c.req.valid('param'));
      return c.json({ success: true as const }, 200);
    });
