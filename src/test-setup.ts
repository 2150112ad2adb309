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

/**
 * A deprecation of the PostgreSQL driver is a failure too: what pg 9 removes (a second query on a client
 * still answering one, from reads sent at once in a transaction) must not be relied on. Node reports each
 * such deprecation once per process, so the test that first relies on it fails.
 */
const shared = globalThis as { pactDriverDeprecations?: string[] };
// The test files of one worker share a process (the suite does not isolate them): one listener for all.
if (!shared.pactDriverDeprecations) {
  const seenByProcess: string[] = [];
  shared.pactDriverDeprecations = seenByProcess;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && /pg@9/.test(warning.message))
      seenByProcess.push(warning.message);
  });
}
const driverDeprecations = shared.pactDriverDeprecations;

afterEach(() => {
  const seen = driverDeprecations.splice(0);
  expect(seen, 'the PostgreSQL driver warned of a deprecation').toEqual([]);
});
