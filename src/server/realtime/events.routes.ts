import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { type AppEnv, requireSession } from '../auth/session';
import type { AppDeps } from '../deps';

/** Heartbeats keep proxies from closing an idle stream and reveal dead connections. */
export const HEARTBEAT_MS = 25_000;

/** GET /api/events: the signed-in user's event stream. */
export const eventRoutes = (deps: Pick<AppDeps, 'sessions' | 'hub'> & { heartbeatMs?: number }) =>
  new Hono<AppEnv>().use(requireSession(deps)).get('/', (c) => {
    c.header('X-Accel-Buffering', 'no');
    const { id: userId } = c.get('user');
    const sessionId = c.get('session').id;
    return streamSSE(c, async (stream) => {
      let open = true;
      let wake: () => void = () => {};
      const remove = deps.hub.add({
        userId,
        sessionId,
        send: (event) => {
          if (open)
            void stream.writeSSE({ event: event.name, data: JSON.stringify(event.data) }).catch(() => {});
        },
        close: () => {
          open = false;
          wake();
          void stream.close().catch(() => {});
        },
      });
      stream.onAbort(() => {
        open = false;
        wake();
      });
      // Since when nothing has been sent to this user: a page rendered from reads made after it missed nothing.
      const ready = { quietSince: deps.hub.quietSince(userId) };
      await stream.writeSSE({ event: 'ready', data: JSON.stringify(ready), retry: 3000 });
      while (open) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, deps.heartbeatMs ?? HEARTBEAT_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (open) await stream.writeSSE({ event: 'ping', data: '' }).catch(() => {});
      }
      remove();
    });
  });
