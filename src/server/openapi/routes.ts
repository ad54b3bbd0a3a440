import { z } from 'zod';
import {
  clubCreateSchema,
  clubEditResponseSchema,
  clubEditSchema,
  clubIdParamsSchema,
  clubListSchema,
} from '../../shared/clubs.ts';
import {
  analyticsEventSchema,
  analyticsSummaryQuerySchema,
  analyticsSummarySchema,
  eventDraftSchema,
  eventIdParamsSchema,
  eventImageParamsSchema,
  eventListSchema,
  eventSchema,
  imageOrderSchema,
} from '../../shared/events.ts';
import { leaderboardExportQuerySchema } from '../../shared/exports.ts';
import { headToHeadQuerySchema } from '../../shared/head-to-head.ts';
import { inboxHandledSchema, inboxParamsSchema, inboxQuerySchema } from '../../shared/inbox.ts';
import {
  claimDecisionSchema,
  claimIdParamsSchema,
  claimListQuerySchema,
  meProfileSchema,
  nameStatusSchema,
  nameSubmissionRequestSchema,
} from '../../shared/name-claims.ts';
import {
  athleteDetailsSchema,
  athleteQuerySchema,
  leaderboardQuerySchema,
  leaderboardSchema,
} from '../../shared/rankings.ts';
import { roleGrantSchema } from '../../shared/role-grants.ts';
import { ROLES, type Role } from '../../shared/roles.ts';
import { SUBMISSION_PATHS } from '../../shared/submission-kinds.ts';
import {
  reviewIdParamsSchema,
  reviewListQuerySchema,
  supermatchDecisionSchema,
} from '../../shared/supermatch-review.ts';
import {
  athleteImagesQuerySchema,
  cardIdParamsSchema,
  cardResultSchema,
  clearResultQuerySchema,
  cropsBodySchema,
  scheduledCardSchema,
  supermatchListQuerySchema,
  uploadFieldsSchema,
} from '../../shared/supermatches.ts';
import { SUBMISSION_TYPES } from '../submissions/store.ts';

/**
 * Every route the server answers, described once: the published API document
 * (/api/v1/openapi.json), the access matrix test and the fuzz test are all made
 * from this list. The input schemas are the very objects the routes validate
 * with, so the document says what the server checks. A route mounted on the
 * app without an entry here fails the completeness test.
 */

export type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Who may call a route: `public` (no token looked at), `optional` (a valid
 * token is used when present, an invalid one is ignored, never a 401), or the
 * roles that may call it (no or a bad token: 401; another role: 403).
 */
export type Access = 'public' | 'optional' | readonly Role[];

export interface Answer {
  description: string;
  /** The answer's JSON schema, when the shared code has one; else an object described in words. */
  schema?: z.ZodType;
  /** A content type other than JSON (a CSV, a download, a picture). */
  contentType?: string;
}

export interface ApiRoute {
  method: Method;
  /** OpenAPI form: /api/v1/events/{id}. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /** When a role's access depends on more than the role (a club's own leader). */
  accessNote?: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  /** A query that passes `query`, for the fuzz test's starting point. */
  queryExample?: Record<string, string>;
  /** A JSON body and one body that passes it (the fuzz test mutates it one field at a time). */
  json?: { schema: z.ZodType; example: Record<string, unknown> };
  /** A multipart/form-data body: a file in the field `file`, and these other fields. */
  multipart?: { fields?: z.ZodObject; fileNote: string };
  answers: Record<number, Answer>;
  /** Error statuses this route can answer besides those every route of its kind has (see document.ts). */
  errors?: number[];
  /** Carries a strong ETag and answers 304 to If-None-Match. */
  etag?: boolean;
  /** Needs an Idempotency-Key header; a repeat gets the first answer. */
  idempotent?: boolean;
  /** Limited per client IP (429 with Retry-After). */
  rateLimited?: boolean;
}

const ADMIN: readonly Role[] = ['admin', 'dev'];
const DEV: readonly Role[] = ['dev'];
const SIGNED_IN: readonly Role[] = ROLES;

