import { describe, expect, it } from 'vitest';
import { convertWeight, KG_PER_LB, storedWeightIn, weightIn, weightLabel } from './weights.ts';

describe('a stored weight shown in a unit', () => {
  it('is converted once from the weight as entered and rounded to a tenth: 80 kg is 176.4 lbs', () => {
    expect(weightIn(80, 'kg', 'lbs')).toBe(176.4);
    expect(weightLabel(80, 'kg', 'lbs')).toBe('176.4 lbs');
    expect(weightIn(176.4, 'lbs', 'kg')).toBe(80);
    expect(weightIn(52.5, 'kg', 'lbs')).toBe(115.7);
    expect(convertWeight(1, 'lbs', 'kg')).toBe(KG_PER_LB);
    expect(convertWeight(80, 'kg', 'lbs')).toBe(80 / 0.45359237);
  });

  it('is the weight as entered, not rounded, in its own unit', () => {
    expect(weightIn(52.55, 'kg', 'kg')).toBe(52.55);
    expect(weightLabel(243.25, 'lbs', 'lbs')).toBe('243.25 lbs');
  });

  it('never drifts: shown in the other unit and back, it reads as entered', () => {
    for (let tenths = 400; tenths <= 2000; tenths++) {
      const kg = tenths / 10;
      // Each shown value comes from the stored one, so a switch there and back cannot add a rounding.
      expect(weightIn(kg, 'kg', 'kg')).toBe(kg);
      expect(Math.abs(weightIn(kg, 'kg', 'lbs') - kg / KG_PER_LB)).toBeLessThanOrEqual(0.05 + 1e-9);
    }
  });

  it('is null for a row without a weight', () => {
    expect(storedWeightIn({ weight: null, weight_unit: null }, 'kg')).toBeNull();
    expect(storedWeightIn({ weight: 80, weight_unit: 'kg' }, 'lbs')).toBe(176.4);
  });
});
