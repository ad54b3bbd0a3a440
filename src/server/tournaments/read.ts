import { type MatchState, type Placing as EnginePlacing, teamStandings } from '../../shared/tournament/index.ts';
import type { CategoryStatus } from '../../shared/tournament-contract/status.ts';
import type { Tournament, TournamentSummary } from '../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../shared/tournament-contract/category.ts';
import type { TournamentMatch } from '../../shared/tournament-contract/match.ts';
import { matchRow } from '../../shared/tournament-contract/match-row.ts';
import { readAssociation } from '../association/store.ts';
import type { Db } from '../db/connection.ts';
import { compressedForms } from '../http/encoding.ts';
import { strongEtag, type StoredBody } from '../http/etag.ts';
import {
  categoryRow,
  entriesByCategory,
  type LoadedCategory,
  loadCategory,
  type CategoryRow,
  settingsOf,
  tournamentRow,
} from './load.ts';

/**
 * The public read of tournaments: the list, and one tournament with every category's entries, bracket, placings
 * and the club standings, all built from the derived state. One tournament's answer is kept (body, gzip, strong
 * ETag) until its version moves (every change bumps it) or its event is edited.
 */

const SUMMARY_SELECT = `
  SELECT t.id, t.event_id, ev.name AS event_name, t.name, ev.date, ev.location,
         (SELECT COUNT(*) FROM tournament_categories c WHERE c.tournament_id = t.id) AS categories,
         (SELECT COUNT(DISTINCT e.athlete_id) FROM tournament_entries e
            JOIN tournament_categories c ON c.id = e.category_id WHERE c.tournament_id = t.id) AS athletes,
         (SELECT COUNT(*) FROM tournament_categories c WHERE c.tournament_id = t.id) > 0
           AND NOT EXISTS (SELECT 1 FROM tournament_categories c
                           WHERE c.tournament_id = t.id AND c.published_at IS NULL) AS published
  FROM tournaments t JOIN events ev ON ev.id = t.event_id`;

type SummaryRow = Omit<TournamentSummary, 'published'> & { published: number };
const toSummary = (r: SummaryRow): TournamentSummary => ({ ...r, published: r.published === 1 });

/** Every tournament, newest first (by its event's date). */
export function listTournaments(db: Db): TournamentSummary[] {
  return (db.prepare(`${SUMMARY_SELECT} ORDER BY ev.date DESC, t.id DESC`).all() as SummaryRow[]).map(toSummary);
}

function categoryStatus(c: LoadedCategory): CategoryStatus {
  if (c.row.published_at) return 'published';
  if (!c.state) return 'not_drawn';
  return c.state.finished ? 'finished' : 'running';
}

/** The answer's form of one match: the wire's row (match-row.ts) with its stored id, its names and its table. */
export const matchAnswer = (c: LoadedCategory, m: MatchState): TournamentMatch =>
  matchRow(m, c.matchIds.get(m.code)!, { entries: c.entries, table: c.row.table_no });

/** The answer's form of one category. Placings are listed once it is finished. */
export function categoryAnswer(c: LoadedCategory): TournamentCategory {
  const { row, state, entries } = c;
  const byId = new Map(entries.map((e) => [e.id, e]));
  return {
    id: row.id,
    name: c.name,
    sex: row.sex,
    hand: row.hand,
    weight_class: row.weight_class,
    division: row.division,
    units: row.units,
    status: categoryStatus(c),
    kept_class: c.keptClass,
    method: row.method,
    seed: row.seed,
    table: row.table_no,
    entries: entries.map((e) => ({ id: e.id, name: e.name, club: e.club, weight: e.weight })),
    slots: state ? [...state.slots] : [],
    byes: (state?.byes ?? []).map((b) => ({ code: b.code, name: byId.get(b.entry)!.name, entry_id: b.entry })),
    matches: (state?.matches ?? []).map((m) => matchAnswer(c, m)),
    super_final_id: c.matchIds.get('F2') ?? null,
    placings: state?.finished
      ? state.places.map((p) => ({
          place: p.place,
          last: p.last,
          name: byId.get(p.entry)!.name,
          entry_id: p.entry,
          club: byId.get(p.entry)!.club,
        }))
      : [],
  };
}

/** One category of a tournament as the API answers it. */
export function readCategory(db: Db, tournamentId: number, categoryId: number): TournamentCategory {
  return categoryAnswer(loadCategory(db, tournamentRow(db, tournamentId), categoryRow(db, tournamentId, categoryId)));
}

/** One tournament with its categories and the club standings of its finished categories. */
export function readTournament(db: Db, id: number): Tournament {
  const t = tournamentRow(db, id);
  const summary = toSummary(db.prepare(`${SUMMARY_SELECT} WHERE t.id = ?`).get(id) as SummaryRow);
  const entries = entriesByCategory(db, id);
  const rows = db
    .prepare('SELECT * FROM tournament_categories WHERE tournament_id = ? ORDER BY id')
    .all(id) as CategoryRow[];
  const loaded = rows.map((row) => loadCategory(db, t, row, entries.get(row.id) ?? []));
  const finished: EnginePlacing[][] = loaded.filter((c) => c.state?.finished).map((c) => [...c.state!.places]);
  const clubs = new Map(loaded.flatMap((c) => c.entries.map((e) => [e.id, e.club] as const)));
  const { categories: _count, ...rest } = summary;
  return {
    ...rest,
    version: t.version,
    settings: { ...settingsOf(t), team_points: [...settingsOf(t).team_points] },
    categories: loaded.map(categoryAnswer),
    standings: teamStandings(finished, clubs, settingsOf(t).team_points),
  };
}

interface Kept {
  key: string;
  stored: StoredBody;
}

/**
 * The public read of one tournament, kept per tournament until it or its event changes, or the association does
 * (its categories' names carry the association's labels of their divisions).
 */
export function createTournamentCache(db: Db) {
  const kept = new Map<number, Kept>();
  const versionOf = db.prepare(
    'SELECT t.version, ev.updated_at FROM tournaments t JOIN events ev ON ev.id = t.event_id WHERE t.id = ?',
  );
  return (id: number): StoredBody => {
    const v = versionOf.get(id) as { version: number; updated_at: string } | undefined;
    const key = v ? `${v.version}\u0000${v.updated_at}\u0000${readAssociation(db).version}` : '';
    const hit = kept.get(id);
    if (hit && v && hit.key === key) return hit.stored;
    const json = Buffer.from(JSON.stringify(readTournament(db, id)));
    const stored: StoredBody = {
      body: new Uint8Array(json),
      ...compressedForms(json),
      type: 'application/json; charset=utf-8',
      etag: strongEtag(json),
      cacheControl: 'no-cache',
    };
    kept.set(id, { key, stored });
    return stored;
  };
}
