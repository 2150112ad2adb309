import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCREET_TAG } from '@/shared/domain/push';
import { DISCREET_COOKIE, DISCREET_NAME } from '@/shared/texts/device-privacy';
import { databases } from '../../test/database';
import { sendRequest } from '../../test/partners';
import { devicesOf, PUSH_TEST_SERVER, registerDevice } from '../../test/push';
import { type PushPeer, pushMessageOf, startPushPeer } from '../../test/push-peer';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser } from '../../test/users';

/**
 * Discreet mode's pushes (decision 081): a device registered with the `pact_discreet` cookie is stored as
 * discreet, and every push to it is titled with the neutral name and says nothing of Pact; the user's other
 * devices are not changed by it.
 */
describe.each(databases())('pushes to a device in discreet mode on %s', (kind) => {
  let server: TestServer;
  let peer: PushPeer;
  beforeAll(async () => {
    peer = await startPushPeer();
    server = await startTestServer({ db: kind, requireEmailVerification: false, ...PUSH_TEST_SERVER });
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  it('stores the device as discreet from its cookie, and as not discreet once the cookie is gone', async () => {
    const user = await createUser(server);
    const sub = peer.subscription();
    user.client.cookies.set(DISCREET_COOKIE, '1');
    expect(await registerDevice(user, sub)).toMatchObject({ endpoint: sub.endpoint, discreet: true });
    expect((await devicesOf(server, user))[0]?.discreet).toBe(true);
    user.client.cookies.delete(DISCREET_COOKIE);
    expect(await registerDevice(user, sub)).toMatchObject({ discreet: false });
    expect((await devicesOf(server, user))[0]?.discreet).toBe(false);
    // Any other value is not the choice.
    user.client.cookies.set(DISCREET_COOKIE, 'yes');
    expect(await registerDevice(user, sub)).toMatchObject({ discreet: false });
  });

  it('titles a push to the discreet device with the neutral name; the same user’s other device reads Pact', async () => {
    const [receiver, sender] = await Promise.all([
      createUser(server),
      createUser(server, { role: 'dominant' }),
    ]);
    const discreetDevice = peer.subscription();
    const plainDevice = peer.subscription();
    receiver.client.cookies.set(DISCREET_COOKIE, '1');
    await registerDevice(receiver, discreetDevice);
    receiver.client.cookies.delete(DISCREET_COOKIE);
    await registerDevice(receiver, plainDevice);
    await sendRequest(sender, receiver);
    const onDiscreet = pushMessageOf(discreetDevice, await peer.waitFor(discreetDevice));
    expect(onDiscreet).toMatchObject({ title: DISCREET_NAME, body: `New activity in ${DISCREET_NAME}` });
    expect(onDiscreet.discreet).toBe(true);
    expect(JSON.stringify(onDiscreet)).not.toContain('Pact');
    expect(onDiscreet.tag).toBe(DISCREET_TAG);
    const onPlain = pushMessageOf(plainDevice, await peer.waitFor(plainDevice));
    expect(onPlain).toMatchObject({ title: 'Pact', body: 'New activity in Pact' });
    expect(onPlain.discreet).toBeUndefined();
  });

  it('titles the test push neutrally too', async () => {
    const user = await createUser(server);
    const sub = peer.subscription();
    user.client.cookies.set(DISCREET_COOKIE, '1');
    await registerDevice(user, sub);
    expect((await user.client.post('/api/push/test')).status).toBe(202);
    const message = pushMessageOf(sub, await peer.waitFor(sub));
    expect(message.title).toBe(DISCREET_NAME);
    expect(message.body).not.toContain('Pact');
  });
});
