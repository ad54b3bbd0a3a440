import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { METHOD_LABELS } from '../../../../shared/tournament/index.ts';
import type { Conflict, SentResult } from '../../../../shared/tournament-contract/match.ts';
import { resultText } from '../../../../shared/tournament-contract/match-row.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import { saveFailure } from '../../../lib/save-errors.ts';
import { matchLabel } from '../common/category-state.ts';
import { tournamentKeys } from '../common/tournament-api.ts';
import { useToast } from '../../../ui/toast.tsx';
import { Correction } from './Correction.tsx';
import { conflictsQuery, dismissConflict, headTableKeys } from './head-table-api.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * 'Conflicts': results sent for a match already decided otherwise (a table device and the head table, or two
 * devices). The server kept the first and set the other aside; here the head table sees both, who sent each and
 * when, and picks: keep the first (the other is dropped), or take the other (a correction, with its preview).
 * Shown only while there are any.
 */
export function Conflicts({ tournament }: { tournament: Tournament }) {
  const headingId = useId();
  const { data } = useQuery(conflictsQuery(tournament.id));
  const [taking, setTaking] = useState<Conflict | null>(null);
  if (!data?.length) return null;
  const takingMatch = taking && conflictMatch(tournament, taking);
  return (
    <section className="head-table-conflicts" aria-labelledby={headingId}>
      <h2 id={headingId}>Conflicts ({data.length})</h2>
      <ul aria-label="Conflicts">
        {data.map((c) => (
          <ConflictRow key={c.id} tournament={tournament} conflict={c} onTake={() => setTaking(c)} />
        ))}
      </ul>
      {taking && takingMatch ? (
        <Correction
          tournament={tournament}
          category={takingMatch.category}
          match={takingMatch.match}
          from={taking.sent}
          onClose={() => setTaking(null)}
        />
      ) : null}
    </section>
  );
}

/** The category and match a conflict is about, in the tournament's latest read. */
function conflictMatch(tournament: Tournament, conflict: Conflict) {
  const category = tournament.categories.find((c) => c.id === conflict.category_id);
  const match = category?.matches.find((m) => m.id === conflict.match_id);
  return category && match ? { category, match } : null;
}

function ConflictRow({
  tournament,
  conflict,
  onTake,
}: {
  tournament: Tournament;
  conflict: Conflict;
  onTake: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const found = conflictMatch(tournament, conflict);
  const title = `${found ? matchLabel(found.match) : conflict.code}: ${conflict.a ?? '?'} v ${conflict.b ?? '?'}`;
  const keep = async () => {
    setBusy(true);
    try {
      await dismissConflict(tournament.id, conflict.id);
      toast.show('The first result stays.', { tone: 'success' });
    } catch (error) {
      toast.show(saveFailure(error) ?? 'That did not work.', { tone: 'error' });
    } finally {
      setBusy(false);
      await Promise.all([
        client.invalidateQueries({ queryKey: headTableKeys.tournament(tournament.id) }),
        client.invalidateQueries({ queryKey: tournamentKeys.detail(tournament.id) }),
      ]);
    }
  };
  const entry = (label: string, r: SentResult) => (
    <div className="conflict-entry">
      <h4>{label}</h4>
      <p>
        {r.winner === null ? (
          <strong>{resultText(conflict.a, conflict.b, r.method, true)}</strong>
        ) : (
          <>
            <strong>{(r.winner === 'A' ? conflict.a : conflict.b) ?? r.winner}</strong> won, {METHOD_LABELS[r.method]}
          </>
        )}
      </p>
      <p className="muted">
        Warnings: {conflict.a} {r.warnings_a}, {conflict.b} {r.warnings_b} · Fouls: {conflict.a} {r.fouls_a},{' '}
        {conflict.b} {r.fouls_b}
      </p>
      <p className="muted">
        Sent by {r.by} at {time(r.at)}
      </p>
    </div>
  );
  return (
    <li className="conflict" aria-label={title}>
      <h3>{title}</h3>
      <p className="muted">{found?.category.name}</p>
      <div className="conflict-entries">
        {entry('Kept (first)', conflict.kept)}
        {entry('Set aside', conflict.sent)}
      </div>
      <div className="form-actions">
        <button type="button" className="button secondary" disabled={busy} onClick={() => void keep()}>
          Keep the first
        </button>
        <button type="button" className="button" disabled={busy || !found} onClick={onTake}>
          Take the other
        </button>
      </div>
    </li>
  );
}
