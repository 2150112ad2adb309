import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PAGE_CODE_ID, PAGE_LOADER, PRELOADS_PER_TASK, pageCodeBlock } from './page-loader';

/** Runs the loader against a document that records what is added to its head, with frames and timers by hand. */
function runLoader(code: { entry: string; preload: string[] }, { paintTiming = false } = {}) {
  const added: { tag: string; rel?: string; href?: string; src?: string; type?: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const element = (tag: string) => ({ tag }) as Record<string, unknown>;
  const listeners = new Map<string, (event: unknown) => void>();
  const window: Record<string, unknown> = {};
  const document = {
    addEventListener: (type: string, fn: (event: unknown) => void, capture: boolean) => {
      if (capture) listeners.set(type, fn);
    },
    removeEventListener: (type: string, fn: (event: unknown) => void, capture: boolean) => {
      if (capture && listeners.get(type) === fn) listeners.delete(type);
    },
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
  /** The paints reported to the loader's observer, and whether it still listens. */
  const observers: { report: (name: string) => void; disconnected: boolean }[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = ['paint', 'navigation'];
    entry: { report: (name: string) => void; disconnected: boolean };
    constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
      this.entry = {
        report: (name) => callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }),
        disconnected: false,
      };
    }
    observe(options: { type: string; buffered: boolean }) {
      if (options.type === 'paint' && options.buffered) observers.push(this.entry);
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vm.runInNewContext(PAGE_LOADER, {
    document,
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    JSON,
    Date,
    window,
    ...(paintTiming ? { PerformanceObserver } : {}),
  });
  return { added, frames, timers, observers, listeners, window };
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

  it('where the browser reports paints, waits for the first contentful one, not the first frame', () => {
    const { added, frames, timers, observers } = runLoader(
      { entry: '/assets/index-a.js', preload: [] },
      { paintTiming: true },
    );
    // No frame is waited for: a frame may come before the content is painted.
    expect(frames).toEqual([]);
    expect(observers).toHaveLength(1);
    observers[0]?.report('first-paint');
    expect(timers.filter((t) => t.ms === 0)).toEqual([]);
    observers[0]?.report('first-contentful-paint');
    expect(observers[0]?.disconnected).toBe(true);
    timers
      .splice(
        timers.findIndex((t) => t.ms === 0),
        1,
      )[0]
      ?.fn();
    expect(added.map((a) => a.src)).toEqual(['/assets/index-a.js']);
  });

  it('keeps a tap on a button before the code has come, once per button, for the app to take', () => {
    const { listeners, window } = runLoader({ entry: '/assets/index-a.js', preload: [] });
    const click = listeners.get('click');
    const tapOn = (closest: unknown) => {
      const event = { target: { closest: () => closest }, stopped: false, prevented: false };
      click?.(
        Object.assign(event, {
          preventDefault: () => {
            event.prevented = true;
          },
          stopPropagation: () => {
            event.stopped = true;
          },
        }),
      );
      return event;
    };
    const button = { tag: 'button' };
    const first = tapOn(button);
    // Nothing else acts on it meanwhile (a submit button would send its form as a page load).
    expect(first).toMatchObject({ prevented: true, stopped: true });
    tapOn(button);
    // A tap elsewhere (a link, the page) is left to the browser.
    expect(tapOn(null)).toMatchObject({ prevented: false, stopped: false });
    const taps = (window.pactTaps as { take(): [unknown, number][] }).take();
    expect(taps.map(([b]) => b)).toEqual([button]);
    expect(typeof taps[0]?.[1]).toBe('number');
    // Taken once: from then on the page's own code answers taps.
    expect(listeners.has('click')).toBe(false);
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
