import { describe, expect, it } from 'vitest';
import { pushPreferencesInput, pushSubscriptionInput } from '../schemas/push';
import { notify } from './notifications';
import {
  DISCREET_BODY,
  inQuietHours,
  notificationPush,
  notificationUrl,
  onDiscreetDevice,
  pushUrgency,
  quietHoursEnd,
  summaryPush,
} from './push';

const at = (iso: string) => new Date(iso).getTime();
const night = { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin' };

describe('quiet hours', () => {
  it('hold across midnight in the user’s own zone, start included, end excluded', () => {
    // Berlin is UTC+1 in January.
    expect(inQuietHours(night, at('2026-01-15T20:59:00Z'))).toBe(false);
    expect(inQuietHours(night, at('2026-01-15T21:00:00Z'))).toBe(true);
    expect(inQuietHours(night, at('2026-01-15T23:30:00Z'))).toBe(true);
    expect(inQuietHours(night, at('2026-01-16T05:59:00Z'))).toBe(true);
    expect(inQuietHours(night, at('2026-01-16T06:00:00Z'))).toBe(false);
    // The same instant is daytime in Tokyo.
    expect(inQuietHours({ ...night, timeZone: 'Asia/Tokyo' }, at('2026-01-15T23:30:00Z'))).toBe(false);
    expect(inQuietHours(null, at('2026-01-15T23:30:00Z'))).toBe(false);
  });

  it('hold within one day when they do not cross midnight', () => {
    const lunch = { start: '12:00', end: '13:30', timeZone: 'UTC' };
    expect(inQuietHours(lunch, at('2026-03-01T11:59:59Z'))).toBe(false);
    expect(inQuietHours(lunch, at('2026-03-01T12:00:00Z'))).toBe(true);
    expect(inQuietHours(lunch, at('2026-03-01T13:29:59Z'))).toBe(true);
    expect(inQuietHours(lunch, at('2026-03-01T13:30:00Z'))).toBe(false);
  });

  it('end at the next time the local clock shows their end', () => {
    expect(quietHoursEnd(night, at('2026-01-15T23:30:00Z'))).toBe(at('2026-01-16T06:00:00Z'));
    expect(quietHoursEnd(night, at('2026-01-16T05:59:30Z'))).toBe(at('2026-01-16T06:00:00Z'));
    // Summer: Berlin is UTC+2.
    expect(quietHoursEnd(night, at('2026-07-15T21:00:00Z'))).toBe(at('2026-07-16T05:00:00Z'));
  });
});

describe('what a push says', () => {
  const request = notify.connectionRequested({ senderName: 'Dana Dom', requestId: 'r1', senderId: 's1' });
  const task = notify.taskAssigned({
    assignerName: 'Dana',
    title: 'Water the plants',
    taskId: 't1',
    pairId: 'p1',
  });

  it('is discreet unless details were chosen, and opens what it is about either way', () => {
    expect(notificationPush(request, false)).toEqual({
      title: 'Pact',
      body: DISCREET_BODY,
      url: '/dashboard?request=r1',
      tag: 'pact',
    });
    expect(notificationPush(task, true)).toEqual({
      title: 'New task assigned',
      body: 'Dana assigned you "Water the plants"',
      url: '/tasks?highlight=t1',
      tag: 'pact:task:t1',
    });
    expect(JSON.stringify(notificationPush(task, false))).not.toContain('Water');
  });

  it('opens the partners on an answered request, the journal on a message', () => {
    const accepted = notify.connectionAccepted({ receiverName: 'Sam', requestId: 'r1', receiverId: 'u2' });
    expect(notificationUrl(accepted)).toBe('/dashboard');
    const message = notify.messageSent({
      senderName: 'Sam',
      text: 'Hi',
      messageId: 'm',
      pairId: 'p',
      senderId: 'u2',
    });
    expect(notificationUrl(message)).toBe('/journal?partner=u2');
    expect(pushUrgency(message.type)).toBe('high');
    expect(pushUrgency(task.type)).toBe('normal');
  });

  it('sums up held pushes without saying what they were', () => {
    expect(summaryPush(1).body).toBe('1 new notification in Pact');
    expect(summaryPush(4)).toEqual({
      title: 'Pact',
      body: '4 new notifications in Pact',
      url: '/dashboard',
      tag: 'pact-summary',
    });
  });
});

describe('subscription and preference inputs', () => {
  const keys = {
    p256dh: `BN${'a'.repeat(85)}`,
    auth: 'abcdefghijklmnopqrstuv',
  };
  const ok = (endpoint: string, rules = {}) =>
    pushSubscriptionInput(rules).safeParse({ endpoint, keys }).success;

  it('take only https push services in production; http on loopback only when allowed', () => {
    expect(ok('https://fcm.googleapis.com/fcm/send/x')).toBe(true);
    expect(ok('https://web.push.apple.com/QO')).toBe(true);
    expect(ok('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    for (const bad of [
      'http://127.0.0.1:9000/push/x',
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://0x7f.1/push',
      'https://[::1]/push',
      'https://metadata.google.internal/x',
    ]) {
      expect(ok(bad), bad).toBe(false);
    }
    expect(ok('http://127.0.0.1:9000/push/x', { allowHttpLoopback: true })).toBe(true);
    expect(ok('http://10.0.0.1:9000/push/x', { allowHttpLoopback: true })).toBe(false);
  });

  it('drop the padding some encoders add to the keys', () => {
    const parsed = pushSubscriptionInput().parse({
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      keys: { p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` },
    });
    expect(parsed.keys).toEqual(keys);
  });

  it('name quiet hours in a canonical zone', () => {
    const parsed = pushPreferencesInput.parse({
      showDetails: false,
      quietHours: { start: '23:00', end: '06:30', timeZone: 'america/new_york' },
    });
    expect(parsed.quietHours?.timeZone).toBe('America/New_York');
  });
});

describe('a push to a device in discreet mode (decision 081)', () => {
  it('is titled with the neutral name, says nothing of Pact and is marked for the neutral icon', () => {
    const push = onDiscreetDevice(summaryPush(3));
    expect(push).toMatchObject({ title: 'Notes', body: '3 new notifications in Notes', discreet: true });
    expect(JSON.stringify(push)).not.toContain('Pact');
  });

  it('keeps the words, address and tag of a safety push; only the title changes', () => {
    const red = { title: 'Red called', body: 'Your partner called Red.', url: '/dashboard', tag: 'pact:red' };
    expect(onDiscreetDevice(red)).toEqual({ ...red, title: 'Notes', discreet: true });
  });
});
