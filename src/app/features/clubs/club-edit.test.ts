// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { CLUB_NUMBER_MESSAGE, CLUB_TEXT_MESSAGE, CLUB_URL_MESSAGE } from '../../../shared/club-rules.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { changedInput, checkDraft, draftOf } from './club-edit.ts';
import { applyEdit, clearLocalEdit, leadsClub, readLocalEdits, saveLocalEdit, withLocalEdits } from './local-edits.ts';
import { testClub } from './club.test-kit.ts';

const club = testClub();

describe('club edit draft', () => {
  it('starts from the club and sends only what changed', () => {
    const draft = draftOf(club);
    expect(draft.training).toBe('Tue & Thu 6:30pm–9:00pm');
    expect(draft.instagram).toBe('');
    expect(checkDraft(draft, club)).toEqual({ changed: false });
    const next = { ...draft, city: ' Westport ', training: 'Mon 6pm\n\n  Sat 10am ', out_of_state: true };
    expect(changedInput(next, club)).toEqual({
      city: ' Westport ',
      training: ['Mon 6pm', '', '  Sat 10am '],
      out_of_state: true,
    });
    expect(checkDraft(next, club)).toEqual({
      changed: true,
      edit: { city: 'Westport', training: ['Mon 6pm', 'Sat 10am'], out_of_state: true },
      errors: {},
    });
  });

  it('hints: numbers non-empty and 0 or more, http(s) addresses, text non-empty', () => {
    const draft = draftOf(club);
    const errorsOf = (over: Partial<typeof draft>) => {
      const r = checkDraft({ ...draft, ...over }, club);
      return r.changed ? r.errors : {};
    };
    expect(errorsOf({ members_count: '' })).toEqual({ members_count: CLUB_NUMBER_MESSAGE });
    expect(errorsOf({ avg_practice_size: '-1' })).toEqual({ avg_practice_size: CLUB_NUMBER_MESSAGE });
    expect(errorsOf({ medals_this_year: '2.5' })).toEqual({ medals_this_year: CLUB_NUMBER_MESSAGE });
    expect(errorsOf({ supermatches_hosted: 'ten' })).toEqual({ supermatches_hosted: CLUB_NUMBER_MESSAGE });
    expect(errorsOf({ facebook: 'facebook.com/x' })).toEqual({ facebook: CLUB_URL_MESSAGE });
    expect(errorsOf({ image_url: 'ftp://x.test/a.png' })).toEqual({ image_url: CLUB_URL_MESSAGE });
    expect(errorsOf({ city: '   ' })).toEqual({ city: CLUB_TEXT_MESSAGE });
    expect(errorsOf({ desc: '' })).toEqual({ desc: CLUB_TEXT_MESSAGE });
    // 0 is a number; a blank address clears the link.
    expect(errorsOf({ members_count: '0', facebook: '' })).toEqual({});
    const cleared = checkDraft({ ...draft, facebook: '' }, club);
    expect(cleared.changed && cleared.edit).toEqual({ facebook: null });
  });

  it('applies a change to a club', () => {
    expect(applyEdit(club, { city: 'Westport', members_count: 3 })).toMatchObject({
      city: 'Westport',
      members_count: 3,
      region: 'North',
    });
  });

  it('knows a club leader by verified name, ignoring case', () => {
    expect(leadsClub(club, 'riley okafor ')).toBe(true);
    expect(leadsClub(club, 'Someone Else')).toBe(false);
    expect(leadsClub(club, null)).toBe(false);
  });
});

describe('local edits (this device only)', () => {
  beforeEach(() => localStorage.clear());

  it('are kept in localStorage by club id, merged, laid over the list and sorted again', () => {
    saveLocalEdit(2, { members_count: 99 });
    saveLocalEdit(2, { city: 'Westport' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.clubEdits)!)).toEqual({
      2: { members_count: 99, city: 'Westport' },
    });
    const list = [testClub({ id: 1, name: 'A', members_count: 50 }), testClub({ id: 2, name: 'B', members_count: 5 })];
    const edited = withLocalEdits(list, { 2: { members_count: 99 } });
    expect(edited.map((c) => [c.id, c.members_count])).toEqual([
      [2, 99],
      [1, 50],
    ]);
    clearLocalEdit(2);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.clubEdits)!)).toEqual({});
  });

  it('read back, keep only the editable fields that hold their kind of value', () => {
    localStorage.setItem(
      STORAGE_KEYS.clubEdits,
      JSON.stringify({
        2: { city: 'Westport', members_count: 'many', training: ['Mon 6pm'], name: 'Renamed', founded: null },
        3: { out_of_state: 'yes' },
        4: 'not an edit',
      }),
    );
    expect(readLocalEdits()).toEqual({ 2: { city: 'Westport', training: ['Mon 6pm'], founded: null } });
    localStorage.setItem(STORAGE_KEYS.clubEdits, '[1,2]');
    expect(readLocalEdits()).toEqual({});
  });
});
