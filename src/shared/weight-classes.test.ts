import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './association.ts';
import { classAndLower, weightClassFor } from './weight-classes.ts';

const { M: MEN_CLASSES, F: WOMEN_CLASSES } = DEFAULT_SETTINGS.classes;

describe('weight class from weight', () => {
  it('is the smallest class bound at or above the weight', () => {
    expect(weightClassFor(150, MEN_CLASSES)).toBe('154');
    expect(weightClassFor(154, MEN_CLASSES)).toBe('154');
    expect(weightClassFor(154.5, MEN_CLASSES)).toBe('176');
    expect(weightClassFor('198', MEN_CLASSES)).toBe('198');
    expect(weightClassFor(242, MEN_CLASSES)).toBe('242');
    expect(weightClassFor(243, MEN_CLASSES)).toBe('243+');
    expect(weightClassFor(310, MEN_CLASSES)).toBe('243+');
    expect(weightClassFor(120, WOMEN_CLASSES)).toBe('143');
    expect(weightClassFor(150, WOMEN_CLASSES)).toBe('144+');
  });
  it('blank, non-numeric and -1 go to the top class', () => {
    for (const w of ['', '  ', 'heavy', -1, '-1', null, undefined, NaN]) {
      expect(weightClassFor(w as never, MEN_CLASSES)).toBe('243+');
    }
    expect(weightClassFor('', WOMEN_CLASSES)).toBe('144+');
  });
  it('combine-lower takes the class and every lighter one', () => {
    expect(classAndLower('198', MEN_CLASSES)).toEqual(['154', '176', '198']);
    expect(classAndLower('154', MEN_CLASSES)).toEqual(['154']);
    expect(classAndLower('nope', MEN_CLASSES)).toEqual([]);
  });
});
