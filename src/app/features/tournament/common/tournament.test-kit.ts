import { DEFAULT_ASSOCIATION } from '../../../../shared/association.ts';
import type { CategoryState } from '../../../../shared/tournament/index.ts';
import { DEFAULT_SETTINGS, categoryName } from '../../../../shared/tournament/index.ts';
import { category, playOut, result } from '../../../../shared/tournament/engine.test-kit.ts';
import { matchRow } from '../../../../shared/tournament-contract/match-row.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';

/**
 * Tests' tournaments: public reads made from the engine's own states, as the server builds them (names
 * 'Athlete {entry}', clubs by entry), so the page is tested against the brackets the rules give.
 */
export const nameOf = (entry: number | null) => (entry === null ? null : `Athlete ${entry}`);
const clubOf = (entry: number) => (entry % 2 ? 'Iron Grip' : null);

export function publicCategory(
  id: number,
  state: CategoryState,
  extra: Partial<TournamentCategory> = {},
): TournamentCategory {
  const finished = state.places.length > 0 && state.matches.every((m) => m.status === 'done');
  // Match ids are id * 1000 + the match's index; a super final not yet a match gets index 999.
  const superFinal = state.matches.findIndex((m) => m.code === 'F2');
  const c = { sex: 'M', hand: 'RH', weight_class: '198', division: 'am', units: 'lbs' } as const;
  const entries = state.slots.flatMap((e) =>
    e === null ? [] : [{ id: e, name: nameOf(e)!, club: clubOf(e), weight: 190 }],
  );
  return {
    id,
    name: categoryName(c, DEFAULT_ASSOCIATION),
    ...c,
    status: finished ? 'finished' : 'running',
    kept_class: false,
    method: 'lot',
    seed: 1,
    table: null,
    entries,
    slots: [...state.slots],
    byes: state.byes.map((b) => ({ code: b.code, name: nameOf(b.entry)!, entry_id: b.entry })),
    matches: state.matches.map((m, i) => matchRow(m, id * 1000 + i, { entries, table: null })),
    placings: finished
      ? [...state.places]
          .sort((x, y) => x.place - y.place)
          .map((p) => ({
            place: p.place,
            last: p.last,
            name: nameOf(p.entry)!,
            entry_id: p.entry,
            club: clubOf(p.entry),
          }))
      : [],
    // As the server does: the super final's id is known before the super final is a match (listed in `matches`).
    super_final_id: state.structure.byCode.has('F2') ? id * 1000 + (superFinal >= 0 ? superFinal : 999) : null,
    ...extra,
  };
}

/** A category of `size` with its first `matches` results recorded (A always wins; Infinity: to the end). */
export function playedCategory(id: number, size: number, matches = Infinity): TournamentCategory {
  let left = matches;
  return publicCategory(
    id,
    playOut(category(size), (m) => (left-- > 0 ? result(m, 'A') : null)),
  );
}

export function testTournament(categories: TournamentCategory[]): Tournament {
  return {
    id: 7,
    event_id: 3,
    event_name: 'Friday Night Pulls',
    name: 'Friday Night Pulls Open',
    date: '2026-11-26',
    location: 'Eastport',
    athletes: categories.reduce((n, c) => n + c.entries.length, 0),
    published: false,
    version: 1,
    settings: { ...DEFAULT_SETTINGS, team_points: [...DEFAULT_SETTINGS.team_points] },
    categories,
    standings: [{ club: 'Iron Grip', points: 34, gold: 1, silver: 0, bronze: 1 }],
  };
}
