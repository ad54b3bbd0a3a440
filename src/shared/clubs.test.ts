import { describe, expect, it } from 'vitest';
import { compareClubs, readClubSheet, CLUB_NUMBER_MESSAGE, CLUB_TEXT_MESSAGE, CLUB_URL_MESSAGE } from './club-rules.ts';
import { clubEditSchema } from './clubs.ts';

describe('readClubSheet', () => {
  it('reads headers as clubs, trims names, drops blanks and repeats', () => {
    const cols = readClubSheet([
      [' Iron Grip ', 'Pull House', ''],
      ['  Ann Lee ', 'Bo Diaz', 'stray'],
      ['', 'bo diaz', ''],
      ['Cy Moe', '', ''],
      ['ann lee'],
    ]);
    expect(cols).toEqual([
      { club: 'Iron Grip', members: ['Ann Lee', 'Cy Moe'] },
      { club: 'Pull House', members: ['Bo Diaz'] },
    ]);
  });
  it('merges a club headed twice', () => {
    expect(
      readClubSheet([
        ['A', 'a'],
        ['x', 'y'],
        ['', 'X'],
      ]),
    ).toEqual([{ club: 'A', members: ['x', 'y'] }]);
  });
});

describe('clubEditSchema', () => {
  it('gives the edit hints', () => {
    const r = clubEditSchema.safeParse({ avg_practice_size: '', facebook: 'ftp://x', city: '  ' });
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      avg_practice_size: CLUB_NUMBER_MESSAGE,
      facebook: CLUB_URL_MESSAGE,
      city: CLUB_TEXT_MESSAGE,
    });
    expect(clubEditSchema.safeParse({ members_count: -1 }).error?.issues[0]?.message).toBe(CLUB_NUMBER_MESSAGE);
  });
  it('takes typed numbers, clears blank urls, drops blank training lines', () => {
    expect(clubEditSchema.parse({ members_count: '14', instagram: '', training: ['Tue 6pm', ' ', ''] })).toEqual({
      members_count: 14,
      instagram: null,
      training: ['Tue 6pm'],
    });
  });
  it('refuses unknown fields and an empty edit', () => {
    expect(clubEditSchema.safeParse({ name: 'x' }).success).toBe(false);
    expect(clubEditSchema.safeParse({}).success).toBe(false);
  });
});

it('sorts in-state first, then members count descending', () => {
  const clubs = [
    { name: 'B', out_of_state: true, members_count: 90 },
    { name: 'C', out_of_state: false, members_count: 5 },
    { name: 'A', out_of_state: false, members_count: 30 },
  ];
  expect(clubs.sort(compareClubs).map((c) => c.name)).toEqual(['A', 'C', 'B']);
});
