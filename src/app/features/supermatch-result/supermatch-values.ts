import { ANONYMOUS, supermatchSubmissionSchema, type SupermatchSubmissionInput } from '../../../shared/submissions.ts';

/**
 * The supermatch form's values as the inputs hold them (strings, '' for
 * nothing chosen) and the step to the shared schema's input. The rules are the
 * schema's (src/shared/submissions.ts); this file only maps field names and
 * words the messages zod would otherwise phrase for programmers.
 */
export interface SupermatchValues {
  a: string;
  b: string;
  hand: '' | 'RH' | 'LH';
  winner: '' | 'A' | 'B';
  score: string;
  best_of: string;
  weight_a: string;
  weight_b: string;
  date: string;
  location: string;
  head_ref: string;
  down_ref: string;
  notes: string;
  submitter: string;
}
export type SupermatchField = keyof SupermatchValues;

/** Form order: the first field with an error gets focus. */
export const FIELD_ORDER: SupermatchField[] = [
  'a',
  'b',
  'hand',
  'winner',
  'score',
  'best_of',
  'weight_a',
  'weight_b',
  'date',
  'location',
  'head_ref',
  'down_ref',
  'notes',
  'submitter',
];

export const REQUIRED_LABELS: Partial<Record<SupermatchField, string>> = {
  a: 'Competitor A',
  b: 'Competitor B',
  hand: 'Hand',
  winner: 'Winner',
  date: 'Date',
};

/** The schema's messages for these fields are worded for programmers: the form says these instead. */
export const OWN_MESSAGES: Partial<Record<SupermatchField, string>> = {
  hand: 'Choose the hand.',
  winner: 'Choose the winner.',
  best_of: 'Choose how many pins the match was best of.',
};

export const BEST_OF_OPTIONS = ['1', '3', '5', '7', '9', '11', '13', '15'] as const;

export function initialValues(submitter: string, today: string): SupermatchValues {
  return {
    a: '',
    b: '',
    hand: '',
    winner: '',
    score: '',
    best_of: '',
    weight_a: '',
    weight_b: '',
    date: today,
    location: '',
    head_ref: '',
    down_ref: '',
    notes: '',
    submitter,
  };
}

/** A kept submission back into the form's strings ('Edit' of a refused entry). */
export function valuesFromPayload(p: Record<string, unknown>, today: string): SupermatchValues {
  const str = (k: string) => (typeof p[k] === 'string' || typeof p[k] === 'number' ? String(p[k]) : '');
  const pick = <T extends string>(k: string, allowed: readonly T[]): T | '' =>
    (allowed as readonly string[]).includes(str(k)) ? (str(k) as T) : '';
  const submitter = str('submitter');
  return {
    ...initialValues(submitter === ANONYMOUS ? '' : submitter, today),
    a: str('a'),
    b: str('b'),
    hand: pick('hand', ['RH', 'LH'] as const),
    winner: pick('winner', ['A', 'B'] as const),
    score: str('score'),
    best_of: str('best_of'),
    weight_a: str('weight_a'),
    weight_b: str('weight_b'),
    date: str('date') || today,
    location: str('location'),
    head_ref: str('head_ref'),
    down_ref: str('down_ref'),
    notes: str('notes'),
  };
}

/** What the schema parses: blanks as absent, the locked name in place of what was typed. */
export function toSubmissionInput(v: SupermatchValues, lockedSubmitter: string | null): SupermatchSubmissionInput {
  const opt = (s: string) => (s.trim() ? s : undefined);
  return {
    a: v.a,
    b: v.b,
    hand: (v.hand || undefined) as SupermatchSubmissionInput['hand'],
    winner: (v.winner || undefined) as SupermatchSubmissionInput['winner'],
    score: opt(v.score),
    best_of: opt(v.best_of),
    weight_a: opt(v.weight_a),
    weight_b: opt(v.weight_b),
    date: v.date,
    location: opt(v.location),
    head_ref: opt(v.head_ref),
    down_ref: opt(v.down_ref),
    notes: opt(v.notes),
    submitter: lockedSubmitter ?? opt(v.submitter),
    source: 'web',
  };
}

/** The shared schema's verdict on the form (its field messages via OWN_MESSAGES). */
export function parseSupermatch(v: SupermatchValues, lockedSubmitter: string | null, today?: () => string) {
  return supermatchSubmissionSchema(today ? { today } : {}).safeParse(toSubmissionInput(v, lockedSubmitter));
}

/** The required fields still empty, for the hint beside a disabled Submit. */
export function missingRequired(v: SupermatchValues): string[] {
  return (Object.keys(REQUIRED_LABELS) as SupermatchField[])
    .filter((f) => !v[f].trim())
    .map((f) => REQUIRED_LABELS[f]!);
}
