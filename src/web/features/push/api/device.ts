import { queryOptions } from '@tanstack/react-query';
import { deviceOf } from '@/shared/domain/security';
import { ApiError } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { fetchPushConfig, removeSubscription, saveSubscription } from './push';

/** The spec's permission states (spec 1 §7). */
export type Permission = 'prompt' | 'granted' | 'denied';

/** What this browser can do and has done about notifications. */
export interface DeviceState {
  /** Service worker, Push API and notifications all present (iOS: only once added to the Home Screen). */
  supported: boolean;
  permission: Permission;
  /** Push is enabled on this device: permission granted and a subscription exists. */
  enabled: boolean;
}

/** How long "Enable Notifications" waits for the service worker, which registers after the page loads. */
const WORKER_WAIT_MS = 10_000;

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/**
 * The permission, asked of the Permissions API: it answers without blocking, where `Notification.permission`
 * makes the page wait on the browser (a few milliseconds, each time, while the page is loading).
 */
async function permissionNow(): Promise<Permission> {
  try {
    return (await navigator.permissions.query({ name: 'notifications' })).state;
  } catch {
    return Notification.permission === 'default' ? 'prompt' : Notification.permission;
  }
}

const registration = async () => (await navigator.serviceWorker.getRegistration('/')) ?? null;

async function currentSubscription(): Promise<PushSubscription | null> {
  const found = await registration();
  return found ? found.pushManager.getSubscription() : null;
}

async function readDevice(): Promise<DeviceState> {
  if (!pushSupported()) return { supported: false, permission: 'prompt', enabled: false };
  const permission = await permissionNow();
  const subscription = permission === 'granted' ? await currentSubscription() : null;
  return { supported: true, permission, enabled: subscription !== null };
}

export const deviceQuery = queryOptions({
  queryKey: queryKeys.pushDevice,
  queryFn: readDevice,
  staleTime: 0,
  retry: false,
});

/** A VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/** The body the API stores for a subscription. */
function inputOf(subscription: PushSubscription) {
  const { keys } = subscription.toJSON();
  if (!keys?.p256dh || !keys.auth) throw new Error('push subscription without keys');
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
    deviceInfo: deviceOf(navigator.userAgent),
  };
}

function workerReady(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS);
    void navigator.serviceWorker.ready.then((ready) => {
      window.clearTimeout(timer);
      resolve(ready);
    });
  });
}

/**
 * Tells the server this device's subscription. When the endpoint is registered to another account (a
 * shared device whose last user did not log out here: 409, decision 030), the browser drops it and
 * subscribes afresh, and the new endpoint is stored; the old one answers 410 to the other account's next
 * push, which forgets it.
 */
async function store(
  ready: ServiceWorkerRegistration,
  subscription: PushSubscription,
  key: Uint8Array<ArrayBuffer>,
) {
  try {
    await saveSubscription(inputOf(subscription));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    await subscription.unsubscribe();
    const renewed = await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await saveSubscription(inputOf(renewed));
  }
}

/**
 * "Enable Notifications", after the tap that asked for permission (`asking`, started in the click itself,
 * as Safari requires): subscribes this device with the server's key and stores the subscription.
 * Answers the permission the user gave; a failure to subscribe or store is thrown, for the caller to log.
 */
export async function enableOnThisDevice(asking: Promise<NotificationPermission>): Promise<Permission> {
  const answer = await asking;
  if (answer !== 'granted') return answer === 'denied' ? 'denied' : 'prompt';
  const [ready, { publicKey }] = await Promise.all([workerReady(), fetchPushConfig()]);
  const key = keyBytes(publicKey);
  let subscription = await ready.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe(); // made with a key the server no longer has
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await store(ready, subscription, key);
  return 'granted';
}

/** Each time the app opens: a device already enabled tells the server its subscription again. */
export async function resyncThisDevice(): Promise<void> {
  if (!pushSupported() || (await permissionNow()) !== 'granted') return;
  const ready = await registration();
  const subscription = await ready?.pushManager.getSubscription();
  const key = subscription?.options.applicationServerKey;
  if (!ready || !subscription || !key) return;
  await store(ready, subscription, new Uint8Array(key));
}

/**
 * At logout (before the session ends) or "Turn off": the server forgets this device and the browser
 * drops the subscription, so that the next person to sign in here does not receive this user's pushes.
 */
export async function forgetThisDevice(): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await removeSubscription(subscription.endpoint);
  } finally {
    await subscription.unsubscribe();
  }
}
