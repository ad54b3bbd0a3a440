import { useQuery } from '@tanstack/react-query';
import type { SupermatchReviewItem } from '../../../shared/answers/review.ts';
import { supermatchQueueQuery } from './review-api.ts';
import { HandChip, TrustIcon } from './ReviewParts.tsx';
import { ReviewQueue } from './ReviewQueue.tsx';
import type { Column } from './ReviewTable.tsx';
import { formatDay } from '../../lib/labels.ts';
import { SupermatchModal } from './SupermatchModal.tsx';
import { scoreText, sidesOf } from './supermatch-view.ts';

const COLUMNS: Column<SupermatchReviewItem>[] = [
  { className: 'col-date', header: 'Date', render: (item) => formatDay(item.date) },
  {
    className: 'col-trust',
    header: <span className="visually-hidden">Submitter trust</span>,
    render: (item) => <TrustIcon trust={item.submitter_trust} />,
  },
  { className: 'col-submitter', header: 'Submitter', render: (item) => item.submitter.trim() || 'Anonymous' },
  {
    className: 'col-match',
    header: 'Match',
    render: (item, open) => {
      const { winner, loser } = sidesOf(item);
      return (
        <span className="match-cell">
          {open(`${winner} vs ${loser}`)}
          <HandChip hand={item.hand} />
        </span>
      );
    },
  },
  { className: 'col-score', header: 'Score', render: (item) => scoreText(item) },
];

/** The queue of submitted supermatch results: filter by status, open one to approve or deny it. */
export function SupermatchReview() {
  return (
    <ReviewQueue
      title="Supermatches"
      what="supermatches"
      filterLabel="Supermatch status"
      pendingHint="Results sent with the Submit Supermatch Result form show up here."
      columns={COLUMNS}
      tableClassName="supermatch-table"
      query={useQuery(supermatchQueueQuery())}
      renderModal={(item, close) => <SupermatchModal key={item.id} item={item} onClose={close} />}
    />
  );
}
