// A Server-Sent Events client on fetch, parsed by hand (Node 20 has no EventSource).

/**
 * Opens `url` as an event stream with `cookie`; calls onEvent(name, data, arrivedAt) for every event but
 * `ready`, and onError(error) when the stream fails before `controller` aborts it. Resolves once the
 * stream's `ready` event is in.
 */
export async function openEventStream(url, cookie, controller, onEvent, onError) {
  const res = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`GET ${new URL(url).pathname} ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let ready;
  const readyP = new Promise((resolve, reject) => {
    ready = { resolve, reject };
  });
  (async () => {
    let buffer = '';
    let event = 'message';
    let data = [];
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += value;
        let nl = buffer.indexOf('\n');
        while (nl >= 0) {
          const line = buffer.slice(0, nl).replace(/\r$/, '');
          buffer = buffer.slice(nl + 1);
          if (line === '') {
            if (event === 'ready') ready.resolve();
            else onEvent(event, data.join('\n'), at);
            event = 'message';
            data = [];
          } else if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          nl = buffer.indexOf('\n');
        }
      }
      ready.reject(new Error('stream ended before ready'));
    } catch (error) {
      if (!controller.signal.aborted) onError(error);
      ready.reject(error);
    }
  })();
  return readyP;
}
