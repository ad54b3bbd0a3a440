import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import type { Hand } from '../../../shared/rankings.ts';
import {
  REVIEW_STATUSES,
  TRUST_LABELS,
  type ReviewStatus,
  type TrustState,
} from '../../../shared/supermatch-review.ts';
import { handLabel } from '../../lib/labels.ts';
import { Chips } from '../../ui/Chips.tsx';
import { formatMoment, STATUS_LABELS } from './review-texts.ts';

/** The pieces both review queues are made of: chips, the trust icon, the filter, the modal's sections and footer. */

export function StatusChip({ status }: { status: ReviewStatus }) {
  return <span className={`review-status review-status-${status}`}>{STATUS_LABELS[status]}</span>;
}

export function HandChip({ hand }: { hand: Hand }) {
  return <span className={`hand-chip hand-${hand === 'RH' ? 'rh' : 'lh'}`}>{handLabel(hand)}</span>;
}

/** The count in a panel's heading: how many wait for a decision (nothing until it is known). */
export const pendingBadge = (count: number | undefined) =>
  count === undefined ? null : { text: `${count} pending`, className: `review-count${count ? ' has-pending' : ''}` };

const TRUST_GLYPHS: Record<TrustState, ReactNode> = {
  // A shield.
  admin: <path d="M12 2.5 4 5.5v6c0 4.7 3.4 8.6 8 10 4.6-1.4 8-5.3 8-10v-6l-8-3Z" />,
  // A flag on its pole.
  flagged: <path d="M5 21V3.5h1.8v1h11.7l-2.6 4.3 2.6 4.4H6.8V21H5Z" />,
  // A badge with a tick.
  trusted: (
    <path d="M12 2 14.6 4.3 18 4l.9 3.3L22 9l-1.4 3 1.4 3-3.1 1.7L18 20l-3.4-.3L12 22l-2.6-2.3L6 20l-.9-3.3L2 15l1.4-3L2 9l3.1-1.7L6 4l3.4.3L12 2Zm-1.3 13.6 6-6-1.4-1.4-4.6 4.6-2.2-2.2-1.4 1.4 3.6 3.6Z" />
  ),
  // A person.
  logged_in: (
    <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.4-8 5.5V21h16v-1.5c0-3.1-3.6-5.5-8-5.5Z" />
  ),
  // A person's outline.
  anonymous: (
    <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0-1.8a2.7 2.7 0 1 1 0-5.4 2.7 2.7 0 0 1 0 5.4ZM12 14c-4.4 0-8 2.4-8 5.5V21h16v-1.5c0-3.1-3.6-5.5-8-5.5Zm-6.1 5.2c.4-1.6 2.9-3.4 6.1-3.4s5.7 1.8 6.1 3.4H5.9Z" />
  ),
};

/**
 * Who sent a submission, as an icon with its words for screen readers and a
 * tooltip for the pointer. `decorative` when its words are written beside it.
 */
