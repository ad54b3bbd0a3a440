import { describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../association.ts';
import { type CategoryWords, categoryName, checkWeighIn, classLimit, isPulled, METHODS, placeLabel } from './rules.ts';

const LBS: CategoryWords = { units: 'lbs', divisions: DEFAULT_SETTINGS.divisions };
const KG: CategoryWords = {
  units: 'kg',
  divisions: [
    { code: 'senior', label: 'Seniors', medals: 'tournament' },
    { code: 'para', label: 'Para', medals: 'amateur' },
  ],
};

describe('categoryName', () => {
  test('sex · hand · class · division, in the unit and with the labels given', () => {
    expect(categoryName({ sex: 'M', hand: 'RH', weight_class: '198', division: 'am' }, LBS)).toBe(
      'Men · Right Hand · 198 lbs · Amateur',
    );
    expect(categoryName({ sex: 'F', hand: 'LH', weight_class: '144+', division: 'pro' }, LBS)).toBe(
      'Women · Left Hand · 144+ lbs · Pro',
    );
    expect(categoryName({ sex: 'M', hand: 'LH', weight_class: '243+', division: 'grand_masters' }, LBS)).toBe(
      'Men · Left Hand · 243+ lbs · Grand Masters',
    );
    expect(categoryName({ sex: 'M', hand: 'RH', weight_class: '80', division: 'senior' }, KG)).toBe(
      'Men · Right Hand · 80 kg · Seniors',
    );
    expect(categoryName({ sex: 'F', hand: 'LH', weight_class: '52.5', division: 'para' }, KG)).toBe(
      'Women · Left Hand · 52.5 kg · Para',
    );
  });

  test('a division the association no longer lists reads as its code', () => {
    expect(categoryName({ sex: 'M', hand: 'RH', weight_class: '110+', division: 'youth' }, KG)).toBe(
      'Men · Right Hand · 110+ kg · youth',
    );
  });

  test("the defaults' six divisions, in order", () => {
    const codes = ['pro', 'am', 'novice', 'masters', 'grand_masters', 'youth'];
    expect(codes.map((d) => categoryName({ sex: 'M', hand: 'RH', weight_class: '154', division: d }, LBS))).toEqual(
      ['Pro', 'Amateur', 'Novice', 'Masters', 'Grand Masters', 'Youth'].map((l) => `Men · Right Hand · 154 lbs · ${l}`),
    );
  });
});

describe('checkWeighIn', () => {
  test('over the limit is refused with the weight as entered and the class as named', () => {
    expect(checkWeighIn('198', 201.5, 'lbs')).toBe('Over the limit: 201.5 lbs in 198 lbs.');
    expect(checkWeighIn('143', 143.2, 'lbs')).toBe('Over the limit: 143.2 lbs in 143 lbs.');
    expect(checkWeighIn('198', 198.04, 'lbs')).toBe('Over the limit: 198.04 lbs in 198 lbs.');
  });

  test('in kilograms, the message is in kilograms', () => {
    expect(checkWeighIn('80', 81.2, 'kg')).toBe('Over the limit: 81.2 kg in 80 kg.');
    expect(checkWeighIn('52.5', 52.6, 'kg')).toBe('Over the limit: 52.6 kg in 52.5 kg.');
    expect(checkWeighIn('80', 80, 'kg')).toBeNull();
    expect(checkWeighIn('52.5', 52.5, 'kg')).toBeNull();
    expect(checkWeighIn('110+', 140, 'kg')).toBeNull();
  });

  test('at or under the limit, and anything in an open class, is fine', () => {
    expect(checkWeighIn('198', 198, 'lbs')).toBeNull();
    expect(checkWeighIn('154', 120, 'lbs')).toBeNull();
    expect(checkWeighIn('243+', 400, 'lbs')).toBeNull();
    expect(checkWeighIn('144+', 260, 'lbs')).toBeNull();
  });

  test('every class of the leaderboards has a limit but the open ones', () => {
    expect([...DEFAULT_SETTINGS.classes.M, ...DEFAULT_SETTINGS.classes.F].map(classLimit)).toEqual([
      154,
      176,
      198,
      220,
      242,
      null,
      143,
      null,
    ]);
    expect(['55', '52.5', '110+'].map(classLimit)).toEqual([55, 52.5, null]);
    expect(() => classLimit('heavy')).toThrow(RangeError);
  });

  test('a weight must be a positive number, asked for in the unit', () => {
    expect(checkWeighIn('198', 0, 'lbs')).toBe('Enter the weight in lbs.');
    expect(checkWeighIn('198', Number.NaN, 'lbs')).toBe('Enter the weight in lbs.');
    expect(checkWeighIn('80', -1, 'kg')).toBe('Enter the weight in kg.');
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
