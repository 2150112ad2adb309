import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server';

/** Sends one request on an open connection and resolves with the status of its answer. */
function ask(socket: Socket, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (head >= 0 && length && text.length >= head + 4 + Number(length)) {
        socket.off('data', onData);
        socket.off('close', onClose);
        resolve(Number(text.slice(9, 12)));
      }
    };
    const onClose = () => reject(new Error('the server closed the connection'));
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.write(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

/**
 * An idle keep-alive connection stays open past Node's default of 5 s (decision in http/keep-alive.ts): a
 * client or a proxy that sends on it after a pause gets an answer, not a reset.
 */
describe('keep-alive connections', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answer a request sent after 6 s of silence on the same connection', async () => {
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    try {
      expect(await ask(socket, `${hostname}:${port}`)).toBe(200);
      // Longer than Node's default keep-alive timeout (5 s), which closed the connection here.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(socket.destroyed).toBe(false);
      expect(await ask(socket, `${hostname}:${port}`)).toBe(200);
    } finally {
      socket.destroy();
    }
  });
});
