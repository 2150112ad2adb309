import { describe, expect, it } from 'vitest';
import {
  deriveUsername,
  displayNameError,
  emailError,
  normalizeDisplayName,
  normalizeEmail,
} from './identity';

describe('username derivation', () => {
  it.each([
    ['Jane', 'jane'],
    ['Jane Doe', 'janedoe'],
    ['  A.b_c-d 1 2!@#', 'abcd12'],
    ["O'Brien <3", 'obrien3'],
    ['José', 'jose'],
    ['MiXeD CaSe 42', 'mixedcase42'],
  ])('%j becomes %j', (name, username) => {
    expect(deriveUsername(name)).toBe(username);
  });

  it('is empty when there is no letter or digit', () => {
    expect(deriveUsername('!! -- ??')).toBe('');
  });
});

describe('e-mail', () => {
  it('is trimmed and lower-cased', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM \t')).toBe('jane.doe@example.com');
  });

  it.each(['a@b.co', 'jane.doe+pact@mail.example.com', '  JANE@EXAMPLE.COM  '])('accepts %j', (email) => {
    expect(emailError(email)).toBeNull();
  });

  it.each([
    'jane',
    'jane@',
    '@example.com',
    'jane@example',
    'jane@@example.com',
    'jane doe@example.com',
    'jane@example..com',
    'jane@.example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j with "Please enter a valid email address"', (email) => {
    expect(emailError(email)).toBe('Please enter a valid email address');
  });

  it.each(['<jane@example.com>', 'ja"ne@example.com', "ja'ne@example.com", 'jane>@example.com', 'ja<ne@x'])(
    'refuses %j with "Email contains invalid characters"',
    (email) => {
      expect(emailError(email)).toBe('Email contains invalid characters');
    },
  );

  it('asks for an address when it is empty or blank', () => {
    expect(emailError('')).toBe('Email is required');
    expect(emailError('   ')).toBe('Email is required');
  });
});

describe('display name', () => {
  it('is trimmed, with inner whitespace collapsed', () => {
    expect(normalizeDisplayName('  Jane \t  Doe  ')).toBe('Jane Doe');
  });

  it.each(['', 'J', '  J  ', '   '])('%j is too short', (name) => {
    expect(displayNameError(name)).toBe('Display name must be at least 2 characters long');
  });

  it.each(['Jo', '  Jo  ', 'x'.repeat(50), `  ${'x'.repeat(50)}  `])('%j is accepted', (name) => {
    expect(displayNameError(name)).toBeNull();
  });

  it.each(['x'.repeat(51), 'x'.repeat(10_000)])(
    'a name of %#: more than 50 characters is too long',
    (name) => {
      expect(displayNameError(name)).toBe('Display name must be less than 50 characters');
    },
  );
});
