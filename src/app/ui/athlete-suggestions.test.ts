import { describe, expect, it } from 'vitest';
import { SUGGESTION_LIMIT, suggestAthletes, suggestionLabel, uniqueNames } from './athlete-suggestions.ts';

const names = (list: ReturnType<typeof suggestAthletes>) => list.map(suggestionLabel);

describe('uniqueNames', () => {
  it('drops case-insensitive duplicates, keeping the first spelling, and sorts alphabetically', () => {
    expect(uniqueNames(['zoe Park', 'Adam Hill', 'ZOE PARK', ' adam hill ', 'Mia Cruz', 'Zoe Park'])).toEqual([
      'Adam Hill',
      'Mia Cruz',
      'zoe Park',
    ]);
  });

  it('ignores blank names and folds inner whitespace', () => {
    expect(uniqueNames(['', '   ', 'Ana  Silva', 'ana silva'])).toEqual(['Ana Silva']);
  });

  it('sorts without regard to case', () => {
    expect(uniqueNames(['bob', 'Alice', 'carl', 'Bea'])).toEqual(['Alice', 'Bea', 'bob', 'carl']);
  });
});

describe('suggestAthletes', () => {
  const roster = ['Mark Stone', 'Anna Marks', 'Mary Fox', 'Jordan Reyes', 'Amar Patel', 'mark stone'];

  it('puts prefix matches first, then contains matches, each alphabetical, case-insensitively', () => {
    expect(names(suggestAthletes(roster, 'mar'))).toEqual([
      'Mark Stone',
      'Mary Fox',
      'Amar Patel',
      'Anna Marks',
      'Add "mar"',
    ]);
  });

  it('deduplicates the list before matching', () => {
    const out = suggestAthletes(roster, 'stone');
    expect(out.filter((s) => s.kind === 'name')).toEqual([{ kind: 'name', name: 'Mark Stone' }]);
  });

  it('shows at most 20 names', () => {
    const many = Array.from({ length: 45 }, (_, i) => `Athlete ${String(i).padStart(2, '0')}`);
    const shown = suggestAthletes(many, 'athlete').filter((s) => s.kind === 'name');
    expect(SUGGESTION_LIMIT).toBe(20);
    expect(shown).toHaveLength(20);
    expect(shown[0]).toEqual({ kind: 'name', name: 'Athlete 00' });
    expect(shown[19]).toEqual({ kind: 'name', name: 'Athlete 19' });
  });

  it('fills the 20 with prefix matches before any contains match', () => {
    const prefixed = Array.from({ length: 25 }, (_, i) => `Bo ${String(i).padStart(2, '0')}`);
    const out = suggestAthletes([...prefixed, 'Abo Last'], 'bo').filter((s) => s.kind === 'name');
    expect(out).toHaveLength(20);
    expect(out.every((s) => s.name.startsWith('Bo '))).toBe(true);
  });

  it('with nothing typed, offers the first 20 names alphabetically and no Add entry', () => {
    const many = Array.from({ length: 30 }, (_, i) => `Name ${String(29 - i).padStart(2, '0')}`);
    const out = suggestAthletes(many, '  ');
    expect(out).toHaveLength(20);
    expect(out[0]).toEqual({ kind: 'name', name: 'Name 00' });
    expect(out.some((s) => s.kind === 'add')).toBe(false);
  });

  it('offers a typed name that is not in the list as Add "{name}", last', () => {
    const out = suggestAthletes(roster, '  New  Person ');
    expect(out).toEqual([{ kind: 'add', name: 'New Person' }]);
    expect(suggestionLabel(out[0]!)).toBe('Add "New Person"');
  });

  it('offers no Add entry when the typed name is already known, in any case', () => {
    const out = suggestAthletes(roster, 'jordan reyes');
    expect(names(out)).toEqual(['Jordan Reyes']);
  });

  it('the Add entry comes after 20 names when there are that many matches', () => {
    const many = Array.from({ length: 25 }, (_, i) => `Cy ${String(i).padStart(2, '0')}`);
    const out = suggestAthletes(many, 'cy');
    expect(out).toHaveLength(21);
    expect(out[20]).toEqual({ kind: 'add', name: 'cy' });
  });

  it('offers nothing when locked', () => {
    expect(suggestAthletes(roster, 'mar', { locked: true })).toEqual([]);
    expect(suggestAthletes(roster, '', { locked: true })).toEqual([]);
    expect(suggestAthletes(roster, 'Someone New', { locked: true })).toEqual([]);
  });
});
