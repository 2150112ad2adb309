import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registerInput, resetPasswordInput, sessionRoleInput } from './accounts';

const valid = {
  displayName: '  Jane   Doe ',
  email: '  Jane@Example.COM ',
  password: 'Zebra7!qx',
  confirmPassword: 'Zebra7!qx',
  role: 'switch',
  ageConfirmed: true,
};

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('registerInput', () => {
  it('accepts a valid registration and normalises it', () => {
    const result = registerInput.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ displayName: 'Jane Doe', email: 'jane@example.com', role: 'switch' });
  });

  it.each(['dominant', 'submissive', 'switch'])('accepts the role %j', (role) => {
    expect(registerInput.safeParse({ ...valid, role }).success).toBe(true);
  });

  it('refuses mismatched passwords with "Passwords do not match" on confirmPassword', () => {
    expect(messages(registerInput.safeParse({ ...valid, confirmPassword: 'Zebra7!qy' }))).toEqual([
      { path: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });

  it.each(['boss', 'Dominant', '', 'admin', null, 1])('refuses the role %j', (role) => {
    const issues = messages(registerInput.safeParse({ ...valid, role }));
    expect(issues).toEqual([
      { path: 'role', message: 'Please choose a role: dominant, switch or submissive' },
    ]);
  });

  it.each([false, 'true', 1, null, undefined])(
    'refuses ageConfirmed %j: it must be literally true',
    (ageConfirmed) => {
      const issues = messages(registerInput.safeParse({ ...valid, ageConfirmed }));
      expect(issues).toEqual([
        { path: 'ageConfirmed', message: 'You must confirm that you are 18 or older' },
      ]);
    },
  );

  it('reports each password rule and the e-mail and display name errors', () => {
    const issues = messages(
      registerInput.safeParse({
        ...valid,
        displayName: 'J',
        email: 'nope',
        password: 'abc',
        confirmPassword: 'abc',
      }),
    );
    expect(issues).toEqual([
      { path: 'displayName', message: 'Display name must be at least 2 characters long' },
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'password', message: 'Password must be at least 8 characters long' },
      { path: 'password', message: 'Password must contain at least one uppercase letter' },
      { path: 'password', message: 'Password must contain at least one number' },
      { path: 'password', message: 'Password must contain at least one special character' },
    ]);
  });

  it('refuses an unknown time zone and accepts an IANA one', () => {
    expect(messages(registerInput.safeParse({ ...valid, timeZone: 'Mars/Olympus' }))).toEqual([
      { path: 'timeZone', message: 'Unknown time zone' },
    ]);
    expect(registerInput.safeParse({ ...valid, timeZone: 'Europe/Paris' }).success).toBe(true);
  });

  it('refuses wrong types with a message, not an exception', () => {
    const result = registerInput.safeParse({ ...valid, email: 42, displayName: ['x'], password: null });
    expect(messages(result).map((i) => i.path)).toEqual(
      expect.arrayContaining(['email', 'displayName', 'password']),
    );
    expect(registerInput.safeParse('not an object').success).toBe(false);
  });
});

describe('resetPasswordInput', () => {
  const reset = { token: 'abc123token', password: 'Zebra7!qx', confirmPassword: 'Zebra7!qx' };

  it('accepts a token and a matching strong password', () => {
    expect(resetPasswordInput.safeParse(reset).success).toBe(true);
  });

  it('refuses a mismatch with "Passwords do not match"', () => {
    expect(messages(resetPasswordInput.safeParse({ ...reset, confirmPassword: 'other' }))).toEqual([
      { path: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });

  it('refuses a short password with "Password must be at least 8 characters long"', () => {
    const issues = messages(
      resetPasswordInput.safeParse({ ...reset, password: 'Ze7!q', confirmPassword: 'Ze7!q' }),
    );
    expect(issues).toEqual([{ path: 'password', message: 'Password must be at least 8 characters long' }]);
  });

  it('applies the whole registration policy', () => {
    const issues = messages(
      resetPasswordInput.safeParse({ ...reset, password: 'Password1!', confirmPassword: 'Password1!' }),
    );
    expect(issues).toEqual([
      { path: 'password', message: 'Password contains common words that are easily guessed' },
    ]);
  });

  it.each([undefined, '', 'x'.repeat(201), 42])('refuses the token %j as an invalid link', (token) => {
    expect(messages(resetPasswordInput.safeParse({ ...reset, token }))).toEqual([
      { path: 'token', message: 'Reset link invalid or expired' },
    ]);
  });
});

describe('sessionRoleInput', () => {
  it.each(['dominant', 'submissive'])('accepts %j', (role) => {
    expect(sessionRoleInput.safeParse({ role }).success).toBe(true);
  });

  it.each(['switch', 'boss', null, undefined])('refuses %j', (role) => {
    expect(messages(sessionRoleInput.safeParse({ role }))).toEqual([
      { path: 'role', message: 'Session role must be dominant or submissive' },
    ]);
  });
});
