import { useState } from 'react';
import { rowResultText } from '../../../../shared/tournament-contract/match-row.ts';
import { matchLabel } from '../common/category-state.ts';
import { Correction } from './Correction.tsx';
import type { CategoryProps } from './desk-props.ts';

/**
 * Every result recorded in the category, each with 'Correct' (published ones too: their medals and ratings are
 * recomputed by the server). Results decided without a pull (a withdrawal's or disqualification's later matches)
 * follow from the one that caused them and are not corrected on their own.
 */
export function RecordedResults({ tournament, category }: CategoryProps) {
  const [correctingId, setCorrectingId] = useState<number | null>(null);
  // Looked up in the latest read: the match shown is always the server's.
  const correcting = category.matches.find((m) => m.id === correctingId);
  const done = category.matches.filter((m) => m.status === 'done' && !m.auto && m.a !== null && m.b !== null);
  if (done.length === 0) return null;
  return (
    <details className="head-table-recorded">
      <summary>Recorded results ({done.length})</summary>
      <ul aria-label="Recorded results">
        {done.map((m) => (
          <li key={m.id}>
            {matchLabel(m)}: {rowResultText(m)}{' '}
            <button
              type="button"
              className="button secondary small"
              aria-label={`Correct ${matchLabel(m)}: ${m.a} vs ${m.b}`}
              onClick={() => setCorrectingId(m.id)}
            >
              Correct
            </button>
          </li>
        ))}
      </ul>
      {correcting ? (
        <Correction
          tournament={tournament}
          category={category}
          match={correcting}
          onClose={() => setCorrectingId(null)}
        />
      ) : null}
    </details>
  );
}
