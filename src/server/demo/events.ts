import type { EventDraft } from '../../shared/events.ts';
import type { Db } from '../db/connection.ts';
import { createEvent, eventCount } from '../events/store.ts';

/**
 * The demo events (issue 6): upcoming and past events over the demo years,
 * placed relative to `today` so the page always has both. Deterministic for a
 * given day. Event 2 is the featured one the home screen's banner opens
 * (/events?id=2): upcoming, confirmed, several pictures, a livestream and
 * every section of the details filled in. Also one on the day itself (LIVE),
 * one pending, one on an estimated date and one draft.
 */

function addDays(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const base: Omit<EventDraft, 'name' | 'date'> = {
  estimated: false,
  schedule_start: null,
  location: null,
  venue: null,
  host_hotel: null,
  weigh_ins: [],
  men_classes: null,
  women_classes: null,
  masters_classes: null,
  kids_classes: null,
  notes: null,
  about: null,
  entry_fees: null,
  spectator: null,
  cash_prizes: null,
  awards: null,
  benefiting: null,
  contacts: [],
  link: null,
  youtube_url: null,
  facebook_url: null,
  image_url: null,
  image_position: 'center',
  status: 'confirmed',
  pending_details: false,
};

const MEN = '154, 176, 198, 220, 242, 243+';
const WOMEN = '143, 144+';

export function demoEvents(today: string): EventDraft[] {
  const at = (days: number) => addDays(today, days);
  return [
    {
      ...base,
      name: 'Frostbite Classic',
      date: at(12),
      schedule_start: '10:00 am',
      location: 'Granite Ridge',
      venue: 'Granite Ridge Community Center, 40 Quarry Road, Granite Ridge',
      weigh_ins: ['Friday 6:00 pm - 8:00 pm at the venue', 'Saturday 8:00 am - 9:30 am'],
      men_classes: MEN,
      women_classes: WOMEN,
      entry_fees: '$40 first hand, $20 second hand',
      spectator: '$5',
      images: ['/events/table.svg'],
      contacts: ['Dana Holt 555-201-4477'],
    },
    {
      ...base,
      name: 'State Armwrestling Championship',
      date: at(26),
      schedule_start: '11:00 am',
      location: 'Harbor City Convention Hall, Harbor City',
      venue: 'Harbor City Convention Hall, 200 Pier Avenue, Harbor City',
      host_hotel: 'Harborview Hotel, 18 Pier Avenue, Harbor City (ask for the armwrestling rate)',
      weigh_ins: ['Friday 5:00 pm - 9:00 pm at the Harborview Hotel', 'Saturday 8:00 am - 10:00 am at the hall'],
      men_classes: MEN,
      women_classes: WOMEN,
      masters_classes: '198, 243+ (40 and over)',
      kids_classes: 'Under 12, 12 - 15',
      notes: 'Pro and amateur divisions, left and right hand. Double elimination.',
      about:
        "The state's biggest day of pulling: every weight class, both hands, pro and amateur, with the year's titles " +
        'on the line. Athletes from every club in the state meet at the Harbor City Convention Hall for a full day ' +
        'of double-elimination brackets on competition tables, followed by the supermatch card in the evening. ' +
        'Spectators are welcome all day; the finals and the supermatches are streamed live.',
      entry_fees: '$50 first hand, $25 second hand, $10 per extra class',
      spectator: '$10, under 12 free',
      cash_prizes: '$2,000 in pro cash prizes',
      awards: 'Medals to 3rd place, title belts for pro class winners',
      benefiting: 'Harbor City Youth Athletics',
      contacts: ['Morgan Vance (organizer) 555-310-2288', 'Registration desk: (555) 310-2299'],
      link: 'https://example.org/state-championship',
      youtube_url: 'https://www.youtube.com/watch?v=AWdemoLive1',
      facebook_url: 'https://www.facebook.com/events/state-championship',
      images: ['/events/arena.svg', '/events/table.svg', '/events/trophy.svg'],
      image_position: 'top',
    },
    {
      ...base,
      name: 'Friday Night Pulls',
      date: today,
      schedule_start: '7:00 pm',
      location: 'Riverside',
      venue: 'Iron Grip Pullers gym, 9 Mill Street, Riverside',
      entry_fees: '$15',
      about: 'A relaxed evening of open pulling and a small bracket for beginners.',
      images: ['/events/crowd.svg'],
    },
    {
      ...base,
      name: 'Lakeview Arm Classic',
      date: at(75),
      location: 'Lakeview',
      status: 'pending',
      pending_details: true,
      about: 'Dates and venue are being confirmed with the city.',
    },
    {
      ...base,
      name: 'Pine Hollow Summer Slam',
      date: at(110),
      estimated: true,
      location: 'Pine Hollow',
      men_classes: MEN,
      women_classes: WOMEN,
      images: ['/events/crowd.svg', '/events/trophy.svg'],
    },
    {
      ...base,
      name: 'Westhaven Iron Cup',
      date: at(140),
      location: 'Westhaven',
      status: 'draft',
      notes: 'Draft: waiting for the venue contract.',
    },
    ...[
      ['Eastport Harvest Open', -33, 'Eastport'],
      ['Millbrook Fall Classic', -96, 'Millbrook'],
      ['Stonebridge Grip Cup', -161, 'Stonebridge'],
      ['Midsummer Metro Open', -228, 'Riverside'],
      ['Riverside Spring Open', -302, 'Riverside'],
      ['Metro Year-End Championship', -395, 'Riverside'],
      ['Harbor City Open', -520, 'Harbor City'],
      ['Granite Ridge Pull', -655, 'Granite Ridge'],
      ['Lakeview Summer Pull', -790, 'Lakeview'],
      ['Granite Ridge Winter Open', -1010, 'Granite Ridge'],
    ].map(([name, days, location], i): EventDraft => ({
      ...base,
      name: String(name),
      date: at(Number(days)),
      location: String(location),
      men_classes: MEN,
      women_classes: WOMEN,
      images: [['/events/table.svg'], ['/events/trophy.svg'], ['/events/crowd.svg'], ['/events/arena.svg']][i % 4]!,
    })),
  ];
}

/** Writes the demo events into a database that has none; ids follow the list, so the featured one is 2. */
export function seedDemoEvents(db: Db, today = new Date().toISOString().slice(0, 10)): number {
  if (eventCount(db) > 0) return 0;
  const events = demoEvents(today);
  db.transaction(() => events.forEach((e, i) => createEvent(db, e, { id: i + 1 })))();
  return events.length;
}
