/** The kinds of anonymous submission and where each is posted. Free of zod: the outbox uses it. */
export const SUBMISSION_KINDS = ['supermatch', 'feedback', 'event', 'club'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export const SUBMISSION_PATHS: Record<SubmissionKind, string> = {
  supermatch: '/api/v1/supermatch-submissions',
  feedback: '/api/v1/feedback',
  event: '/api/v1/event-submissions',
  club: '/api/v1/club-submissions',
};

/** The server's answer to an accepted submission (a type only: its schema is in answers/). */
