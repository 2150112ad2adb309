import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldUnchanged, lineDiff } from './diff';

describe('lineDiff', () => {
  it('marks removed and added lines in reading order', () => {
    expect(lineDiff('a\nb\nc', 'a\nx\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
    expect(lineDiff('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
  });

  it('rebuilds both texts from its lines', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', ''), { maxLength: 12 }).map((l) => l.join('\n'));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const d = lineDiff(before, after);
        expect(
          d
            .filter((l) => l.kind !== 'added')
            .map((l) => l.text)
            .join('\n'),
        ).toBe(before);
        expect(
          d
            .filter((l) => l.kind !== 'removed')
            .map((l) => l.text)
            .join('\n'),
        ).toBe(after);
      }),
    );
  });
});

describe('foldUnchanged', () => {
  it('keeps two lines of context around a change and folds the rest', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n');
    const after = ['a', 'b', 'c', 'd', 'X', 'f', 'g', 'h'].join('\n');
    expect(foldUnchanged(lineDiff(before, after))).toEqual([
      { kind: 'fold', count: 2 },
      { kind: 'same', text: 'c' },
      { kind: 'same', text: 'd' },
      { kind: 'removed', text: 'e' },
      { kind: 'added', text: 'X' },
      { kind: 'same', text: 'f' },
      { kind: 'same', text: 'g' },
      { kind: 'same', text: 'h' },
    ]);
  });
});
