import { describe, expect, it } from 'vitest';
import { clubsFrom } from './clubs-api.ts';
import { testClub } from './club.test-kit.ts';

describe('clubs api', () => {
  it('keeps well-formed clubs only, in-state first then most members', () => {
    const list = [
      testClub({ id: 1, name: 'Small', members_count: 3 }),
      { id: 'x' },
      { ...testClub({ id: 4 }), leaders: 'Riley Okafor' },
      { ...testClub({ id: 5 }), desc: { text: 'an object where text goes' } },
      { ...testClub({ id: 6 }), talent_metric: null },
      testClub({ id: 2, name: 'Away', members_count: 80, out_of_state: true }),
      testClub({ id: 3, name: 'Big', members_count: 40 }),
    ];
    expect(clubsFrom(list).map((c) => c.id)).toEqual([3, 1, 2]);
    expect(clubsFrom({ clubs: list }).map((c) => c.id)).toEqual([3, 1, 2]);
    expect(clubsFrom(null)).toEqual([]);
  });
});
