import { describe, expect, it } from 'vitest';
import { formatDay, handLabel, ordinal } from './labels.ts';

describe('labels', () => {
  it('Right Hand for RH, Left Hand otherwise', () => {
    expect(handLabel('RH')).toBe('Right Hand');
    expect(handLabel('LH')).toBe('Left Hand');
  });

  it('a plain date is the same calendar day in every time zone', () => {
    expect(formatDay('2025-01-01')).toBe('Jan 1, 2025');
    expect(formatDay('not a date')).toBe('not a date');
  });

  it('places read as ordinals, teens included', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });
});
