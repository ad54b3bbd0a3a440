import { describe, expect, it } from 'vitest';
import { clubsFrom, membersOf, parseClubSheet } from './clubs-api.ts';
import { testClub } from './test-club.ts';

describe('clubs api', () => {
  it('reads the club sheet: headers are clubs, names trimmed, blanks dropped, repeats once', () => {
    const csv = 'Iron Grip Club,Table Kings\n  Ana Silva ,Ben Cho\n,ben cho\nAna Silva,\n"Cara, Jr.",Dev Patel\n';
    expect(parseClubSheet(csv)).toEqual({
      'iron grip club': ['Ana Silva', 'Cara, Jr.'],
      'table kings': ['Ben Cho', 'Dev Patel'],
    });
  });

  it("shows the sheet's members when the sheet has the club, else the list's", () => {
    const club = testClub({ name: 'Iron Grip Club ', members: ['From Db'] });
    expect(membersOf(club, { 'iron grip club': ['From Sheet'] })).toEqual(['From Sheet']);
    expect(membersOf(club, undefined)).toEqual(['From Db']);
    expect(membersOf(club, { other: ['X'] })).toEqual(['From Db']);
  });

  it('keeps well-formed clubs only, in-state first then most members', () => {
    const list = [
      testClub({ id: 1, name: 'Small', members_count: 3 }),
      { id: 'x' },
      testClub({ id: 2, name: 'Away', members_count: 80, out_of_state: true }),
      testClub({ id: 3, name: 'Big', members_count: 40 }),
    ];
    expect(clubsFrom(list).map((c) => c.id)).toEqual([3, 1, 2]);
    expect(clubsFrom({ clubs: list }).map((c) => c.id)).toEqual([3, 1, 2]);
    expect(clubsFrom(null)).toEqual([]);
  });
});
