import { useEffect, useState } from 'react';
import type { Method, Side } from '../../../../shared/tournament/index.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import { matchLabel } from '../common/category-state.ts';
import { ConfirmDialog, Dialog } from '../../../ui/Dialog.tsx';
import type { Athlete, PlannedMatch } from './table-plan.ts';
import type { Marks } from './table-store.ts';

/** How a match ends at the table: who won, how, and the fouls when the last foul decided it. */
export interface Decision {
  winner: Side;
  method: Method;
  fouls_a?: number;
  fouls_b?: number;
}

type Ask =
  | { kind: 'win'; side: Side }
  | { kind: 'fouled'; side: Side }
  | { kind: 'choose'; method: 'no_show' | 'withdrawal' | 'dq' };

const CHOOSE: Record<'no_show' | 'withdrawal' | 'dq', { title: string; question: string }> = {
  no_show: { title: 'No-show', question: 'Who did not come to the table? The other athlete wins the match.' },
  withdrawal: {
    title: 'Withdrawal',
    question: 'Who withdraws? The other athlete wins, and the one who withdraws leaves the category.',
  },
  dq: {
    title: 'Disqualify',
    question: 'Who is disqualified? The other athlete wins, and the one disqualified leaves the category.',
  },
};

const other = (side: Side): Side => (side === 'A' ? 'B' : 'A');
const clock = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * The match now pulling, recorded in two taps: the winner's name, then Confirm (a pin). Warnings and fouls per
 * athlete (the tournament's last foul ends the match as a loss by fouls, after a confirm); Call starts the call
 * clock, and No-show is offered once it has run the tournament's call time; Withdrawal and Disqualify ask who.
 * The marks live in the parent, which keeps them on the device.
 */
export function NowPulling({
  match,
  marks,
  settings,
  onMarks,
  onDecide,
}: {
  match: PlannedMatch;
  marks: Marks;
  settings: Tournament['settings'];
  onMarks: (marks: Marks) => void;
  onDecide: (decision: Decision) => Promise<void>;
}) {
  const [ask, setAsk] = useState<Ask | null>(null);
  const [busy, setBusy] = useState(false);
  const elapsed = useElapsed(marks.calledAt);
  const athlete = (side: Side): Athlete => (side === 'A' ? match.a : match.b);
  const decide = async (d: Decision) => {
    setBusy(true);
    try {
      await onDecide(d);
    } finally {
      setBusy(false);
      setAsk(null);
    }
  };
  const foul = (side: Side) => {
    const key = side === 'A' ? 'fouls_a' : 'fouls_b';
    if (marks[key] + 1 >= settings.fouls_to_lose) return setAsk({ kind: 'fouled', side });
    onMarks({ ...marks, [key]: marks[key] + 1 });
  };
  const warn = (side: Side) => {
    const key = side === 'A' ? 'warnings_a' : 'warnings_b';
    onMarks({ ...marks, [key]: marks[key] + 1 });
  };
  const callDone = elapsed !== null && elapsed >= settings.call_seconds * 1000;
  // No-show, Withdrawal, Disqualify: each asks who, in a dialog.
  const chooseButton = (method: keyof typeof CHOOSE) => (
    <button
      type="button"
      className="button secondary table-big"
      disabled={busy}
      onClick={() => setAsk({ kind: 'choose', method })}
    >
      {CHOOSE[method].title}
    </button>
  );

  return (
    <section className="table-card table-now" aria-labelledby="table-now-title">
      <h2 id="table-now-title">Now pulling</h2>
      <p className="muted">
        {match.category.name} · {matchLabel(match.row)}
      </p>
      <div className="table-sides">
        {(['A', 'B'] as const).map((side) => {
          const a = athlete(side);
          const w = side === 'A' ? marks.warnings_a : marks.warnings_b;
          const f = side === 'A' ? marks.fouls_a : marks.fouls_b;
          return (
            <div key={side} className="table-side">
              <button
                type="button"
                className="button table-winner"
                disabled={busy}
                aria-label={`${a.name} wins`}
                onClick={() => setAsk({ kind: 'win', side })}
              >
                {a.name}
              </button>
              <p className="muted table-club">{a.club ?? 'No club'}</p>
              <p className="table-marks" aria-live="polite">
                {w} {w === 1 ? 'warning' : 'warnings'} · {f} {f === 1 ? 'foul' : 'fouls'}
              </p>
              <div className="table-mark-buttons">
                {(
                  [
                    ['Warning', warn],
                    ['Foul', foul],
                  ] as const
                ).map(([label, mark]) => (
                  <button
                    key={label}
                    type="button"
                    className="button secondary table-big"
                    disabled={busy}
                    aria-label={`${label} for ${a.name}`}
                    onClick={() => mark(side)}
                  >
                    {label}
                  </button>
                ))}
              </div>
            </div>
          );
        })}
      </div>
      <div className="table-call">
        {elapsed === null ? (
          <button
            type="button"
            className="button secondary table-big"
            onClick={() => onMarks({ ...marks, calledAt: Date.now() })}
          >
            Call
          </button>
        ) : (
          <p className="table-clock" role="timer" aria-label="Call clock">
            Called {clock(elapsed)} ago
          </p>
        )}
        {callDone ? chooseButton('no_show') : null}
      </div>
      <div className="table-other">
        {chooseButton('withdrawal')}
        {chooseButton('dq')}
      </div>
      {ask?.kind === 'win' ? (
        <ConfirmDialog
          title={`${athlete(ask.side).name} wins`}
          action="Confirm"
          busy={busy && 'Recording…'}
          onCancel={() => setAsk(null)}
          onConfirm={() => void decide({ winner: ask.side, method: 'pin' })}
        >
          <p>
            {athlete(ask.side).name} beat {athlete(other(ask.side)).name} by a pin.
          </p>
        </ConfirmDialog>
      ) : null}
      {ask?.kind === 'fouled' ? (
        <ConfirmDialog
          title={`${athlete(other(ask.side)).name} wins on fouls`}
          action="Confirm"
          busy={busy && 'Recording…'}
          onCancel={() => setAsk(null)}
          onConfirm={() =>
            void decide({
              winner: other(ask.side),
              method: 'fouls',
              [ask.side === 'A' ? 'fouls_a' : 'fouls_b']: settings.fouls_to_lose,
            })
          }
        >
          <p>
            This is foul {settings.fouls_to_lose} for {athlete(ask.side).name}: they lose the match by fouls.
          </p>
        </ConfirmDialog>
      ) : null}
      {ask?.kind === 'choose' ? (
        <Dialog
          title={CHOOSE[ask.method].title}
          onClose={() => setAsk(null)}
          footer={
            <button type="button" className="button secondary" onClick={() => setAsk(null)}>
              Cancel
            </button>
          }
        >
          <p>{CHOOSE[ask.method].question}</p>
          <div className="table-choose">
            {(['A', 'B'] as const).map((side) => (
              <button
                key={side}
                type="button"
                className="button table-big"
                disabled={busy}
                onClick={() => void decide({ winner: other(side), method: ask.method })}
              >
                {athlete(side).name}
              </button>
            ))}
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

/** Milliseconds since `since`, ticking each second; null when not started. */
function useElapsed(since: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  // Before the first tick `now` may be older than the call: the clock shows 0:00.
  return since === null ? null : Math.max(0, now - since);
}
