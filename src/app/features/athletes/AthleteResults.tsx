import { useDeferredValue, useId, useState } from 'react';
import type { AthleteResult } from '../../../shared/rankings.ts';
import { formatDay, handLabel, ordinal } from '../../lib/labels.ts';
import './athlete-results.css';

/** The popup shows the newest ten results; 'Show all' opens the rest. */
export const RESULTS_SHOWN = 10;

/** What happened, in words: 'Won 3-1 vs Cy Cole' or '2nd, Pro 198 lbs'. */
export function outcomeText(r: AthleteResult): string {
  if (r.pins) {
    const score = `${r.pins.won}-${r.pins.lost}`;
    return `${r.won ? 'Won' : 'Lost'} ${score} vs ${r.opponent ?? 'unknown'}`;
  }
  return `${r.place ? ordinal(r.place) : '—'}, ${r.bracket ?? ''}`;
}

function ResultRow({ r, dev }: { r: AthleteResult; dev: boolean }) {
  return (
    <li className={r.won ? 'result-won' : 'result-lost'}>
      <span className="result-when">
        <time dateTime={r.date}>{formatDay(r.date)}</time> · {handLabel(r.hand)}
      </span>
      <span className="result-what">{outcomeText(r)}</span>
      <span className="result-where">{r.event ?? 'Supermatch'}</span>
      {dev ? (
        <span className="result-skill" aria-label={`Skill ${r.skill_before.toFixed(1)} to ${r.skill_after.toFixed(1)}`}>
          {r.skill_before.toFixed(1)} → {r.skill_after.toFixed(1)}
        </span>
      ) : null}
    </li>
  );
}

const NONE: readonly AthleteResult[] = [];

/**
 * The athlete's rated results, newest first, so a person can see why a rating
 * moved. The skill numbers before and after show only where the app shows skill
 * numbers at all (test hosts); elsewhere skill reads 'Calibrating'. The list
 * sits at the popup's foot: it is drawn after the popup's first paint, one
 * row at a time with pauses between (a deferred value renders in a transition
 * React can interrupt), instead of in the same long task as everything above it.
 */
export function AthleteResults({ results: given, dev }: { results: readonly AthleteResult[]; dev: boolean }) {
  const results = useDeferredValue(given, NONE);
  const [all, setAll] = useState(false);
  const headingId = useId();
  if (!results.length) return null;
  const shown = all ? results : results.slice(0, RESULTS_SHOWN);
  return (
    <section className="results-block" aria-labelledby={headingId}>
      <h3 id={headingId}>Results</h3>
      <ol className="result-list">
        {shown.map((r, i) => (
          <ResultRow key={i} r={r} dev={dev} />
        ))}
      </ol>
      {!all && results.length > RESULTS_SHOWN ? (
        <button type="button" className="button link" onClick={() => setAll(true)}>
          Show all ({results.length})
        </button>
      ) : null}
    </section>
  );
}
