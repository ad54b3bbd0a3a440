import { describe, expect, test } from 'vitest';
import { MEN_CLASSES, WOMEN_CLASSES } from '../weight-classes.ts';
import {
  categoryName,
  checkWeighIn,
  classLimit,
  DIVISION_LABELS,
  DIVISIONS,
  isPulled,
  METHODS,
  placeLabel,
} from './rules.ts';

describe('categoryName', () => {
  test('sex · hand · class · division', () => {
    expect(categoryName({ sex: 'M', hand: 'RH', weight_class: '198', division: 'am' })).toBe(
      'Men · Right Hand · 198 lbs · Amateur',
    );
    expect(categoryName({ sex: 'F', hand: 'LH', weight_class: '144+', division: 'pro' })).toBe(
      'Women · Left Hand · 144+ lbs · Pro',
    );
    expect(categoryName({ sex: 'M', hand: 'LH', weight_class: '243+', division: 'grand_masters' })).toBe(
      'Men · Left Hand · 243+ lbs · Grand Masters',
    );
  });

  test('six divisions, in order', () => {
    expect(DIVISIONS.map((d) => DIVISION_LABELS[d])).toEqual([
      'Pro',
      'Amateur',
      'Novice',
      'Masters',
      'Grand Masters',
      'Youth',
    ]);
  });
});

describe('checkWeighIn', () => {
  test('over the limit is refused with the weight as entered and the class as named', () => {
    expect(checkWeighIn('198', 201.5)).toBe('Over the limit: 201.5 lbs in 198 lbs.');
    expect(checkWeighIn('143', 143.2)).toBe('Over the limit: 143.2 lbs in 143 lbs.');
    expect(checkWeighIn('198', 198.04)).toBe('Over the limit: 198.04 lbs in 198 lbs.');
  });

  test('at or under the limit, and anything in an open class, is fine', () => {
    expect(checkWeighIn('198', 198)).toBeNull();
    expect(checkWeighIn('154', 120)).toBeNull();
    expect(checkWeighIn('243+', 400)).toBeNull();
    expect(checkWeighIn('144+', 260)).toBeNull();
  });

  test('every class of the leaderboards has a limit but the open ones', () => {
    expect([...MEN_CLASSES, ...WOMEN_CLASSES].map(classLimit)).toEqual([154, 176, 198, 220, 242, null, 143, null]);
    expect(() => classLimit('heavy')).toThrow(RangeError);
  });

  test('a weight must be a positive number', () => {
    expect(checkWeighIn('198', 0)).toBe('Enter the weight in lbs.');
    expect(checkWeighIn('198', Number.NaN)).toBe('Enter the weight in lbs.');
  });
});

describe('methods and places', () => {
  test('only pins and fouls were pulled (and are rated)', () => {
    expect(METHODS.filter(isPulled)).toEqual(['pin', 'fouls']);
  });

  test('places read as ordinals, shared ones as a range', () => {
    expect(placeLabel(1)).toBe('1st');
    expect(placeLabel(3, 3)).toBe('3rd');
    expect(placeLabel(5, 6)).toBe('5th–6th');
    expect(placeLabel(9, 12)).toBe('9th–12th');
    expect(placeLabel(33, 64)).toBe('33rd–64th');
  });
});
