import { clubSubmissionSchema } from '../../../shared/submissions.ts';
import { FOUNDED_MAX, FOUNDED_MIN } from '../../../shared/club-rules.ts';

/** The Add Club form's values as typed, and how they become the club submission. */
export type AddClubField =
  | 'name'
  | 'city'
  | 'region'
  | 'leaders'
  | 'training'
  | 'founded'
  | 'members_count'
  | 'avg_practice_size'
  | 'image_url'
  | 'website'
  | 'desc'
  | 'notes'
  | 'submitter';
export type AddClubValues = Record<AddClubField, string> & { out_of_state: boolean };

export const emptyClubValues = (submitter = ''): AddClubValues => ({
  name: '',
  city: '',
  region: '',
  leaders: '',
  training: '',
  founded: '',
  members_count: '',
  avg_practice_size: '',
  image_url: '',
  website: '',
  desc: '',
  notes: '',
  submitter,
  out_of_state: false,
});

/** Club name, city and region (trimmed) are needed before Submit is offered. */
export const isClubComplete = (v: AddClubValues) => !!(v.name.trim() && v.city.trim() && v.region.trim());

/** The submission schema (it holds the website or contact to an http(s) address, as the form asks). */
export const addClubSchema = clubSubmissionSchema;

export const ADD_CLUB_MESSAGES = {
  founded: `Enter a whole year from ${FOUNDED_MIN} to ${FOUNDED_MAX}.`,
  members_count: 'Enter a whole number, 0 or more.',
  avg_practice_size: 'Enter a whole number, 0 or more.',
} satisfies Partial<Record<AddClubField, string>>;

/** Blank numbers are left out (a blank would read as 0); a verified name replaces the typed one. */
export function parseAddClub(v: AddClubValues, verifiedName: string | null) {
  const num = (s: string) => (s.trim() === '' ? undefined : s.trim());
  return addClubSchema.safeParse({
    ...v,
    founded: num(v.founded),
    members_count: num(v.members_count),
    avg_practice_size: num(v.avg_practice_size),
    out_of_state: v.out_of_state || undefined,
    submitter: verifiedName ?? v.submitter,
  });
}

/** An entry brought back from the outbox ('Edit') as the form's values. */
export function valuesFromPayload(p: Record<string, unknown>, current: AddClubValues): AddClubValues {
  const str = (k: string) => (typeof p[k] === 'string' ? p[k] : typeof p[k] === 'number' ? String(p[k]) : '');
  return {
    ...emptyClubValues(current.submitter),
    name: str('name'),
    city: str('city'),
    region: str('region'),
    leaders: str('leaders'),
    training: str('training'),
    founded: str('founded'),
    members_count: str('members_count'),
    avg_practice_size: str('avg_practice_size'),
    image_url: str('image_url'),
    website: str('website'),
    desc: str('desc'),
    notes: str('notes'),
    submitter: str('submitter') === 'Anonymous' ? '' : str('submitter'),
    out_of_state: p.out_of_state === true,
  };
}
