import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PAGE_CODE_ID, PAGE_LOADER, PRELOADS_PER_TASK, pageCodeBlock } from './page-loader';

/** Runs the loader against a document that records what is added to its head, with frames and timers by hand. */
function runLoader(code: { entry: string; preload: string[] }) {
  const added: { tag: string; rel?: string; href?: string; src?: string; type?: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const element = (tag: string) => ({ tag }) as Record<string, unknown>;
  const document = {
    getElementById: (id: string) => (id === PAGE_CODE_ID ? { textContent: JSON.stringify(code) } : null),
    createElement: element,
    createDocumentFragment: () => {
      const children: Record<string, unknown>[] = [];
      return { children, appendChild: (child: Record<string, unknown>) => children.push(child) };
    },
    head: {
      appendChild: (node: { children?: Record<string, unknown>[] } & Record<string, unknown>) => {
        for (const child of node.children ?? [node]) added.push(child as (typeof added)[number]);
      },
    },
  };
  vm.runInNewContext(PAGE_LOADER, {
    document,
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    JSON,
  });
  return { added, frames, timers };
}

describe('the page loader', () => {
  it('adds nothing before the first frame, then the entry and its preloads, a few per task, once', () => {
    const preload = Array.from({ length: PRELOADS_PER_TASK + 3 }, (_, i) => `/assets/c${i}.js`);
    const { added, frames, timers } = runLoader({ entry: '/assets/index-a.js', preload });
    expect(added).toEqual([]);
    // The first frame is painted; the loader runs in the task after it.
    for (const frame of frames.splice(0)) frame();
    expect(added).toEqual([]);
    const afterFrame = timers.findIndex((t) => t.ms === 0);
    timers.splice(afterFrame, 1)[0]?.fn();
    // The entry in a task of its own, then the preloads.
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ tag: 'script', type: 'module', src: '/assets/index-a.js' });
    const first = timers.findIndex((t) => t.ms === 0);
    timers.splice(first, 1)[0]?.fn();
    expect(added.slice(1).map((a) => a.href)).toEqual(preload.slice(0, PRELOADS_PER_TASK));
    expect(added.slice(1).every((a) => a.rel === 'modulepreload')).toBe(true);
    // The rest in the next tasks, as many to a task.
    for (
      let next = timers.findIndex((t) => t.ms === 0);
      next >= 0;
      next = timers.findIndex((t) => t.ms === 0)
    ) {
      const before = added.length;
      timers.splice(next, 1)[0]?.fn();
      expect(added.length - before).toBeLessThanOrEqual(PRELOADS_PER_TASK);
    }
    expect(added.slice(1).map((a) => a.href)).toEqual(preload);
    // The fallback for a tab drawn in the background then finds the work done.
    for (const timer of timers) timer.fn();
    expect(added).toHaveLength(preload.length + 1);
  });

  it('loads the code in a tab where no frame comes, after its fallback delay', () => {
    const { added, timers } = runLoader({ entry: '/assets/index-a.js', preload: [] });
    const fallback = timers.find((t) => t.ms > 0);
    expect(fallback?.ms).toBeGreaterThan(0);
    fallback?.fn();
    expect(added.map((a) => a.src)).toEqual(['/assets/index-a.js']);
  });

  it('is the one inline script the CSP allows, by its hash', async () => {
    const { securityHeaders } = await import('@/server/http/security-headers');
    const { Hono } = await import('hono');
    const app = new Hono().use(securityHeaders({ https: false })).get('/', (c) => c.text('ok'));
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(PAGE_LOADER).digest('base64');
    expect(csp).toMatch(new RegExp(`(^|; )script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
  });

  it('names the page code in a JSON block that no file name can close', () => {
    const block = pageCodeBlock({
      entry: '/assets/x.js',
      preload: ['/assets/</script><script>alert(1)//.js'],
    });
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const json = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(JSON.parse(json).preload[0]).toBe('/assets/</script><script>alert(1)//.js');
  });
});
