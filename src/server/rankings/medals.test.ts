import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/association.ts';
import { medalsOf, type PodiumRow, storedRail } from './medals.ts';

const row = (over: Partial<PodiumRow>): PodiumRow => ({
  athlete_id: 1,
  tournament: 'Spring Open',
  tournament_short: 'SO',
  date: '2025-03-08',
  place: 2,
  hand: 'LH',
  division: 'pro',
  bracket_division: 'pro',
  units: null,
  sex: 'M',
  category: 'Men · Left Hand · 198 lbs · Pro',
  weight_class: '198',
  ...over,
});

const KG = {
  units: 'kg' as const,
  divisions: [
    { code: 'senior', label: 'Seniors', medals: 'tournament' as const },
    { code: 'youth', label: 'Juniors', medals: 'amateur' as const },
  ],
};

describe('medals', () => {
  it("read in the association's unit with its labels, or in a published category's own unit", () => {
    expect(medalsOf(DEFAULT_SETTINGS).toMedal(row({})).display_text).toBe('2nd Left hand, Pro 198 lbs, Spring Open');
    const kg = medalsOf(KG);
    expect(kg.toMedal(row({ bracket_division: 'senior', weight_class: '80' })).display_text).toBe(
      '2nd Left hand, Seniors 80 kg, Spring Open',
    );
    expect(kg.bracketLabel('youth', '60')).toBe('Juniors 60 kg');
    // A category made in lbs before the association went metric keeps its unit.
    expect(kg.bracketLabel('senior', '198', 'lbs')).toBe('Seniors 198 lbs');
  });

  it("go on the rail their division's medals setting names; a division no longer listed keeps its stored rail", () => {
    const lbs = medalsOf(DEFAULT_SETTINGS);
    expect(lbs.isAmateur(row({ division: 'am', bracket_division: 'am' }))).toBe(true);
    expect(lbs.isAmateur(row({ division: 'pro', bracket_division: 'novice' }))).toBe(true);
    expect(lbs.isAmateur(row({ division: 'pro', bracket_division: 'masters' }))).toBe(false);
    const kg = medalsOf(KG);
    expect(kg.isAmateur(row({ division: 'am', bracket_division: 'youth' }))).toBe(true);
    expect(kg.isAmateur(row({ division: 'am', bracket_division: 'am' }))).toBe(true);
    expect(kg.isAmateur(row({ division: 'masters', bracket_division: 'masters' }))).toBe(false);
    expect(kg.toMedal(row({ bracket_division: 'masters' })).display_text).toBe(
      '2nd Left hand, masters 198 kg, Spring Open',
    );
    expect([storedRail(KG, 'senior'), storedRail(KG, 'youth'), storedRail(KG, 'gone')]).toEqual(['pro', 'am', 'pro']);
  });
});
