import { describe, expect, it } from 'vitest';
import { lowPriorityPreloads, withLowPriority } from './preload-priority';

/** The stream's text when `parts` are written into it one after the other. */
async function through(parts: string[]) {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(lowPriorityPreloads())).text();
}

const HEAD =
  '<!DOCTYPE html><html><head><title>Pact</title><link rel="modulepreload" href="/assets/a.js"/>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="n"/><style>p{}</style></head>';
const BODY = '<body><p>Rendered</p><link rel="modulepreload" href="/assets/late.js"/></body></html>';

describe('lowPriorityPreloads', () => {
  it("asks for the head's module preloads at low priority, and leaves the body as it is", async () => {
    const html = await through([HEAD, BODY]);
    expect(html).toBe(
      '<!DOCTYPE html><html><head><title>Pact</title>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js" nonce="n"/><style>p{}</style></head>' +
        BODY,
    );
  });

  it('finds the head across chunks cut anywhere, even inside a tag or a character', async () => {
    const whole = `${HEAD.replace('Pact', 'Pâct ✓')}${BODY}`;
    const expected = await through([whole]);
    const bytes = new TextEncoder().encode(whole);
    for (const cut of [5, 60, 61, 62, 100, HEAD.length - 3, HEAD.length + 2]) {
      const source = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, cut));
          controller.enqueue(bytes.slice(cut));
          controller.close();
        },
      });
      expect(await new Response(source.pipeThrough(lowPriorityPreloads())).text()).toBe(expected);
    }
    expect(expected).toContain('Pâct ✓');
    expect(expected.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it('a document without a head end is passed on whole, changed', async () => {
    expect(await through(['<link rel="modulepreload" href="/x.js">', 'tail'])).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/x.js">tail',
    );
  });

  it('keeps a priority already named', () => {
    const html = '<link rel="modulepreload" fetchpriority="high" href="/entry.js"/>';
    expect(withLowPriority(html)).toBe(html);
  });
});
