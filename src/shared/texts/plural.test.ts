import { describe, expect, it } from 'vitest';
import { counted } from './plural';

describe('counted', () => {
  it('says one thing in the singular and every other count in the plural', () => {
    expect(counted(1, 'device')).toBe('1 device');
    expect(counted(2, 'device')).toBe('2 devices');
    expect(counted(0, 'device')).toBe('0 devices');
    expect(counted(1, 'entry', 'entries')).toBe('1 entry');
    expect(counted(5, 'entry', 'entries')).toBe('5 entries');
  });
});
