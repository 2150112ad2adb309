import { describe, expect, it } from 'vitest';
import { CAP_MESSAGES, type Caps, capLines, NO_CAPS, raisedCaps, tighterCaps } from './caps';

const caps = (over: Partial<Caps>): Caps => ({ ...NO_CAPS, ...over });

describe('caps (decision 057)', () => {
  it('names what a change raises: a higher or removed number, a heavier severity, an area or quiet minute taken away', () => {
    const current = caps({
      maxSeverity: 'mild',
      openTasks: 3,
      quietHours: { start: '22:00', end: '07:00' },
      protectedAreas: ['money'],
    });
    expect(raisedCaps(current, current)).toEqual([]);
    expect(raisedCaps(caps({ ...current, openTasks: 2, maxSeverity: 'funishment' }), current)).toEqual([]);
    expect(raisedCaps(caps({ ...current, openTasks: null }), current)).toEqual(['openTasks']);
    expect(raisedCaps(caps({ ...current, maxSeverity: 'moderate' }), current)).toEqual(['maxSeverity']);
    expect(raisedCaps(caps({ ...current, protectedAreas: [] }), current)).toEqual(['protectedAreas']);
    // Quiet hours that still cover 22:00-07:00 lower; ones that leave a minute out raise.
    expect(raisedCaps(caps({ ...current, quietHours: { start: '21:00', end: '08:00' } }), current)).toEqual(
      [],
    );
    expect(raisedCaps(caps({ ...current, quietHours: { start: '23:00', end: '07:00' } }), current)).toEqual([
      'quietHours',
    ]);
    // From nothing capped, anything lowers.
    expect(raisedCaps(current, NO_CAPS)).toEqual([]);
  });

  it('the tighter of two caps, field by field', () => {
    const a = caps({ openTasks: 5, maxSeverity: 'mild', protectedAreas: ['health'] });
    const b = caps({ openTasks: 2, timerMinutesPerDay: 30, protectedAreas: ['money'] });
    expect(tighterCaps(a, b)).toEqual(
      caps({
        openTasks: 2,
        maxSeverity: 'mild',
        timerMinutesPerDay: 30,
        protectedAreas: ['money', 'health'],
      }),
    );
  });

  it('says each cap in words', () => {
    expect(CAP_MESSAGES.openTasks(3)).toBe('The contract allows at most 3 open tasks at once.');
    expect(CAP_MESSAGES.openTasks(1)).toBe('The contract allows at most 1 open task at once.');
    expect(capLines(caps({ protectedAreas: ['friends_family', 'work_study'] })).at(-1)?.value).toBe(
      'friends and family, work or study',
    );
  });
});
