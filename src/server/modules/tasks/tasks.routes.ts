import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import {
  aboveAndBeyondInput,
  completeTaskInput,
  createTaskInput,
  feedbackInput,
  updateTaskInput,
} from '@/shared/schemas/tasks';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireSession } from '../../auth/session';
import { validate } from '../../http/validate';
import { listActivePairs } from '../pairs/pairs';
import {
  acknowledgeFeedback,
  completeTask,
  createAboveAndBeyond,
  createTask,
  deleteTask,
  giveCompletionFeedback,
  giveTaskFeedback,
  listHistory,
  listTasks,
  type TasksDeps,
  updateTask,
} from './tasks.service';

type Deps = TasksDeps & { auth: Auth };

/** /api/pairs: the signed-in user's active pairs. */
export const pairRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps.auth))
    .get('/', async (c) => c.json({ pairs: await listActivePairs(deps.db, c.var.actor.id) }, 200));

/** /api/tasks: tasks of the user's active pairs. */
export const taskRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps.auth))
    .get('/', async (c) => c.json({ tasks: await listTasks(deps, c.var.actor) }, 200))
    .post('/', validate('json', createTaskInput), async (c) =>
      c.json({ task: await createTask(deps, c.var.actor, c.req.valid('json')) }, 201),
    )
    .post('/above-and-beyond', validate('json', aboveAndBeyondInput), async (c) =>
      c.json({ task: await createAboveAndBeyond(deps, c.var.actor, c.req.valid('json')) }, 201),
    )
    .put('/:id', validate('param', idParam), validate('json', updateTaskInput), async (c) =>
      c.json(
        { task: await updateTask(deps, c.var.actor, c.req.valid('param').id, c.req.valid('json')) },
        200,
      ),
    )
    .delete('/:id', validate('param', idParam), async (c) => {
      await deleteTask(deps, c.var.actor, c.req.valid('param').id);
      return c.json({ success: true as const }, 200);
    })
    .post('/:id/complete', validate('param', idParam), validate('json', completeTaskInput), async (c) =>
      c.json(
        { task: await completeTask(deps, c.var.actor, c.req.valid('param').id, c.req.valid('json').photoId) },
        200,
      ),
    )
    .post('/:id/feedback', validate('param', idParam), validate('json', feedbackInput), async (c) =>
      c.json(
        {
          task: await giveTaskFeedback(
            deps,
            c.var.actor,
            c.req.valid('param').id,
            c.req.valid('json').feedback,
          ),
        },
        200,
      ),
    );

/** /api/task-completions: the history of the user's active pairs. */
export const historyRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps.auth))
    .get('/', async (c) => c.json({ completions: await listHistory(deps, c.var.actor) }, 200))
    .post('/:id/feedback', validate('param', idParam), validate('json', feedbackInput), async (c) =>
      c.json(
        {
          completion: await giveCompletionFeedback(
            deps,
            c.var.actor,
            c.req.valid('param').id,
            c.req.valid('json').feedback,
          ),
        },
        200,
      ),
    )
    .post('/:id/acknowledge', validate('param', idParam), async (c) =>
      c.json({ completion: await acknowledgeFeedback(deps, c.var.actor, c.req.valid('param').id) }, 200),
    );
