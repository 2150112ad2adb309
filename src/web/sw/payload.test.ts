import { describe, expect, it } from 'vitest';
import { DISCREET, notificationOf, openTarget } from './payload';

const ORIGIN = 'https://pact.example';

describe('what a push shows', () => {
  it('shows the title, body and tag the server sent, and keeps the screen it opens', () => {
    const shown = notificationOf(
      JSON.stringify({ title: 'New task', body: 'Kneel', url: '/tasks?highlight=t1', tag: 'task-t1' }),
    );
    expect(shown).toEqual({ title: 'New task', body: 'Kneel', url: '/tasks?highlight=t1', tag: 'task-t1' });
  });

  it.each([
    ['no payload', null],
    ['an empty payload', ''],
    ['text that is not JSON', 'hello'],
    ['JSON that is not an object', '[1,2]'],
    ['a title of the wrong type', JSON.stringify({ title: 42, body: 'x' })],
    ['an empty title', JSON.stringify({ title: '  ', body: 'x' })],
  ])('never stays silent: %s shows the discreet notification', (_, text) => {
    const shown = notificationOf(text);
    expect(shown.title).toBe('Pact');
    expect(shown.body).toBe('New activity in Pact');
    expect(shown.url).toBe('/dashboard');
    expect(shown.tag).toBe(DISCREET.tag);
  });

  it('cuts an overlong title and body, and gives a notification without a tag the default one', () => {
    const shown = notificationOf(JSON.stringify({ title: 'T'.repeat(500), body: 'B'.repeat(5000) }));
    expect(shown.title.length).toBeLessThanOrEqual(120);
    expect(shown.body.length).toBeLessThanOrEqual(400);
    expect(shown.tag).toBe(DISCREET.tag);
  });
});

describe('the screen a tap opens', () => {
  it.each([
    ['/tasks?highlight=abc', '/tasks?highlight=abc'],
    ['/journal#m1', '/journal#m1'],
    [`${ORIGIN}/punishments?highlight=p`, '/punishments?highlight=p'],
  ])('opens a path of Pact: %s', (url, expected) => {
    expect(openTarget(url, ORIGIN)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/phish'],
    ['a protocol-relative address', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['an API address', '/api/auth/logout'],
    ['not a string', 42],
    ['nothing', undefined],
  ])('opens the dashboard instead of %s', (_, url) => {
    expect(openTarget(url, ORIGIN)).toBe('/dashboard');
  });
});

describe('a push sent to a device in discreet mode (decision 081)', () => {
  it('is shown with the neutral icon only when the server marked it', () => {
    const push = (extra: object) =>
      notificationOf(
        JSON.stringify({ title: 'Notes', body: 'New activity', url: '/dashboard', tag: 'pact', ...extra }),
      );
    expect(push({ discreet: true }).discreet).toBe(true);
    expect(push({}).discreet).toBeUndefined();
    expect(push({ discreet: 'yes' }).discreet).toBeUndefined();
  });
});