export function TrustIcon({ trust, decorative = false }: { trust: TrustState; decorative?: boolean }) {
  const state: TrustState = trust in TRUST_GLYPHS ? trust : 'anonymous';
  const label = TRUST_LABELS[state];
  if (decorative) {
    return (
      <span className={`trust-icon trust-${state}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="20" height="20" focusable="false" fill="currentColor">
          {TRUST_GLYPHS[state]}
        </svg>
      </span>
    );
  }
  return (
    <span className={`trust-icon trust-${state}`} role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="currentColor">
        {TRUST_GLYPHS[state]}
      </svg>
    </span>
  );
}

/** Pending / Approved / Denied chips with their counts; the chosen one is pressed. */
export function StatusFilter({
  label,
  value,
  counts,
  onChange,
}: {
  label: string;
  value: ReviewStatus;
  counts: Record<ReviewStatus, number> | undefined;
  onChange: (status: ReviewStatus) => void;
}) {
  return (
    <Chips
      className="review-filter"
      label={label}
      options={REVIEW_STATUSES.map((status) => ({
        value: status,
        text: STATUS_LABELS[status],
        count: counts?.[status],
      }))}
      pressed={(status) => status === value}
      onChoose={onChange}
    />
  );
}

export function countByStatus(items: { status: ReviewStatus }[] | undefined): Record<ReviewStatus, number> | undefined {
  if (!items) return undefined;
  const counts: Record<ReviewStatus, number> = { pending: 0, approved: 0, denied: 0 };
  for (const item of items) counts[item.status] += 1;
  return counts;
}

/**
 * What a queue shows besides its rows: loading, a failed load with Retry
 * (what was loaded before stays on screen), or the empty state of the filter.
 */
export function QueueBody({
  query,
  what,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<unknown[]>, 'data' | 'isError' | 'isFetching' | 'refetch'>;
  what: string;
  empty: { title: string; hint?: string } | null;
  children: ReactNode;
}) {
  if (query.data === undefined) {
    if (query.isError) {
      return (
        <div className="review-empty" role="alert">
          <p className="review-empty-title">Could not load the {what}.</p>
          <button type="button" className="button secondary small" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      );
    }
    return (
      <p className="review-loading" aria-busy="true">
        Loading the {what}…
      </p>
    );
  }
  return (
    <>
      {query.isError && !query.isFetching ? (
        <p className="review-stale" role="alert">
          Could not refresh the {what}; showing what was loaded before.{' '}
          <button type="button" className="button secondary small" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {empty ? (
        <div className="review-empty">
          <p className="review-empty-title">{empty.title}</p>
          {empty.hint ? <p className="muted">{empty.hint}</p> : null}
        </div>
      ) : (
        children
      )}
    </>
  );
}

/** A labelled list of facts; a missing value reads as a dash. */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="review-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="review-fact">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? <Dash /> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A dash for a missing value, read out as "none". */
export function Dash() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">none</span>
    </>
  );
}

/** A modal's section: a heading and its body, named by the heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="review-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** The submitter's address stays hidden until the admin asks for it. */
export function IpReveal({ ip }: { ip: string | null }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  if (!ip) return <Dash />;
  return (
    <span className="ip-reveal">
      <span id={id} className={shown ? 'ip-value' : 'muted'}>
        {shown ? ip : 'Hidden'}
      </span>
      <button
        type="button"
        className="button secondary small"
        aria-controls={id}
        aria-expanded={shown}
        aria-label={shown ? 'Hide IP address' : 'Reveal IP address'}
        onClick={() => setShown(!shown)}
      >
        {shown ? 'Hide' : 'Reveal'}
      </button>
    </span>
  );
}

export interface HistoryEntry {
  from: ReviewStatus;
  to: ReviewStatus;
  decided_by: string;
  decided_at: string;
}

/** Who decided, when, and every decision before, oldest first. Shown once the item is no longer pending. */
export function DecisionSection({
  decidedBy,
  decidedAt,
  history,
}: {
  decidedBy: string | null;
  decidedAt: string | null;
  history: HistoryEntry[] | undefined;
}) {
  return (
    <Section title="Decision">
      <Facts
        rows={[
          ['Decided by', decidedBy],
          ['Decided at', decidedAt ? formatMoment(decidedAt) : null],
        ]}
      />
      {history?.length ? (
        <>
          <h4 className="review-subheading">History</h4>
          <ol className="review-history">
            {history.map((d, i) => (
              <li key={`${d.decided_at}-${i}`}>
                <span className="history-move">
                  <StatusChip status={d.from} /> <span aria-hidden="true">→</span>
                  <span className="visually-hidden"> to </span> <StatusChip status={d.to} />
                </span>
                <span className="history-who">
                  {d.decided_by} · <time dateTime={d.decided_at}>{formatMoment(d.decided_at)}</time>
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </Section>
  );
}