const obj = (description: string): Answer => ({ description });
const uploadFolderParams = z.object({ folder: z.enum(['events', 'athletes']), name: z.string() });

const submissionExamples: Record<string, Record<string, unknown>> = {
  supermatch: { a: 'Alex Doe', b: 'Sam Roe', hand: 'RH', winner: 'A', score: '3-1', date: '2024-05-04' },
  feedback: { text: 'The leaderboard loads fast.', name: 'Pat' },
  event: { name: 'Spring Pull', location: 'Boise, ID', date: '2024-04-01', link: 'https://example.org/spring' },
  club: { name: 'Valley Arms', city: 'Boise', region: 'Idaho', founded: 2015 },
};

const submissionRoutes: ApiRoute[] = SUBMISSION_TYPES.map((type) => ({
  method: 'post',
  path: SUBMISSION_PATHS[type.kind],
  summary: `Submit a ${type.kind === 'feedback' ? 'feedback message' : `${type.kind} for review`} (anonymous; a valid token records who sent it)`,
  tag: 'submissions',
  access: 'optional',
  json: { schema: type.schema, example: submissionExamples[type.kind]! },
  answers: { 201: obj('The receipt: id, kind, status (pending or received), created_at.') },
  idempotent: true,
  rateLimited: true,
}));

