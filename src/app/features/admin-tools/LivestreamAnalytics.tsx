import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { clampSinceHours, SINCE_HOURS } from '../../../shared/analytics-window.ts';
import type { AnalyticsSummary } from '../../../shared/events.ts';
import { apiUrl } from '../../lib/api.ts';
import { CollapsiblePanel } from '../../ui/CollapsiblePanel.tsx';
import { Field } from '../../ui/Field.tsx';
import { analyticsSummaryPath, useAnalyticsSummary } from './admin-tools-api.ts';
import './admin-tools.css';

export const ANALYTICS_FAILED = 'Failed to fetch summary.';

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${count(n)} ms`;
const minutes = (n: number) => `${(n / 60_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} min`;

/** The rows of the summary, in the order an admin reads them. */
const ROWS: { label: string; value: (s: AnalyticsSummary) => ReactNode }[] = [
  { label: 'Opens', value: (s) => count(s.opens) },
  { label: 'Closes', value: (s) => count(s.closes) },
  { label: 'Unique IPs', value: (s) => count(s.unique_ips) },
  { label: 'Views (unique sessions)', value: (s) => count(s.unique_sessions) },
  { label: 'Avg Open', value: (s) => ms(s.avg_open_ms) },
  { label: 'Avg Watch', value: (s) => ms(s.avg_watch_ms) },
  {
    label: 'Total Watch',
    value: (s) => (
      <>
        {ms(s.total_watch_ms)} <span className="stat-sub">({minutes(s.total_watch_ms)})</span>
      </>
    ),
  },
  { label: 'Window', value: (s) => `Last ${count(s.since_hours)} h` },
];

/**
 * The livestream popup's opens and closes summed up over the last N hours.
 * Nothing is read until the panel is first opened; after that, Fetch Summary
 * reads again. The rows keep their place with a dash before the first answer,
 * so the panel does not jump when the numbers arrive.
 */
export function LivestreamAnalytics() {
  const uid = useId();
  const [hours, setHours] = useState(String(SINCE_HOURS.default));
  const summary = useAnalyticsSummary();
  const fetched = useRef(false);

  const fetchSummary = () => {
    const n = clampSinceHours(hours);
    // Show the hours that were asked for (an empty or out-of-range field becomes what the server uses).
    setHours(String(n));
    fetched.current = true;
    summary.mutate(n);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    fetchSummary();
  };
  const data = summary.data;
  const busy = summary.isPending;

  return (
    <CollapsiblePanel
      title="Livestream Analytics"
      className="admin-panel"
      defaultOpen={false}
      onOpen={() => {
        if (!fetched.current) fetchSummary();
      }}
    >
      <form className="analytics-form" noValidate onSubmit={onSubmit}>
        <Field label="Since (hours)">
          {(control) => (
            <input
              {...control}
              className="input analytics-hours"
              type="number"
              inputMode="numeric"
              min={SINCE_HOURS.min}
              max={SINCE_HOURS.max}
              step={1}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
            />
          )}
        </Field>
        <div className="analytics-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Fetching…' : 'Fetch Summary'}
          </button>
          <a
            className="analytics-raw"
            href={apiUrl(analyticsSummaryPath(clampSinceHours(hours)))}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={`${uid}-raw-hint`}
          >
            Open raw API link
          </a>
        </div>
        <p id={`${uid}-raw-hint`} className="field-hint analytics-raw-hint">
          The raw JSON needs your sign-in token; a new tab does not send it and answers “Sign in to do this.”
        </p>
      </form>
      {summary.isError ? (
        <p className="field-error admin-message" role="alert">
          {ANALYTICS_FAILED}
        </p>
      ) : null}
      <dl className="stat-grid" aria-busy={busy}>
        {ROWS.map(({ label, value }) => (
          <div key={label} className="stat">
            <dt>{label}</dt>
            <dd>{data ? value(data) : '—'}</dd>
          </div>
        ))}
      </dl>
    </CollapsiblePanel>
  );
}
