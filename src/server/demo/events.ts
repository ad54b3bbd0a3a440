import type { AssociationSettings } from '../../shared/association.ts';
import type { EventDraft } from '../../shared/events.ts';
import type { Sex } from '../../shared/weight-classes.ts';
import type { Db } from '../db/connection.ts';
import { createEvent, eventCount } from '../events/store.ts';
import { DEMO_PROFILES, type DemoAssociation } from './profiles.ts';

/**
 * The demo events (issue 6): upcoming and past events over the demo years,
 * placed relative to `today` so the page always has both. Deterministic for a
 * given day. Event 2 is the featured one the home screen's banner opens
 * (/events?id=2): upcoming, confirmed, several pictures, a livestream and
 * every section of the details filled in. Also one on the day itself (LIVE),
 * one pending, one on an estimated date and one draft. Their words are the
 * demo association's (catalogue.ts), their classes its profile's.
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

/** When the past events were, in days from today, latest first. */
const PAST_DAYS = [-33, -96, -161, -228, -302, -395, -520, -655, -790, -1010];

/** A sex's classes as an event lists them: '154, 176, 198, 220, 242, 243+'. */
const classList = (settings: AssociationSettings, sex: Sex) => settings.classes[sex].join(', ');

export function demoEvents(today: string, association: DemoAssociation = 'lbs'): EventDraft[] {
  const demo = DEMO_PROFILES[association];
  const at = (days: number) => addDays(today, days);
  const { next, featured, tonight, pending, estimated, draft, past } = demo.catalogue.events;
  const classes = { men_classes: classList(demo.settings, 'M'), women_classes: classList(demo.settings, 'F') };
  return [
    { ...base, ...next, ...classes, date: at(12), images: ['/events/table.svg'] },
    {
      ...base,
      ...featured,
      ...classes,
      date: at(26),
      images: ['/events/arena.svg', '/events/table.svg', '/events/trophy.svg'],
      image_position: 'top',
    },
    { ...base, ...tonight, date: today, images: ['/events/crowd.svg'] },
    { ...base, ...pending, date: at(75), status: 'pending', pending_details: true },
    {
      ...base,
      ...estimated,
      ...classes,
      date: at(110),
      estimated: true,
      images: ['/events/crowd.svg', '/events/trophy.svg'],
    },
    { ...base, ...draft, date: at(140), status: 'draft' },
    ...past.map(([name, location], i): EventDraft => ({
      ...base,
      name,
      date: at(PAST_DAYS[i]!),
      location,
      ...classes,
      images: [['/events/table.svg'], ['/events/trophy.svg'], ['/events/crowd.svg'], ['/events/arena.svg']][i % 4]!,
    })),
  ];
}

/** Writes the demo events into a database that has none; ids follow the list, so the featured one is 2. */
export function seedDemoEvents(
  db: Db,
  today = new Date().toISOString().slice(0, 10),
  association: DemoAssociation = 'lbs',
): number {
  if (eventCount(db) > 0) return 0;
  const events = demoEvents(today, association);
  db.transaction(() => events.forEach((e, i) => createEvent(db, e, { id: i + 1 })))();
  return events.length;
}