export const API_ROUTES: readonly ApiRoute[] = [
  // The server and the document itself.
  {
    method: 'get',
    path: '/api/v1/health',
    summary: 'The server is up; its database schema version',
    tag: 'server',
    access: 'public',
    answers: {
      200: { description: 'Up.', schema: z.object({ status: z.literal('ok'), schema_version: z.number().int() }) },
    },
  },
  {
    method: 'get',
    path: '/api/v1/auth-config',
    summary: 'Where to sign in: the identity provider, client id and audience the app uses',
    tag: 'server',
    access: 'public',
    answers: { 200: obj('authority, client_id, audience, embedded.') },
  },
  {
    method: 'get',
    path: '/api/v1/openapi.json',
    summary: 'This document (OpenAPI 3.1)',
    tag: 'server',
    access: 'public',
    answers: { 200: obj('The OpenAPI document.') },
    etag: true,
  },

  // Rankings and athletes.
  {
    method: 'get',
    path: '/api/v1/leaderboard',
    summary: "One sex's standings, both hands (t is a cache-buster, ignored)",
    tag: 'rankings',
    access: 'public',
    query: leaderboardQuerySchema,
    queryExample: { sex: 'M' },
    answers: { 200: { description: 'The standings.', schema: leaderboardSchema } },
    etag: true,
  },
  {
    method: 'get',
    path: '/api/v1/athletes',
    summary: "One athlete's details and rated results",
    tag: 'rankings',
    access: 'public',
    query: athleteQuerySchema,
    queryExample: { name: 'Alex Doe' },
    answers: { 200: { description: 'The athlete.', schema: athleteDetailsSchema } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/known-names',
    summary: "Every athlete's name, for name autocomplete",
    tag: 'rankings',
    access: 'public',
    answers: { 200: obj('{ names: string[] }.') },
    etag: true,
  },
  {
    method: 'get',
    path: '/api/v1/export/leaderboard.csv',
    summary: 'One leaderboard (a sex, a hand) as a CSV sheet, the skill as a number (open data)',
    tag: 'rankings',
    access: 'public',
    query: leaderboardExportQuerySchema,
    queryExample: { sex: 'F', hand: 'LH' },
    answers: { 200: { description: 'The board.', contentType: 'text/csv' } },
    etag: true,
  },
  {
    method: 'get',
    path: '/api/v1/export/results.csv',
    summary: 'Every rated result in the import format (open data; imports back into an empty database)',
    tag: 'rankings',
    access: 'public',
    answers: { 200: { description: 'The results.', contentType: 'text/csv' } },
    etag: true,
  },
  {
    method: 'get',
    path: '/api/v1/head-to-head',
    summary: 'Two athletes on one hand: their meetings and the win chance',
    tag: 'rankings',
    access: 'public',
    query: headToHeadQuerySchema,
    queryExample: { a: 'Alex Doe', b: 'Sam Roe', hand: 'RH' },
    answers: { 200: obj('The head-to-head.') },
    etag: true,
  },

  // Supermatches and athlete pictures.
  {
    method: 'get',
    path: '/api/v1/supermatches',
    summary: 'Every public supermatch card, upcoming and past',
    tag: 'supermatches',
    access: 'public',
    query: supermatchListQuerySchema,
    queryExample: {},
    answers: { 200: obj('{ cards: SupermatchCard[] }.') },
    etag: true,
  },
  {
    method: 'get',
    path: '/api/v1/athlete-images/public',
    summary: 'A headshot per athlete name (names: comma-separated)',
    tag: 'supermatches',
    access: 'public',
    query: athleteImagesQuerySchema,
    queryExample: { names: 'Alex Doe,Sam Roe' },
    answers: { 200: obj('{ athlete_image_configs: { [name]: { headshot_url } } }.') },
    etag: true,
  },
  {
    method: 'get',
    path: '/api/v1/athlete-images',
    summary: "The athletes' full picture settings",
    tag: 'supermatches',
    access: ADMIN,
    query: athleteImagesQuerySchema,
    queryExample: { names: 'Alex Doe' },
    answers: { 200: obj('{ athlete_image_configs: { [name]: AthleteImageConfig } }.') },
  },
  {
    method: 'post',
    path: '/api/v1/athlete-images/upload',
    summary: "Store a picture as an athlete's left or right picture",
    tag: 'supermatches',
    access: ADMIN,
    multipart: { fields: uploadFieldsSchema, fileNote: 'A JPEG, PNG or WebP picture of at most 1 MB.' },
    answers: { 201: obj('{ url, athlete_image_configs }.') },
    errors: [413, 415],
  },
  {
    method: 'post',
    path: '/api/v1/athlete-images/crops',
    summary: "Set one side's crop of an athlete's picture",
    tag: 'supermatches',
    access: ADMIN,
    json: {
      schema: cropsBodySchema,
      example: { name: 'Alex Doe', left_crop: { scale: 1, object_position: { x: 50, y: 40 } } },
    },
    answers: { 200: obj('{ athlete_image_configs }.') },
  },

  // Events.
  {
    method: 'get',
    path: '/api/v1/events',
    summary: 'Every event (drafts too for admins and developers)',
    tag: 'events',
    access: 'optional',
    answers: { 200: { description: 'The events.', schema: eventListSchema } },
    etag: true,
  },
  {
    method: 'get',
    path: '/api/v1/events/{id}/live',
    summary: "An event's livestream details (polled until the stream starts)",
    tag: 'events',
    access: 'optional',
    params: eventIdParamsSchema,
    answers: { 200: obj('The livestream details.') },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/v1/events/analytics',
    summary: "The livestream popup's open and close beacons (anonymous)",
    tag: 'events',
    access: 'public',
    json: { schema: analyticsEventSchema, example: { action: 'open', event_id: 1, session_id: 's-1' } },
    answers: { 204: obj('Recorded.') },
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/api/v1/events',
    summary: 'Create an event',
    tag: 'events',
    access: ADMIN,
    json: { schema: eventDraftSchema, example: { name: 'Spring Pull', date: '2024-04-01', location: 'Boise, ID' } },
    answers: { 201: { description: 'The event.', schema: eventSchema } },
  },
  {
    method: 'put',
    path: '/api/v1/events/{id}',
    summary: 'Replace an event with a full draft',
    tag: 'events',
    access: ADMIN,
    params: eventIdParamsSchema,
    json: { schema: eventDraftSchema, example: { name: 'Spring Pull', date: '2024-04-01' } },
    answers: { 200: { description: 'The event.', schema: eventSchema } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/events/{id}/images',
    summary: "An event's pictures in order",
    tag: 'events',
    access: ADMIN,
    params: eventIdParamsSchema,
    answers: { 200: obj('{ images }.') },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/v1/events/{id}/images/upload',
    summary: 'Add a picture to an event',
    tag: 'events',
    access: ADMIN,
    params: eventIdParamsSchema,
    multipart: { fileNote: 'A JPEG, PNG or WebP picture of at most 1 MB.' },
    answers: { 201: obj('{ image, images }.') },
    errors: [404, 413, 415],
  },
  {
    method: 'post',
    path: '/api/v1/events/{id}/images/reorder',
    summary: "Put an event's pictures in a new order (every id once)",
    tag: 'events',
    access: ADMIN,
    params: eventIdParamsSchema,
    json: { schema: imageOrderSchema, example: { ids: [1, 2] } },
    answers: { 200: obj('{ images }.') },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/v1/events/{id}/images/{imageId}/replace',
    summary: "Replace one of an event's pictures",
    tag: 'events',
    access: ADMIN,
    params: eventImageParamsSchema,
    multipart: { fileNote: 'A JPEG, PNG or WebP picture of at most 1 MB.' },
    answers: { 200: obj('{ image, images }.') },
    errors: [404, 413, 415],
  },
  {
    method: 'delete',
    path: '/api/v1/events/{id}/images/{imageId}',
    summary: "Delete one of an event's pictures",
    tag: 'events',
    access: ADMIN,
    params: eventImageParamsSchema,
    answers: { 200: obj('{ images }.') },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/analytics-summary',
    summary: 'The livestream beacons summed up (since_hours: 1 to 8760, default 168)',
    tag: 'events',
    access: ADMIN,
    query: analyticsSummaryQuerySchema,
    queryExample: { since_hours: '24' },
    answers: { 200: { description: 'The summary.', schema: analyticsSummarySchema } },
  },
  {
    method: 'get',
    path: '/uploads/{folder}/{name}',
    summary: 'A stored event picture or athlete portrait (immutable)',
    tag: 'events',
    access: 'public',
    params: uploadFolderParams,
    answers: { 200: { description: 'The picture.', contentType: 'image/*' } },
    errors: [404],
  },

  // Clubs.
  {
    method: 'get',
    path: '/clubs.json',
    summary: 'Every club, in-state first, then by members count',
    tag: 'clubs',
    access: 'public',
    answers: { 200: { description: 'The clubs.', schema: clubListSchema } },
    etag: true,
  },
  {
    method: 'get',
    path: '/sheets/clubs.csv',
    summary: 'The club sheet as CSV',
    tag: 'clubs',
    access: 'public',
    answers: { 200: { description: 'The club sheet.', contentType: 'text/csv' } },
    etag: true,
  },
  {
    method: 'post',
    path: '/api/v1/clubs',
    summary: 'Create a club (a taken name is a 409)',
    tag: 'clubs',
    access: ADMIN,
    json: {
      schema: clubCreateSchema,
      example: { name: 'Valley Arms', city: 'Boise', region: 'Idaho', leaders: ['Alex Doe'] },
    },
    answers: { 201: { description: 'The club.', schema: clubEditResponseSchema } },
    errors: [409],
  },
  {
    method: 'put',
    path: '/api/v1/clubs/{id}',
    summary: "Change a club's public fields (any subset)",
    tag: 'clubs',
    access: ADMIN,
    accessNote: 'Also a club_leader whose verified name is one of this club’s leaders.',
    params: clubIdParamsSchema,
    json: { schema: clubEditSchema, example: { city: 'Nampa', training: ['Tue 6 pm'] } },
    answers: { 200: { description: 'The club.', schema: clubEditResponseSchema } },
    errors: [404],
  },

  // The signed-in account.
  {
    method: 'get',
    path: '/api/v1/me/role',
    summary: "The caller's role",
    tag: 'account',
    access: SIGNED_IN,
    answers: { 200: { description: 'The role.', schema: z.object({ role: z.enum(ROLES) }) } },
  },
  {
    method: 'get',
    path: '/api/v1/me/name-status',
    summary: "The caller's claim to a leaderboard name",
    tag: 'account',
    access: SIGNED_IN,
    answers: { 200: { description: 'The status.', schema: nameStatusSchema } },
  },
  {
    method: 'get',
    path: '/api/v1/me/profile',
    summary: "The caller's profile",
    tag: 'account',
    access: SIGNED_IN,
    answers: { 200: { description: 'The profile.', schema: meProfileSchema } },
  },
  {
    method: 'post',
    path: '/api/v1/name-submissions',
    summary: 'Claim a name on the leaderboards',
    tag: 'account',
    access: SIGNED_IN,
    json: {
      schema: nameSubmissionRequestSchema,
      example: { requested_name: 'Alex Doe', evidence_links: ['https://example.org/alex'] },
    },
    answers: { 201: { description: 'The claim status.', schema: nameStatusSchema } },
    errors: [409],
  },

  ...submissionRoutes,

  // Administration.
  {
    method: 'get',
    path: '/api/v1/admin/roles',
    summary: 'Every role grant',
    tag: 'admin',
    access: ADMIN,
    answers: { 200: obj('{ grants }.') },
  },
  {
    method: 'post',
    path: '/api/v1/admin/roles',
    summary: 'Grant a role to a subject or an e-mail (201 new, 200 already held)',
    tag: 'admin',
    access: ADMIN,
    json: { schema: roleGrantSchema, example: { principal: 'someone@example.org', role: 'club_leader' } },
    answers: { 200: obj('{ grants }: it was held already.'), 201: obj('{ grants }.') },
  },
  {
    method: 'delete',
    path: '/api/v1/admin/roles',
    summary: 'Take a role grant away (404 when nobody holds it)',
    tag: 'admin',
    access: ADMIN,
    query: roleGrantSchema,
    queryExample: { principal: 'someone@example.org', role: 'club_leader' },
    answers: { 200: obj('{ grants }.') },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/admin/name-submissions',
    summary: "The queue of accounts' name claims",
    tag: 'admin',
    access: ADMIN,
    query: claimListQuerySchema,
    queryExample: {},
    answers: { 200: obj('{ name_submissions }.') },
  },
  {
    method: 'post',
    path: '/api/v1/admin/name-submissions/{id}/status',
    summary: 'Approve or deny a name claim (409 when it changed since the admin saw it)',
    tag: 'admin',
    access: ADMIN,
    params: claimIdParamsSchema,
    json: { schema: claimDecisionSchema, example: { status: 'approved', expected_status: 'pending' } },
    answers: { 200: obj('{ name_submission }.') },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/v1/admin/events',
    summary: 'Every event with the drafts',
    tag: 'admin',
    access: ADMIN,
    answers: { 200: { description: 'The events.', schema: eventListSchema } },
  },
  {
    method: 'get',
    path: '/api/v1/admin/supermatches',
    summary: 'The submitted supermatch results',
    tag: 'admin',
    access: ADMIN,
    query: reviewListQuerySchema,
    queryExample: {},
    answers: { 200: obj('{ supermatches }.') },
  },
  {
    method: 'post',
    path: '/api/v1/admin/supermatches/{id}/status',
    summary: 'Approve (rate) or deny a submitted result (409 when it changed since the admin saw it)',
    tag: 'admin',
    access: ADMIN,
    params: reviewIdParamsSchema,
    json: { schema: supermatchDecisionSchema, example: { status: 'denied', expected_status: 'pending' } },
    answers: { 200: obj('{ supermatch, rating_effects }.') },
    errors: [404, 409, 422],
  },
  {
    method: 'get',
    path: '/api/v1/admin/supermatches/scheduled',
    summary: 'Every scheduled supermatch card',
    tag: 'admin',
    access: ADMIN,
    answers: { 200: obj('{ cards }.') },
  },
  {
    method: 'post',
    path: '/api/v1/admin/supermatches/scheduled',
    summary: 'Schedule a supermatch card',
    tag: 'admin',
    access: ADMIN,
    json: {
      schema: scheduledCardSchema,
      example: { a: 'Alex Doe', b: 'Sam Roe', date: '2030-06-01', hand: 'RH', hue: 200 },
    },
    answers: { 201: obj('The scheduled card.') },
  },
  {
    method: 'get',
    path: '/api/v1/admin/supermatches/scheduled/{id}',
    summary: 'One scheduled card',
    tag: 'admin',
    access: ADMIN,
    params: cardIdParamsSchema,
    answers: { 200: obj('The scheduled card.') },
    errors: [404],
  },
  {
    method: 'put',
    path: '/api/v1/admin/supermatches/scheduled/{id}',
    summary: 'Replace a scheduled card',
    tag: 'admin',
    access: ADMIN,
    params: cardIdParamsSchema,
    json: {
      schema: scheduledCardSchema,
      example: { a: 'Alex Doe', b: 'Sam Roe', date: '2030-06-01', hand: 'LH', hue: 10 },
    },
    answers: { 200: obj('The scheduled card.') },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/v1/admin/supermatches/scheduled/{id}',
    summary: 'Remove a scheduled card',
    tag: 'admin',
    access: ADMIN,
    params: cardIdParamsSchema,
    answers: { 204: obj('Removed.') },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/v1/admin/supermatches/scheduled/{id}/result',
    summary: "Record a hand's wins of a scheduled card (a rated result)",
    tag: 'admin',
    access: ADMIN,
    params: cardIdParamsSchema,
    json: { schema: cardResultSchema, example: { hand: 'RH', a_wins: 3, b_wins: 1 } },
    answers: { 200: obj('{ card, rating_effects }.') },
    errors: [404, 409, 422],
  },
  {
    method: 'delete',
    path: '/api/v1/admin/supermatches/scheduled/{id}/result',
    summary: "Clear a hand's result of a scheduled card",
    tag: 'admin',
    access: ADMIN,
    params: cardIdParamsSchema,
    query: clearResultQuerySchema,
    queryExample: { hand: 'RH' },
    answers: { 200: obj('{ card, rating_effects }.') },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/admin/inbox',
    summary: 'Submitted events, clubs and feedback, newest first',
    tag: 'admin',
    access: ADMIN,
    query: inboxQuerySchema,
    queryExample: {},
    answers: { 200: obj('{ items }.') },
  },
  {
    method: 'post',
    path: '/api/v1/admin/inbox/{kind}/{id}/handled',
    summary: 'Mark an inbox item handled, or open it again',
    tag: 'admin',
    access: ADMIN,
    params: inboxParamsSchema,
    json: { schema: inboxHandledSchema, example: { handled: true } },
    answers: { 200: obj('{ item }.') },
    errors: [404],
  },

  // Developer tools.
  {
    method: 'get',
    path: '/api/v1/dev/db/download',
    summary: 'A consistent copy of the live database',
    tag: 'dev',
    access: DEV,
    answers: { 200: { description: 'The SQLite file.', contentType: 'application/vnd.sqlite3' } },
  },
  {
    method: 'get',
    path: '/api/v1/dev/fallback/download',
    summary: 'The offline fallback document',
    tag: 'dev',
    access: DEV,
    answers: { 200: obj('fallback.json.') },
  },
  {
    method: 'post',
    path: '/api/v1/dev/db/upload',
    summary: 'Replace the live data with an uploaded database after every check passed (a backup is taken first)',
    tag: 'dev',
    access: DEV,
    multipart: { fileNote: 'A .db, .sqlite or .sqlite3 file within the configured size limit.' },
    answers: { 200: obj('{ replaced, file, bytes, uploaded_schema_version, schema_version, backup }.') },
    errors: [409, 413],
  },
];

/** The roles a route allows, or undefined for a route anyone may call. */
export function allowedRoles(route: ApiRoute): readonly Role[] | undefined {
  return typeof route.access === 'string' ? undefined : route.access;
}

/** `/api/v1/events/{id}` for Hono's `/api/v1/events/:id` (a `{regex}` after a name is dropped). */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}
