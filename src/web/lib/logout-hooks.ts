/**
 * Work that must happen while the session still exists, just before a logout (a feature forgetting this
 * device's push subscription on the server). Features register through the composition layer; the
 * logout waits for them, at most LIMIT_MS, and never fails because of them.
 */
type Hook = () => Promise<void>;

const hooks = new Set<Hook>();
const LIMIT_MS = 3000;

/** Adds a hook; answers the function that removes it (an effect's cleanup). */
export function beforeLogout(hook: Hook): () => void {
  hooks.add(hook);
  return () => {
    hooks.delete(hook);
  };
}

export async function runBeforeLogout(): Promise<void> {
  if (hooks.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LIMIT_MS);
  });
  const all = Promise.allSettled(
    [...hooks].map((hook) => hook().catch((error) => console.warn('before-logout hook failed', error))),
  );
  await Promise.race([all, limit]);
  clearTimeout(timer);
}
