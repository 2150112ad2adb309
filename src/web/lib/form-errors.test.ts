import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { byFirstSegment, errorAt, placeServerErrors } from './form-errors';

describe('errorAt: the message beside a field', () => {
  const errors = {
    title: { type: 'custom', message: 'Task title required' },
    repeatConfig: { daysOfWeek: { type: 'too_small', message: 'Please choose at least one day' } },
  } as FieldErrors;

  it('takes the form’s own message for the field, or the first one under it', () => {
    expect(errorAt(errors, {}, 'title')).toBe('Task title required');
    expect(errorAt(errors, {}, 'repeatConfig')).toBe('Please choose at least one day');
    expect(errorAt(errors, {}, 'dueDate')).toBeUndefined();
  });

  it('says what to do in the toast’s second line when there is one', () => {
    const details = { 'Task title required': 'Please enter a title for your task' };
    expect(errorAt(errors, {}, 'title', details)).toBe('Please enter a title for your task');
    expect(errorAt(errors, {}, 'repeatConfig', details)).toBe('Please choose at least one day');
  });

  it('falls back to the server’s refusal of that path or of one under it, never of a neighbour', () => {
    const server = { dueDate: 'Due date cannot be in the past', 'repeatConfig.daysOfWeek': 'No days' };
    expect(errorAt({}, server, 'dueDate')).toBe('Due date cannot be in the past');
    expect(errorAt({}, server, 'repeatConfig')).toBe('No days');
    expect(errorAt({}, server, 'due')).toBeUndefined();
    // The form's own check wins: it is what the reader just did.
    expect(errorAt(errors, { title: 'Too long' }, 'title')).toBe('Task title required');
  });
});

describe('placeServerErrors: a refusal placed on the form’s fields', () => {
  const fields = {
    'days.0': 'Choose days of the week',
    'days.1': 'A second message for the same field',
    time: 'Enter a time',
    partnerId: 'Not a field of the form',
    timely: 'A neighbour’s name, not a path under time',
  };

  it('puts the first message of each path under its field, and leaves out paths of no field', () => {
    expect(placeServerErrors(fields, byFirstSegment(['days', 'time', 'name']))).toEqual({
      days: 'Choose days of the week',
      time: 'Enter a time',
    });
  });

  it('places nothing when no path names a field, so the refusal is shown whole', () => {
    expect(placeServerErrors({ partnerId: 'Not connected' }, byFirstSegment(['days']))).toEqual({});
    expect(placeServerErrors({}, byFirstSegment(['days']))).toEqual({});
  });

  it('maps the server’s names onto the form’s', () => {
    const names: Record<string, 'when'> = { occurredAt: 'when' };
    expect(placeServerErrors({ occurredAt: 'In the future' }, (path) => names[path])).toEqual({
      when: 'In the future',
    });
  });
});
