import type { Club } from '../../../shared/clubs.ts';

/** A club as /clubs.json answers it, for the unit tests; `over` changes any field. */
export function testClub(over: Partial<Club> = {}): Club {
  return {
    id: 1,
    name: 'Iron Grip Club',
    city: 'Eastport',
    region: 'North',
    leaders: ['Riley Okafor'],
    verified: true,
    image_url: null,
    training: ['Tue & Thu 6:30pm–9:00pm'],
    practice_end: '9:00pm',
    avg_practice_size: 12,
    desc: 'Beginners welcome.',
    members_count: 20,
    out_of_state: false,
    founded: 2012,
    facebook: 'https://facebook.com/irongrip',
    instagram: null,
    city_medal_rank: 1,
    medals_this_year: 159,
    supermatches_hosted: 13,
    supermatches_upcoming: 2,
    leader_footer: 'Leads practice on training nights',
    members_footer_prefix: 'Including ',
    members_footer_accent: '8 ranked',
    members_footer_tail: ' on the leaderboards',
    avg_practice_footer_accent: 'Until 9:00pm',
    avg_practice_footer_tail: ' on training nights',
    medals_footer_accent: '#1 in Eastport',
    medals_footer_tail: ' by medals this year',
    talent_metric: {
      label: 'Heavy talent',
      count: 4,
      footer_accent: 'State best',
      footer_tail: ' top-10 hand placings',
    },
    talent_counts: [
      { label: 'Light talent', count: 1 },
      { label: 'Middle talent', count: 2 },
      { label: 'Heavy talent', count: 4 },
      { label: 'Super talent', count: 0 },
    ],
    members: ['Riley Okafor', 'Ana Silva', 'Ben Cho', 'Cara Diaz', 'Dev Patel', 'Eli Moss', 'Fay Lund'],
    ...over,
  };
}
