import type { ReactNode } from 'react';
import type { ReviewStatus } from '../../../shared/supermatch-review.ts';
import { CloseButton, Dialog } from '../../ui/Dialog.tsx';
import { DecisionSection, StatusChip, type HistoryEntry } from './ReviewParts.tsx';
import type { DecisionProblem, Verdict } from './use-decision.ts';

/**
 * Close, the reason a decision failed, Deny and Approve. A button is disabled
 * when the item already has that status or while a decision is on its way;
 * Approve also while `approveBlockedBy` names what is missing.
 */
function DecisionFooter({
  status,
  busy,
  problem,
  approveBlockedBy,
  onClose,
  onDecide,
}: {
  status: ReviewStatus;
  busy: Verdict | null;
  problem: DecisionProblem | null;
  /** The id of the text saying why Approve cannot be pressed yet. */
  approveBlockedBy?: string | undefined;
  onClose: () => void;
  onDecide: (status: Verdict) => void;
}) {
  return (
    <div className="review-footer">
      <CloseButton onClose={onClose} secondary />
      <p className="review-error" role="alert">
        {problem?.message}
      </p>
      <button
        type="button"
        className="button danger"
        disabled={status === 'denied' || busy !== null}
        onClick={() => onDecide('denied')}
      >
        {busy === 'denied' ? 'Denying…' : 'Deny'}
      </button>
      <button
        type="button"
        className="button"
        disabled={status === 'approved' || busy !== null || !!approveBlockedBy}
        aria-describedby={approveBlockedBy}
        onClick={() => onDecide('approved')}
      >
        {busy === 'approved' ? 'Approving…' : 'Approve'}
      </button>
    </div>
  );
}

/**
 * A review modal: its title, a summary line ending in the status chip, the
 * item's own sections, the Decision section once it is no longer pending, and
 * the decision footer.
 */
export function ReviewDialog({
  title,
  summary,
  status,
  record,
  decision,
  approveBlockedBy,
  onClose,
  onDecide,
  children,
}: {
  title: string;
  summary: ReactNode;
  status: ReviewStatus;
  /** Who decided last, when, and every decision so far. */
  record: { decidedBy: string | null; decidedAt: string | null; history: HistoryEntry[] | undefined };
  decision: { busy: Verdict | null; problem: DecisionProblem | null };
  approveBlockedBy?: string | undefined;
  onClose: () => void;
  onDecide: (status: Verdict) => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      className="review-dialog"
      footer={
        <DecisionFooter
          status={status}
          busy={decision.busy}
          problem={decision.problem}
          approveBlockedBy={approveBlockedBy}
          onClose={onClose}
          onDecide={onDecide}
        />
      }
    >
      <p className="review-summary">
        {summary}
        <StatusChip status={status} />
      </p>
      {children}
      {status !== 'pending' ? <DecisionSection {...record} /> : null}
    </Dialog>
  );
}
