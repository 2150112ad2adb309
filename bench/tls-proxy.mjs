// A TLS reverse proxy speaking HTTP/2 to the browser and HTTP/1.1 to Pact, as production runs Pact (README,
// "Running it"): a bench that loads pages in a browser measures them as a phone gets them, not over
// cleartext HTTP/1.1 on localhost, where a browser opens at most six connections and asks for each module in
// turn. Its certificate is made for the run (openssl, one day, localhost) and trusted by nobody: the browser
// it serves is started with --ignore-certificate-errors.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';

/** A throwaway key and certificate for localhost. */
function selfSigned() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pact-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
      ].concat([
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Hop-by-hop headers, which HTTP/2 forbids and a proxy does not pass on.
const HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'host',
]);

/**
 * Starts the proxy on a free port of 127.0.0.1. `origin` is where the browser reaches it
 * (https://localhost:<port>); `target(url)` sets the Pact server it forwards to (http://127.0.0.1:<port>),
 * which can be started after the proxy, since Pact must know its public origin (APP_URL) when it starts.
 */
export async function startTlsProxy() {
  let upstream = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ ...selfSigned(), allowHTTP1: true }, (req, res) => {
    if (!upstream) {
      res.writeHead(502).end();
      return;
    }
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && !HOP.has(name)) headers[name] = value;
    }
    headers.host = req.headers[':authority'] ?? req.headers.host;
    headers['x-forwarded-proto'] = 'https';
    const out = http.request(`${upstream}${req.url}`, { method: req.method, headers, agent }, (answer) => {
      const back = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP.has(name)) back[name] = value;
      res.writeHead(answer.statusCode ?? 502, back);
      answer.pipe(res);
    });
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.on('aborted', () => out.destroy());
    req.pipe(out);
  });
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://localhost:${server.address().port}`,
    target(url) {
      upstream = url;
    },
    async stop() {
      agent.destroy();
      for (const session of sessions) session.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
