// Load generators in plain Node (no wrk): an HTTP client on keep-alive node:http agents, a closed loop
// (N requests in flight for a fixed time) and an open loop (a fixed request rate, each request's latency
// measured from the moment it was scheduled to leave, so that a server that falls behind is not excused by
// a client that waited for it: no coordinated omission).
import http from 'node:http';

/** A keep-alive client for one origin; request() answers status, headers and the body's size (or body). */
export function httpClient(origin, { maxSockets = 16 } = {}) {
  const { hostname, port } = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  const client = {
    /**
     * keepBody: answer the body's bytes (else they are only counted). A kept-alive socket the server
     * closed while it sat idle (its keep-alive timeout) fails the request sent on it: that one request is
     * sent again on a new socket, as Node's documentation advises.
     */
    request(method, path, { headers = {}, body, keepBody = false } = {}, retried = false) {
      return new Promise((resolve, reject) => {
        const req = http.request({ agent, hostname, port, method, path, headers }, (res) => {
          const chunks = [];
          let bytes = 0;
          res.on('data', (chunk) => {
            bytes += chunk.length;
            if (keepBody) chunks.push(chunk);
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode,
              headers: res.headers,
              bytes,
              body: keepBody ? Buffer.concat(chunks) : null,
            }),
          );
          res.on('error', reject);
        });
        req.on('error', (error) => {
          if (!retried && req.reusedSocket && error.code === 'ECONNRESET') {
            resolve(client.request(method, path, { headers, body, keepBody }, true));
          } else reject(error);
        });
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
  return client;
}

export const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `concurrency` loops call `task(i)` back to back for `seconds`; answers count, wall time, latencies. */
export async function closedLoop(seconds, concurrency, task) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const i = next++;
        const t = performance.now();
        await task(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { n: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}

/**
 * Sends `task(i)` at `rate` per second for `seconds`, whatever is still in flight. Latency of request i is
 * its end minus its scheduled start (start + i / rate), so a timer that fires late, a socket the agent
 * makes it wait for and a server that queues it all count. Requests still unanswered `drainSeconds` after
 * the last scheduled one are counted as unfinished and rank above every answered one; they are still
 * waited for (up to a minute) before this answers, so that they do not load the next measurement.
 */
export async function openLoop(rate, seconds, task, { drainSeconds = 10 } = {}) {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies = [];
  let counting = true;
  let failed = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const pending = [];
  const start = performance.now() + 5;
  await new Promise((resolve) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      while (i < total && start + i * interval <= now) {
        const scheduled = start + i * interval;
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        pending.push(
          Promise.resolve(task(i)).then(
            () => {
              inFlight--;
              if (counting) latencies.push(performance.now() - scheduled);
            },
            () => {
              inFlight--;
              if (counting) failed++;
            },
          ),
        );
        i++;
      }
      if (i < total) setTimeout(tick, Math.max(0, start + i * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  const sentSeconds = (performance.now() - start) / 1000;
  let timer;
  await Promise.race([
    Promise.all(pending),
    new Promise((r) => {
      timer = setTimeout(r, drainSeconds * 1000);
    }),
  ]);
  clearTimeout(timer);
  counting = false;
  const done = latencies.length;
  const unfinished = total - done - failed;
  const sorted = latencies.sort((a, b) => a - b);
  const ranked = unfinished > 0 ? [...sorted, ...Array(unfinished).fill(Number.POSITIVE_INFINITY)] : sorted;
  // What is still in flight would load the next measurement: let it end (uncounted), up to a minute.
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 60_000).unref())]);
  return {
    rate,
    total,
    done,
    failed,
    unfinished,
    maxInFlight,
    sentSeconds,
    p50: percentile(ranked, 0.5),
    p90: percentile(ranked, 0.9),
    p99: percentile(ranked, 0.99),
  };
}
