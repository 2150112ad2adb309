import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORDS,
  PASSWORD_MESSAGES,
  passwordPolicyErrors,
  passwordStrength,
  SPECIAL_CHARACTERS,
} from './password';

const score = (p: string) => passwordStrength(p).score;

describe('password policy', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordPolicyErrors('Zebra7!qx')).toEqual([]);
  });

  it('asks for a password when it is empty, and says nothing else', () => {
    expect(passwordPolicyErrors('')).toEqual(['Password is required']);
  });

  it.each([
    ['Zeb7!qx', 'Password must be at least 8 characters long'],
    ['zebra7!qx', 'Password must contain at least one uppercase letter'],
    ['ZEBRA7!QX', 'Password must contain at least one lowercase letter'],
    ['Zebra!!qx', 'Password must contain at least one number'],
    ['Zebra7qxy', 'Password must contain at least one special character'],
    ['Password1!', 'Password contains common words that are easily guessed'],
  ])('refuses %j with exactly %j', (password, message) => {
    expect(passwordPolicyErrors(password)).toEqual([message]);
  });

  it('refuses a password longer than 128 characters, and accepts 128', () => {
    const base = 'Zebra7!q';
    expect(passwordPolicyErrors(base.repeat(16))).toEqual([]);
    expect(passwordPolicyErrors(`${base.repeat(16)}x`)).toEqual([
      'Password must be at most 128 characters long',
    ]);
  });

  it('lists every broken rule, in the order the form shows them', () => {
    expect(passwordPolicyErrors('qwerty')).toEqual([
      PASSWORD_MESSAGES.tooShort,
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.number,
      PASSWORD_MESSAGES.special,
      PASSWORD_MESSAGES.common,
    ]);
  });

  it.each(COMMON_PASSWORDS)('finds the common word %j anywhere, in any case', (word) => {
    expect(passwordPolicyErrors(`Xy9!${word.toUpperCase()}`)).toContain(PASSWORD_MESSAGES.common);
    expect(passwordPolicyErrors(`${word}Xy9!z`)).toContain(PASSWORD_MESSAGES.common);
  });

  it.each([...SPECIAL_CHARACTERS])('counts %j as a special character', (ch) => {
    expect(passwordPolicyErrors(`Zebra7q${ch}`)).toEqual([]);
  });

  it('does not count a space or a letter outside the set as special', () => {
    expect(passwordPolicyErrors('Zebra7 qé')).toEqual([PASSWORD_MESSAGES.special]);
  });
});

describe('password strength score', () => {
  it('gives 15 for an empty password (no common word) and nothing else', () => {
    expect(score('')).toBe(15);
  });

  it('gives 25 for a length of at least 8', () => {
    expect(score('zebraqx')).toBe(30); // 15 lowercase + 15 no common word
    expect(score('zebraqxy')).toBe(55);
  });

  it.each([
    ['uppercase', 'Q'],
    ['lowercase', 'q'],
    ['number', '7'],
    ['special', '!'],
  ])('gives 15 for the %s class', (_, ch) => {
    expect(score(ch)).toBe(15 + 15);
    expect(score(ch + ch)).toBe(30); // the class counts once, not per character
  });

  it('gives 100 when every component is met', () => {
    expect(score('Zebra7!qx')).toBe(100);
  });

  it('takes 30 off for a common word and withholds the 15 for none', () => {
    expect(score('Qwertz7!x')).toBe(100);
    expect(score('Qwerty7!x')).toBe(55);
  });

  it('takes 10 off for three or more repeated characters, but not for two', () => {
    expect(score('Zebb7!qxy')).toBe(100);
    expect(score('Zebbb7!qx')).toBe(90);
    expect(score('Zebbbb7!q')).toBe(90);
  });

  it('never goes below 0', () => {
    expect(score('123456')).toBe(0); // 15 number - 30 common word
    expect(score('1234561111')).toBe(0);
  });

  it.each([
    ['Zebra7!qx', 100, 'Strong'],
    ['Zebra7qxy', 85, 'Strong'],
    ['Zebbb7qx', 75, 'Good'],
    ['Ze7', 60, 'Good'],
    ['zebraqxy', 55, 'Fair'],
    ['Password1', 40, 'Fair'],
    ['zeee7', 35, 'Weak'],
    ['123456', 0, 'Weak'],
  ])('labels %j (score %i) %s', (password, expected, label) => {
    // 80 itself cannot be scored (every sum of the components misses it), so the Strong threshold is
    // pinned by 85 and 75 on either side; 60 and 40 are met exactly.
    expect(passwordStrength(password)).toMatchObject({ score: expected, label });
  });

  it('warns under 80 only', () => {
    expect(passwordStrength('Zebra7qxy').warning).toBeNull();
    expect(passwordStrength('Zebra7!qx').warning).toBeNull();
    expect(passwordStrength('Zebbb7qx').warning).toBe(
      'Consider using a stronger password for better security',
    );
    expect(passwordStrength('').warning).toBe('Consider using a stronger password for better security');
  });
});
