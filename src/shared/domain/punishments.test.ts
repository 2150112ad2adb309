import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatTimerDuration,
  type PunishmentAbilitySubject,
  punishmentAbilities,
  timerState,
} from './punishments';

const DOM = 'd';
const SUB = 's';
const base: PunishmentAbilitySubject = {
  isCompleted: false,
  timerEnabled: true,
  timerDuration: 15,
  timerStartTime: null,
  assignedTo: SUB,
  dominantId: DOM,
  submissiveId: SUB,
  feedback: null,
};
const dom = { id: DOM, actingRole: 'dominant' as const };
const sub = { id: SUB, actingRole: 'submissive' as const };

describe('formatTimerDuration', () => {
  it.each([
    [1, '1 minute'],
    [15, '15 minutes'],
    [59, '59 minutes'],
    [60, '1 hour'],
    [61, '1 hour 1 minute'],
    [90, '1 hour 30 minutes'],
    [120, '2 hours'],
    [180, '3 hours'],
  ])('%i -> %s', (minutes, text) => expect(formatTimerDuration(minutes)).toBe(text));
});

describe('timerState and formatCountdown', () => {
  it('idle before the start, running until start + duration, then done; none when completed', () => {
    expect(timerState(base, 0)).toEqual({ kind: 'idle' });
    const started = { ...base, timerStartTime: 1_000 };
    expect(timerState(started, 1_000)).toMatchObject({ kind: 'running', remainingMs: 900_000 });
    expect(timerState(started, 900_999)).toMatchObject({ kind: 'running', remainingMs: 1 });
    expect(timerState(started, 901_000)).toEqual({ kind: 'done' });
    expect(timerState({ ...started, isCompleted: true }, 0)).toEqual({ kind: 'none' });
    expect(timerState({ ...base, timerEnabled: false }, 0)).toEqual({ kind: 'none' });
  });
  it('shows minutes:seconds, rounding up', () => {
    expect(formatCountdown(900_000)).toBe('15:00');
    expect(formatCountdown(899_001)).toBe('15:00');
    expect(formatCountdown(59_000)).toBe('00:59');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(180 * 60_000)).toBe('180:00');
  });
});

describe('punishmentAbilities', () => {
  it('the dominant completes, uncompletes, and gives feedback only once completed', () => {
    const open = punishmentAbilities(base, dom, 0);
    expect(open).toMatchObject({ complete: true, uncomplete: false, giveFeedback: false, startTimer: false });
    expect(open).toMatchObject({ showCheckbox: true, checkboxEnabled: true });
    const done = punishmentAbilities({ ...base, isCompleted: true }, dom, 0);
    expect(done).toMatchObject({ complete: false, uncomplete: true, giveFeedback: true });
  });
  it('the submissive completes once, sees a disabled checkbox only when completed, starts the timer', () => {
    const open = punishmentAbilities(base, sub, 0);
    expect(open).toMatchObject({
      complete: true,
      showCheckbox: false,
      startTimer: true,
      giveFeedback: false,
    });
    const running = punishmentAbilities({ ...base, timerStartTime: 0 }, sub, 1_000);
    expect(running.startTimer).toBe(false);
    const done = punishmentAbilities({ ...base, isCompleted: true }, sub, 0);
    expect(done).toMatchObject({
      complete: false,
      uncomplete: false,
      showCheckbox: true,
      checkboxEnabled: false,
    });
  });
  it('a switch acting in the other role, or anyone else, may do nothing', () => {
    for (const viewer of [
      { id: DOM, actingRole: 'submissive' as const },
      { id: SUB, actingRole: 'dominant' as const },
      { id: 'x', actingRole: 'dominant' as const },
      { id: SUB, actingRole: null },
    ]) {
      const can = punishmentAbilities({ ...base, isCompleted: true, feedback: 'x' }, viewer, 0);
      expect(Object.values(can).some(Boolean)).toBe(false);
    }
  });
});
