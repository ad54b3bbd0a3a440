import type { OutboxKind } from './outbox/kinds.ts';

/** The kinds of anonymous submission and where each is posted. Free of zod: the outbox uses it. */
export const SUBMISSION_KINDS = ['supermatch', 'feedback', 'event', 'club'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export const SUBMISSION_PATHS: Record<SubmissionKind, string> = {
  supermatch: '/api/v1/supermatch-submissions',
  feedback: '/api/v1/feedback',
  event: '/api/v1/event-submissions',
  club: '/api/v1/club-submissions',
};

/** What each kind's form says when the server has it; also said when a queued one is delivered later. */
export const SUBMITTED_TEXT: Record<SubmissionKind, string> = {
  supermatch: 'Supermatch submitted successfully!',
  feedback: "Success! I've received your feedback and I might read it one day.",
  event: 'Event submitted successfully!',
  club: 'Club submitted successfully!',
};

const text = (p: Record<string, unknown>, key: string) => (typeof p[key] === 'string' ? p[key] : '');

/**
 * The submissions as the outbox carries them (shared/outbox/kinds.ts): each posted to its own path, in any order,
 * the server's receipt kept as the entry's answer. A refused supermatch result or feedback opens again in its form
 * (Edit); an event or club is sent again from the list.
 */
export const SUBMISSION_OUTBOX_KINDS: Record<SubmissionKind, OutboxKind> = {
  supermatch: {
    path: () => SUBMISSION_PATHS.supermatch,
    label: 'Supermatch result',
    delivered: SUBMITTED_TEXT.supermatch,
    summary: (p) => `${text(p, 'a')} vs ${text(p, 'b')}`,
    editable: true,
  },
  feedback: {
    path: () => SUBMISSION_PATHS.feedback,
    label: 'Feedback',
    delivered: SUBMITTED_TEXT.feedback,
    summary: (p) => text(p, 'text').slice(0, 80),
    editable: true,
  },
  event: {
    path: () => SUBMISSION_PATHS.event,
    label: 'Event',
    delivered: SUBMITTED_TEXT.event,
    summary: (p) => text(p, 'name'),
  },
  club: {
    path: () => SUBMISSION_PATHS.club,
    label: 'Club',
    delivered: SUBMITTED_TEXT.club,
    summary: (p) => text(p, 'name'),
  },
};
