import { useQuery } from '@tanstack/react-query';
import type { AccountClaim } from '../../../shared/name-claims.ts';
import { AccountModal } from './AccountModal.tsx';
import { accountQueueQuery } from './review-api.ts';
import { Dash } from './ReviewParts.tsx';
import { ReviewQueue } from './ReviewQueue.tsx';
import type { Column } from './ReviewTable.tsx';
import { formatMomentDay } from './review-texts.ts';

const COLUMNS: Column<AccountClaim>[] = [
  { className: 'col-date', header: 'Date', render: (claim) => formatMomentDay(claim.submittedAt) },
  {
    className: 'col-athlete',
    header: 'Athlete',
    render: (claim, open) => (
      <span className="athlete-cell">
        {open(claim.athleteName)}
        <span className="muted athlete-id">{claim.athleteId === null ? <Dash /> : `ID: ${claim.athleteId}`}</span>
      </span>
    ),
  },
  { className: 'col-email', header: 'Email', render: (claim) => claim.claimerEmail ?? <Dash /> },
];

/** The queue of accounts' claims to athletes' names: filter by status, open one to verify or deny it. */
export function AccountReview() {
  return (
    <ReviewQueue
      title="Accounts"
      what="account claims"
      filterLabel="Account claim status"
      pendingHint="Names athletes claim on their account page show up here."
      columns={COLUMNS}
      tableClassName="account-table"
      query={useQuery(accountQueueQuery())}
      renderModal={(claim, close) => <AccountModal key={claim.id} claim={claim} onClose={close} />}
    />
  );
}
