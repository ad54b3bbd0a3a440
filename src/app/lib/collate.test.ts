import { afterEach, describe, expect, it, vi } from 'vitest';
import { collatorCompare } from './collate.ts';

afterEach(() => vi.unstubAllGlobals());

describe('collatorCompare', () => {
  it('orders as the collator does, made only when it first compares, and once', () => {
    let made = 0;
    class CountedCollator extends Intl.Collator {
      constructor(...args: ConstructorParameters<typeof Intl.Collator>) {
        super(...args);
        made += 1;
      }
    }
    vi.stubGlobal('Intl', { Collator: CountedCollator });
    const compare = collatorCompare('en', { sensitivity: 'base', numeric: true });
    expect(made).toBe(0);
    expect(['item 10', 'Item 9', 'item 1'].sort(compare)).toEqual(['item 1', 'Item 9', 'item 10']);
    expect(compare('a', 'A')).toBe(0);
    expect(made).toBe(1);
  });
});
