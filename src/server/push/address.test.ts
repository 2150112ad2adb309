import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, type Lookup } from './address';
import { createPushSender } from './sender';

describe('push endpoints reach only the public internet', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::7f00:1',
    'not an address',
    '',
  ])('%s is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '142.250.74.110',
    '17.57.144.10',
    '2607:f8b0:4004:800::200e',
    '2a00:1450:4001:82a::200a',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('the push sender connects only to the address it checked', () => {
  let listener: Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    listener.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    port = (listener.address() as { port: number }).port;
  });
  afterAll(() => listener.close());

  const vapid = {
    subject: 'mailto:ops@pact.example',
    publicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    privateKey: 'tUxbf-JX4n1E3yCxM0tL3y3UFAuJ8jSqK33bWo2fq-E',
  };
  const target = (host: string) => ({
    endpoint: `https://${host}:${port}/push/abc`,
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  });
  const message = { title: 'Pact', body: 'You have a new notification', url: '/dashboard', tag: 'n' };
  const options = { ttl: 60, urgency: 'normal' as const, topic: 'n' };
  /** A resolver whose answer the test chooses: a public name that points at the server's own network. */
  const resolvingTo = (...addresses: string[]): Lookup =>
    ((_host: string, _opts: unknown, callback: (e: null, a: { address: string; family: number }[]) => void) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      )) as unknown as Lookup;

  it.each([
    [['127.0.0.1']],
    [['10.0.0.7']],
    [['169.254.169.254']],
    [['::1']],
    [['142.250.74.110', '127.0.0.1']],
  ])('a host resolving to %j is refused before any connection', async (addresses) => {
    const sender = createPushSender(vapid, { resolve: resolvingTo(...addresses) });
    await expect(
      sender.send(target('push.attacker.example'), message, options, AbortSignal.timeout(5_000)),
    ).rejects.toMatchObject({ code: 'EPUSHPRIVATE' });
    expect(connections).toBe(0);
  });

  it('an address literal of the private network is refused without a connection', async () => {
    const sender = createPushSender(vapid);
    await expect(
      sender.send(target('127.0.0.1'), message, options, AbortSignal.timeout(5_000)),
    ).rejects.toMatchObject({
      code: 'EPUSHPRIVATE',
    });
    expect(connections).toBe(0);
  });

  it('with loopback allowed (tests, a local push service) the same host is reached', async () => {
    const sender = createPushSender(vapid, { resolve: resolvingTo('127.0.0.1'), allowLoopback: true });
    await expect(
      sender.send(target('push.local.example'), message, options, AbortSignal.timeout(5_000)),
    ).rejects.toBeTruthy(); // the listener hangs up: a connection was made
    expect(connections).toBe(1);
  });
});
