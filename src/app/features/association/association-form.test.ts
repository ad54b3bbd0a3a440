import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSOCIATION, DEFAULT_SETTINGS } from '../../../shared/association.ts';
import {
  changedFields,
  check,
  errorsFor,
  movesAthletes,
  parseList,
  settingsFrom,
  valuesOf,
} from './association-form.ts';

describe('the association form', () => {
  it('shows the profile in its inputs and reads it back the same', () => {
    const v = valuesOf(DEFAULT_SETTINGS);
    expect(v.classes_M).toBe('154, 176, 198, 220, 242, 243+');
    expect(v.team_points).toBe('25, 17, 9, 5, 3, 2');
    expect(v.divisions[3]).toEqual({ code: 'masters', label: 'Masters', medals: 'tournament', M: '', F: '' });
    expect(settingsFrom(v)).toEqual(DEFAULT_SETTINGS);
    expect(check(v)).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it('takes a list typed with commas, spaces or both', () => {
    expect(parseList(' 55,60 65 ,, 110+ ')).toEqual(['55', '60', '65', '110+']);
  });

  it("keeps a division's own classes, and names each bad value beside its own input", () => {
    const v = valuesOf(DEFAULT_SETTINGS);
    v.divisions[3] = { ...v.divisions[3]!, M: '70, 80, 90, 100, 100+' };
    expect((settingsFrom(v) as typeof DEFAULT_SETTINGS).classes.by_division).toEqual({
      masters: { M: ['70', '80', '90', '100', '100+'] },
    });
    v.classes_M = '60, 55, 70+';
    v.short_name = 'Far too long a name';
    v.theme_color = 'red';
    v.divisions[1] = { ...v.divisions[1]!, code: 'pro' };
    const checked = check(v);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      classes_M: 'Classes go from the lightest to the heaviest, each heavier than the last.',
      short_name: 'At most 12 characters.',
      theme_color: 'Give the colour as #rrggbb.',
      'divisions.1.code': 'The code pro is used twice.',
    });
  });

  it("puts the server's errors beside the same inputs", () => {
    const v = valuesOf(DEFAULT_SETTINGS);
    expect(
      errorsFor(
        {
          'classes.F': ["The last class is open-ended: end it with '+', e.g. 110+."],
          'classes.by_division.masters.M': ['Give at least two classes.'],
          'talent_categories.2.classes.M': ['Not a class of the profile: 999.'],
          units: ['Units are lbs or kg.'],
        },
        v,
      ),
    ).toEqual({
      classes_F: "The last class is open-ended: end it with '+', e.g. 110+.",
      'divisions.3.M': 'Give at least two classes.',
      'talent.2.M': 'Not a class of the profile: 999.',
      units: 'Units are lbs or kg.',
    });
  });

  it('sends only what changed, and asks first when athletes may move class', () => {
    const kg = { ...DEFAULT_SETTINGS, name: 'Baltic Federation', units: 'kg' as const };
    expect(changedFields(DEFAULT_SETTINGS, kg)).toEqual({ name: 'Baltic Federation', units: 'kg' });
    expect(movesAthletes(DEFAULT_ASSOCIATION, kg)).toBe(true);
    expect(movesAthletes(DEFAULT_ASSOCIATION, { ...DEFAULT_SETTINGS, name: 'X' })).toBe(false);
  });
});
