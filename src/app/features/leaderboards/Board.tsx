import { memo, useEffect, useMemo, useState } from 'react';
import { classLabel } from '../../../shared/association.ts';
import type { Hand, Leaderboard } from '../../../shared/rankings.ts';
import { boardUnits } from '../../lib/leaderboard-api.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { Chips } from '../../ui/Chips.tsx';
import { AthleteCell } from './AthleteCell.tsx';
import {
  handView,
  INITIAL_ROWS,
  prepareClassViews,
  rowsFor,
  stickyLabel,
  type BoardView,
  type Row,
} from './board-rows.ts';

function Delta({ row, dev }: { row: Row | undefined; dev: boolean }) {
  // Movement arrows show in dev environments only.
  if (!row || !dev || row.delta === 0) return null;
  const up = row.delta > 0;
  return (
    <span className={`delta ${up ? 'up' : 'down'}`} aria-label={`${up ? 'up' : 'down'} ${Math.abs(row.delta)}`}>
      {up ? '▲' : '▼'}
      {Math.abs(row.delta)}
    </span>
  );
}

/**
 * One division's leaderboard: class chips, combine, sticky label, hand slider, the table. Memoized: the screen
 * renders again for what does not touch the rows (the popup opening or closing, the later parts coming after the
 * first content), and both boards' rows drawn again with it were a task of 15 ms on this machine (60 at 4x).
 */
export const Board = memo(function Board({
  board,
  title,
  dev,
  flipped,
  onFlip,
  onOpen,
}: {
  board: Leaderboard;
  title: string;
  dev: boolean;
  flipped: string | null;
  onFlip: (key: string | null) => void;
  onOpen: (name: string) => void;
}) {
  const [view, setView] = useState<BoardView>({ weightClass: null, combine: true });
  const [hand, setHand] = useState<Hand>('RH');
  const [expanded, setExpanded] = useState(false);
  const id = `board-${board.sex}`;

  const leftView = useMemo(() => handView(board, 'LH', view), [board, view]);
  const rightView = useMemo(() => handView(board, 'RH', view), [board, view]);
  const total = Math.max(leftView.total, rightView.total);
  const shown = expanded ? total : Math.min(INITIAL_ROWS, total);
  const left = useMemo(() => rowsFor(board, 'LH', view, shown, leftView), [board, view, shown, leftView]);
  const right = useMemo(() => rowsFor(board, 'RH', view, shown, rightView), [board, view, shown, rightView]);
  // The class views are built in idle time after the first paint, ready for the first class change:
  // one hand per idle moment, so neither is a long task on a phone.
  useEffect(() => {
    const hands: Hand[] = ['RH', 'LH'];
    let stop = () => {};
    const next = () => {
      const hand = hands.shift();
      if (!hand) return;
      stop = whenIdle(
        () => {
          prepareClassViews(board, hand);
          next();
        },
        2000,
        200,
      );
    };
    next();
    return () => stop();
  }, [board]);
  const overall = useMemo(() => {
    const ranks = (h: Hand) => new Map(board.ranks[h].map((r, i) => [r.name, i + 1]));
    return { LH: ranks('LH'), RH: ranks('RH') };
  }, [board]);

  // Changing the class or the combine option collapses the extra rows.
  const changeView = (next: BoardView) => {
    setView(next);
    setExpanded(false);
  };

  const cell = (h: Hand, row: Row | undefined) => {
    if (!row) return null;
    const key = `${board.sex}:${h}:${row.name}`;
    return (
      <AthleteCell
        board={board}
        hand={h}
        name={row.name}
        overallRank={overall[h].get(row.name) ?? 0}
        flipped={flipped === key}
        dev={dev}
        onFlip={() => onFlip(flipped === key ? null : key)}
        onOpen={() => onOpen(row.name)}
      />
    );
  };

  return (
    <section className="board" aria-labelledby={`${id}-title`} data-hand={hand}>
      <h2 id={`${id}-title`}>{title}</h2>
      <Chips
        label={`${title} weight class`}
        options={[
          { value: null, text: 'All' },
          ...board.classes.map((c) => ({ value: c, text: classLabel(c, boardUnits(board)) })),
        ]}
        pressed={(c) => c === view.weightClass}
        // A second press on the chosen class goes back to All.
        onChoose={(c) => changeView({ ...view, weightClass: c === view.weightClass ? null : c })}
      />
      <div className="board-controls">
        <label className="check">
          <input
            type="checkbox"
            checked={view.combine}
            onChange={(e) => changeView({ ...view, combine: e.target.checked })}
          />
          Combine with lower weight classes
        </label>
        <fieldset className="hand-slider" data-hand={hand}>
          <legend className="visually-hidden">{title}: hand</legend>
          {(['LH', 'RH'] as const).map((h) => (
            <label key={h} className={hand === h ? 'on' : ''}>
              <input type="radio" name={`${id}-hand`} value={h} checked={hand === h} onChange={() => setHand(h)} />
              {h === 'LH' ? 'Left' : 'Right'}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="sticky-label" aria-live="polite">
        {stickyLabel(view, boardUnits(board))}
      </p>
      {total === 0 ? (
        <p className="muted">No athletes in this class yet.</p>
      ) : (
        <table className="board-table">
          <thead>
            <tr>
              {dev ? (
                <th scope="col" className="col-lh col-delta">
                  <span className="visually-hidden">Left hand change</span>
                </th>
              ) : null}
              <th scope="col" className="col-lh">
                Left
              </th>
              <th scope="col" className="col-rank">
                #
              </th>
              <th scope="col" className="col-rh">
                Right
              </th>
              {dev ? (
                <th scope="col" className="col-rh col-delta">
                  <span className="visually-hidden">Right hand change</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: shown }, (_, i) => (
              <tr key={i}>
                {dev ? (
                  <td className="col-lh col-delta">
                    <Delta row={left[i]} dev={dev} />
                  </td>
                ) : null}
                <td className="col-lh">{cell('LH', left[i])}</td>
                <td className="col-rank">{i + 1}</td>
                <td className="col-rh">{cell('RH', right[i])}</td>
                {dev ? (
                  <td className="col-rh col-delta">
                    <Delta row={right[i]} dev={dev} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > INITIAL_ROWS ? (
        <button type="button" className="expand" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
          {expanded ? 'Show top 10' : `Show all ${total}`}
        </button>
      ) : null}
      {/* The whole board on the hand shown, as the server's open-data sheet (routes/exports.ts). */}
      <p className="muted">
        <a href={`/api/v1/export/leaderboard.csv?sex=${board.sex}&hand=${hand}`} download>
          Download CSV
          <span className="visually-hidden">{` (${title}, ${hand === 'LH' ? 'left' : 'right'} hand)`}</span>
        </a>
      </p>
    </section>
  );
});

/**
 * A board's room while its data loads: the height of a board with its first
 * rows (CSS), so nothing below moves when the rows come. It is hidden from
 * assistive tech (the screen's status line says it is loading) and has no
 * table, so nothing mistakes it for rows.
 */
export function BoardSkeleton({ title }: { title: string }) {
  return (
    <div className="board board-skeleton" aria-hidden="true">
      <p className="board-skeleton-title">{title}</p>
      {Array.from({ length: INITIAL_ROWS }, (_, i) => (
        <span key={i} className="board-skeleton-row" />
      ))}
    </div>
  );
}
