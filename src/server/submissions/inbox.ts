import type { ClubInboxItem, EventInboxItem, FeedbackInboxItem, InboxItem, InboxKind } from '../../shared/inbox.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';

/**
 * The admin's inbox: submitted events, clubs and feedback, newest first. No
 * queue decides these (an admin makes the event or the club by hand), so an
 * item is only marked handled, or opened again.
 */

const TABLES: Record<InboxKind, string> = { event: 'event_submissions', club: 'club_submissions', feedback: 'feedback' };

type Row = Record<string, unknown> & { id: number; created_at: string };

const base = (r: Row) => ({
  id: r.id,
  submitter: (r.submitter ?? r.name) as string,
  submitter_ip: r.submitter_ip as string,
  created_at: r.created_at,
  handled_at: r.handled_at as string | null,
  handled_by: r.handled_by as string | null,
});

const TO_ITEM: Record<InboxKind, (r: Row) => InboxItem> = {
  event: (r): EventInboxItem => ({
    kind: 'event',
    ...base(r),
    name: r.name as string,
    location: r.location as string,
    date: r.date as string,
    details: r.details as string | null,
    link: r.link as string | null,
  }),
  club: (r): ClubInboxItem => ({
    kind: 'club',
    ...base(r),
    name: r.name as string,
    city: r.city as string,
    region: r.region as string,
    leaders: r.leaders as string | null,
    training: r.training as string | null,
    founded: r.founded as number | null,
    out_of_state: r.out_of_state === null ? null : r.out_of_state === 1,
    members_count: r.members_count as number | null,
    avg_practice_size: r.avg_practice_size as number | null,
    image_url: r.image_url as string | null,
    website: r.website as string | null,
    desc: r.description as string | null,
    notes: r.notes as string | null,
  }),
  // Feedback's `name` is its sender.
  feedback: (r): FeedbackInboxItem => ({ kind: 'feedback', ...base(r), text: r.text as string }),
};

function rowsOf(db: Db, kind: InboxKind): InboxItem[] {
  return (db.prepare(`SELECT * FROM ${TABLES[kind]} ORDER BY created_at DESC, id DESC`).all() as Row[]).map(
    TO_ITEM[kind],
  );
}

/** One kind's items, or every kind's, newest first. */
export function listInbox(db: Db, kind?: InboxKind): InboxItem[] {
  if (kind) return rowsOf(db, kind);
  return (['event', 'club', 'feedback'] as const)
    .flatMap((k) => rowsOf(db, k))
    .sort((x, y) => (x.created_at < y.created_at ? 1 : x.created_at > y.created_at ? -1 : 0));
}

/** Marks an item handled (by whom, when) or opens it again; the item as it is now. */
export function markHandled(db: Db, kind: InboxKind, id: number, handled: boolean, by: string, now = new Date()) {
  const table = TABLES[kind];
  const info = handled
    ? db
        .prepare(`UPDATE ${table} SET handled_at = COALESCE(handled_at, ?), handled_by = COALESCE(handled_by, ?) WHERE id = ?`)
        .run(now.toISOString(), by, id)
    : db.prepare(`UPDATE ${table} SET handled_at = NULL, handled_by = NULL WHERE id = ?`).run(id);
  if (info.changes === 0) throw new HttpError(404, 'not_found', `No ${kind} submission ${id}.`);
  return TO_ITEM[kind](db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Row);
}
