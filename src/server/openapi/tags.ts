/**
 * The document's tags, each with what it groups. A route names one (RouteSpec.tag), so a tag the document does not
 * define cannot be used: the compiler refuses it.
 */
export const TAGS = {
  server: 'The server itself: its health, where to sign in, and this document.',
  rankings:
    'The leaderboards, an athlete, two athletes head to head, how well the win chance predicts, and the open-data downloads.',
  supermatches: 'The supermatch cards, and the pictures of the athletes on them.',
  events: 'The events, their pictures and livestreams.',
  clubs: 'The clubs, the club list and the club sheet.',
  tournaments:
    'Tournaments run at events: their categories, double-elimination brackets, results, placings and club standings.',
  account: 'The signed-in account: its role, its claim to a name on the leaderboards, its profile.',
  submissions:
    'The anonymous forms (a result, an event, a club, feedback), each sent with an Idempotency-Key so a retry is harmless.',
  admin:
    'Administration (admins and developers): role grants, the review queues, scheduled cards, the inbox, the tournaments’ head table.',
  association:
    'The association that runs this copy: its profile and icons (public), and for admins its changes, their log and undo.',
  dev: 'The developer tools (developers only): the database and the offline fallback file.',
} as const;

export type Tag = keyof typeof TAGS;
