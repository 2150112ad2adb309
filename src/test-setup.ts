import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';

/**
 * A `console.error` during a test is a failure (house habit 6): the spy records every call and the
 * test fails afterwards, naming what was logged.
 */
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(calls, 'console.error was called during the test').toEqual([]);
});
