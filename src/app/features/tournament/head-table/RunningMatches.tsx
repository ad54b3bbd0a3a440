import { useMemo, useState } from 'react';
import {
  canUndo,
  doubleNoShowAllowed,
  METHOD_LABELS,
  METHODS,
  type Method,
} from '../../../../shared/tournament/index.ts';
import type { TournamentMatch } from '../../../../shared/tournament-contract/match.ts';
import { resultText, rowResultText } from '../../../../shared/tournament-contract/match-row.ts';
import { saveFailure } from '../../../lib/save-errors.ts';
import { SelectField, TextField } from '../../../ui/Field.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { categoryState, matchLabel } from '../common/category-state.ts';
import { useRefreshTournament } from '../common/tournament-api.ts';
// Static, not loaded with the first result: a head table that lost its signal before its first tap must still keep
// that result on the device (a chunk never loaded is not in the worker's cache).
import { recordHeadTableResult } from '../common/results-outbox.ts';
import { undoMatchResult } from './head-table-api.ts';
import type { CategoryProps } from './desk-props.ts';

/** The ready matches, and Undo where a result may still be taken back. */
export function RunningMatches({ tournament, category }: CategoryProps) {
  const refresh = useRefreshTournament(tournament.id);
  const toast = useToast();
  const state = useMemo(() => {
    try {
      return categoryState(category, tournament.settings);
    } catch {
      return null;
    }
  }, [category, tournament.settings]);
  const undoable = state ? category.matches.filter((m) => canUndo(state, m.code)) : [];
  const ready = category.matches.filter((m) => m.status === 'ready');
  const undo = async (m: TournamentMatch) => {
    try {
      await undoMatchResult(tournament.id, m.id);
      toast.show('Result taken back.', { tone: 'success' });
    } catch (err) {
      toast.show(saveFailure(err) ?? 'The result could not be taken back.', { tone: 'error' });
    }
    await refresh();
  };
  return (
    <div className="head-table-matches">
      <ul aria-label="Ready matches">
        {ready.map((m) => (
          <MatchDesk
            key={m.id}
            tournament={tournament}
            category={category}
            match={m}
            // A category needs a champion: no double no-show where it would decide who plays or wins the final.
            doubleNoShow={!!state && doubleNoShowAllowed(state.byCode.get(m.code)!.spec)}
          />
        ))}
      </ul>
      {undoable.length ? (
        <ul aria-label="Results that may be undone" className="head-table-undo">
          {undoable.map((m) => (
            <li key={m.id}>
              {matchLabel(m)}: {rowResultText(m)}{' '}
              <button
                type="button"
                className="button secondary small"
                aria-label={`Undo ${matchLabel(m)}: ${m.a} vs ${m.b}`}
                onClick={() => void undo(m)}
              >
                Undo
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const count = (text: string) => (/^\d{1,2}$/.test(text.trim()) ? Number(text) : 0);

/** A ready match: a tap on an athlete's name records them as the winner, by the method chosen (pin unless set). */
function MatchDesk({
  tournament,
  category,
  match,
  doubleNoShow,
}: CategoryProps & { match: TournamentMatch; doubleNoShow: boolean }) {
  const refresh = useRefreshTournament(tournament.id);
  const toast = useToast();
  const [method, setMethod] = useState<Method>('pin');
  const [marks, setMarks] = useState({ warnings_a: '', warnings_b: '', fouls_a: '', fouls_b: '' });
  const [busy, setBusy] = useState(false);
  /** `side` won by the method chosen; null: neither came to the table (a double no-show, both lose). */
  const record = async (side: 'A' | 'B' | null) => {
    setBusy(true);
    const [winner, loser] = side === 'B' ? [match.b, match.a] : [match.a, match.b];
    const double = side === null;
    const outcome = await recordHeadTableResult(
      {
        tournament: tournament.id,
        category: category.id,
        match: match.id,
        code: match.code,
        a: match.a_entry!,
        b: match.b_entry!,
      },
      double
        ? { winner: null, method: 'no_show', warnings_a: 0, warnings_b: 0, fouls_a: 0, fouls_b: 0 }
        : {
            winner: side,
            method,
            warnings_a: count(marks.warnings_a),
            warnings_b: count(marks.warnings_b),
            fouls_a: count(marks.fouls_a),
            fouls_b: count(marks.fouls_b),
          },
      `${matchLabel(match)}: ${resultText(winner, loser, double ? 'no_show' : method, double)}`,
    );
    if (outcome.status === 'sent')
      toast.show(double ? 'Both lose: double no-show.' : `${winner} wins.`, { tone: 'success' });
    else if (outcome.status === 'queued')
      toast.show('Kept on this device: it is sent when the connection returns.', { tone: 'info' });
    else toast.show(outcome.message, { tone: 'error' });
    setBusy(false);
    await refresh();
  };
  const mark = (key: keyof typeof marks, label: string) => (
    <TextField
      label={label}
      value={marks[key]}
      onValue={(v) => setMarks((m) => ({ ...m, [key]: v }))}
      inputMode="numeric"
      maxLength={2}
    />
  );
  return (
    <li className="match-desk">
      <fieldset>
        <legend>
          {matchLabel(match)} · {match.code}
        </legend>
        <div className="match-desk-athletes">
          {(['A', 'B'] as const).map((side) => {
            const name = side === 'A' ? match.a : match.b;
            return (
              <button
                key={side}
                type="button"
                className="button match-winner"
                disabled={busy}
                aria-label={`${name} wins`}
                onClick={() => void record(side)}
              >
                {name}
              </button>
            );
          })}
        </div>
        <SelectField
          label="Method"
          value={method}
          onValue={setMethod}
          options={METHODS.map((m) => [m, METHOD_LABELS[m]] as const)}
        />
        {doubleNoShow ? (
          <button
            type="button"
            className="button secondary small match-double-no-show"
            disabled={busy}
            aria-label={`Double no-show: neither ${match.a} nor ${match.b} came`}
            onClick={() => void record(null)}
          >
            Neither came (double no-show)
          </button>
        ) : null}
        <div className="match-desk-marks">
          {mark('warnings_a', `Warnings, ${match.a}`)}
          {mark('fouls_a', `Fouls, ${match.a}`)}
          {mark('warnings_b', `Warnings, ${match.b}`)}
          {mark('fouls_b', `Fouls, ${match.b}`)}
        </div>
      </fieldset>
    </li>
  );
}
