import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../schemas/notifications';
import { kindOf, NOTIFICATION_KINDS, TYPES_OF_KIND } from './notification-kinds';

describe('notification kinds', () => {
  it('puts every notification type in exactly one kind', () => {
    const listed = NOTIFICATION_KINDS.flatMap((kind) => TYPES_OF_KIND[kind]);
    expect([...listed].sort()).toEqual([...NOTIFICATION_TYPES].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('names the kind of a type', () => {
    expect(kindOf('message_sent')).toBe('journal');
    expect(kindOf('red_called')).toBe('safety');
    expect(kindOf('ritual_marked')).toBe('structure');
  });
});
