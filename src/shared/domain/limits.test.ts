import { describe, expect, it } from 'vitest';
import { limitVerdict } from './limits';

describe('limitVerdict (decision 056)', () => {
  const sub = 'sub';
  const dom = 'dom';
  it('refuses on a No of either partner, whatever else was answered', () => {
    expect(limitVerdict([{ userId: sub, answer: 'no' }], sub)).toBe('crossed');
    expect(limitVerdict([{ userId: dom, answer: 'no' }], sub)).toBe('crossed');
    expect(
      limitVerdict(
        [
          { userId: sub, answer: 'maybe' },
          { userId: dom, answer: 'no' },
        ],
        sub,
      ),
    ).toBe('crossed');
  });
  it("makes a request of the submissive's Maybe only", () => {
    expect(limitVerdict([{ userId: sub, answer: 'maybe' }], sub)).toBe('requested');
    expect(limitVerdict([{ userId: dom, answer: 'maybe' }], sub)).toBe('active');
  });
  it('leaves Yes and unanswered items active', () => {
    expect(limitVerdict([], sub)).toBe('active');
    expect(limitVerdict([{ userId: sub, answer: 'yes' }], sub)).toBe('active');
  });
});
