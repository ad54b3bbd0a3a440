import { EVENT_TEXT_FIELDS, type EventRecord } from '../../shared/event-rules.ts';
import type { EventDraft } from '../../shared/events.ts';
import { insertRow, type Db } from '../db/connection.ts';

/** The events table (migration 5) as the API answers it: rows to `EventRecord`, drafts to rows. */

/** A row of the events table: the record, with flags as 0/1 and lists as JSON text. */
type EventRow = Omit<EventRecord, 'estimated' | 'weigh_ins' | 'contacts' | 'images' | 'pending_details'> & {
  estimated: number;
  weigh_ins: string;
  contacts: string;
  pending_details: number;
};


const stringList = (json: string): string[] => {
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
};

function toRecord(row: EventRow & { created_at?: string; updated_at?: string }, images: string[]): EventRecord {
  const { created_at: _created, updated_at: _updated, ...fields } = row;
  return {
    ...fields,
    estimated: row.estimated === 1,
    weigh_ins: stringList(row.weigh_ins),
    contacts: stringList(row.contacts),
    // The first picture stands in when no cover is set.
    image_url: row.image_url ?? images[0] ?? null,
    images,
    pending_details: row.pending_details === 1,
  };
}

function imagesByEvent(db: Db): Map<number, string[]> {
  const rows = db.prepare('SELECT event_id, url FROM event_images ORDER BY event_id, position, id').all() as {
    event_id: number;
    url: string;
  }[];
  const map = new Map<number, string[]>();
  for (const r of rows) {
    const list = map.get(r.event_id) ?? [];
    list.push(r.url);
    map.set(r.event_id, list);
  }
  return map;
}

/** Every event by date (drafts only when asked for). */
export function listEvents(db: Db, opts: { drafts: boolean }): EventRecord[] {
  const rows = db
    .prepare(`SELECT * FROM events ${opts.drafts ? '' : "WHERE status IS NULL OR status <> 'draft'"} ORDER BY date, id`)
    .all() as EventRow[];
  const images = imagesByEvent(db);
  return rows.map((r) => toRecord(r, images.get(r.id) ?? []));
}

export function getEvent(db: Db, id: number): EventRecord | undefined {
  const row = db.prepare('SELECT * FROM events WHERE id = ?').get(id) as EventRow | undefined;
  if (!row) return undefined;
  const images = db.prepare('SELECT url FROM event_images WHERE event_id = ? ORDER BY position, id').pluck().all(id) as string[];
  return toRecord(row, images);
}

function columns(draft: EventDraft): Record<string, string | number | null> {
  const values: Record<string, string | number | null> = {
    name: draft.name,
    date: draft.date,
    estimated: draft.estimated ? 1 : 0,
    weigh_ins: JSON.stringify(draft.weigh_ins),
    contacts: JSON.stringify(draft.contacts),
    image_position: draft.image_position,
    status: draft.status,
    pending_details: draft.pending_details ? 1 : 0,
  };
  for (const c of EVENT_TEXT_FIELDS) values[c] = draft[c];
  return values;
}

function replaceImages(db: Db, id: number, urls: readonly string[], now: string) {
  db.prepare('DELETE FROM event_images WHERE event_id = ?').run(id);
  const insert = db.prepare('INSERT INTO event_images (event_id, position, url, created_at) VALUES (?, ?, ?, ?)');
  urls.forEach((url, i) => insert.run(id, i, url, now));
}

export function createEvent(db: Db, draft: EventDraft, opts: { id?: number } = {}): EventRecord {
  const now = new Date().toISOString();
  const values = { ...columns(draft), ...(opts.id ? { id: opts.id } : {}), created_at: now, updated_at: now };
  const id = db.transaction(() => {
    const newId = insertRow(db, 'events', values);
    if (draft.images) replaceImages(db, newId, draft.images, now);
    return newId;
  })();
  return getEvent(db, id)!;
}

/** Undefined when there is no such event. */
export function updateEvent(db: Db, id: number, draft: EventDraft): EventRecord | undefined {
  const now = new Date().toISOString();
  const values = { ...columns(draft), updated_at: now };
  const found = db.transaction(() => {
    const info = db
      .prepare(`UPDATE events SET ${Object.keys(values).map((n) => `${n} = @${n}`).join(', ')} WHERE id = @id`)
      .run({ ...values, id });
    if (info.changes === 0) return false;
    if (draft.images) replaceImages(db, id, draft.images, now);
    return true;
  })();
  return found ? getEvent(db, id) : undefined;
}

export function eventCount(db: Db): number {
  return db.prepare('SELECT COUNT(*) FROM events').pluck().get() as number;
}
