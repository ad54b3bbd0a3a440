import { describe, expect, it } from 'vitest';
import { membersOf, parseClubSheet } from './club-sheet.ts';
import { testClub } from './club.test-kit.ts';

describe('club sheet', () => {
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
});
