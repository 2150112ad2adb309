const HEAD_END = '</head>';
const MODULE_PRELOAD = '<link rel="modulepreload"';

/**
 * The page's module preloads asked for at low priority, so that the document paints from its HTML before
 * its scripts' bytes compete for the link (decision 064). React hoists every `<link rel="modulepreload">`
 * of React Router's `<Scripts />` into the head, where the browser fetched them first, at high priority:
 * on a slow phone link the first paint of a signed-in page waited for some 60 of them. They are still
 * fetched at once, in parallel, as the browser's bandwidth allows; only their priority changes.
 *
 * The head is held until it ends (React writes it in one piece), changed there, then the rest of the
 * stream passes as it comes.
 */
export function lowPriorityPreloads(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let head: string | null = '';
  const release = (controller: TransformStreamDefaultController<Uint8Array>, rest = '') => {
    const text = withLowPriority(head ?? '') + rest;
    head = null;
    if (text) controller.enqueue(encoder.encode(text));
  };
  return new TransformStream({
    transform(chunk, controller) {
      if (head === null) {
        controller.enqueue(chunk);
        return;
      }
      head += decoder.decode(chunk, { stream: true });
      const end = head.indexOf(HEAD_END);
      if (end < 0) return;
      const rest = head.slice(end);
      head = head.slice(0, end);
      release(controller, rest);
    },
    flush(controller) {
      if (head !== null) {
        head += decoder.decode();
        release(controller);
      }
    },
  });
}

/** Every module preload of `html` with `fetchpriority="low"`, unless it names a priority already. */
export const withLowPriority = (html: string) =>
  html.replaceAll(MODULE_PRELOAD, (match, offset: number) => {
    const end = html.indexOf('>', offset);
    return html.slice(offset, end).includes('fetchpriority') ? match : `${match} fetchpriority="low"`;
  });
