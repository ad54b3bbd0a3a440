import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ReviewStatus } from '../../../shared/supermatch-review.ts';
import { CollapsiblePanel } from '../../ui/CollapsiblePanel.tsx';
import './admin-review.css';
import { countByStatus, pendingBadge, QueueBody, StatusFilter } from './ReviewParts.tsx';
import { ReviewTable, type Column } from './ReviewTable.tsx';
import { emptyQueueTitle, STATUS_LABELS } from './review-texts.ts';

/**
 * A review queue's panel: the pending count in its heading, the status
 * filter (Pending first, since that is the work), the table of the chosen
 * status and the modal of the opened item. The modal follows its item
 * through the query's cache, so a decision shows in it at once, also one
 * that moves the item out of the filtered rows.
 */
export function ReviewQueue<T extends { id: number; status: ReviewStatus }>({
  title,
  what,
  filterLabel,
  pendingHint,
  columns,
  tableClassName,
  query,
  renderModal,
}: {
  title: string;
  /** The queue's items in words, lower case and plural: 'supermatches'. */
  what: string;
  filterLabel: string;
  /** Where the queue's items come from, said while none waits. */
  pendingHint: string;
  columns: Column<T>[];
  tableClassName: string;
  query: UseQueryResult<T[]>;
  renderModal: (item: T, close: () => void) => ReactNode;
}) {
  const [filter, setFilter] = useState<ReviewStatus>('pending');
  const [openId, setOpenId] = useState<number | null>(null);
  const counts = countByStatus(query.data);
  const shown = query.data?.filter((item) => item.status === filter) ?? [];
  const open = openId === null ? undefined : query.data?.find((item) => item.id === openId);

  return (
    <>
      <CollapsiblePanel title={title} badge={pendingBadge(counts?.pending)} className="review-panel">
        <StatusFilter label={filterLabel} value={filter} counts={counts} onChange={setFilter} />
        <QueueBody
          query={query}
          what={what}
          empty={
            shown.length
              ? null
              : { title: emptyQueueTitle(filter, what), hint: filter === 'pending' ? pendingHint : undefined }
          }
        >
          <ReviewTable
            caption={`${STATUS_LABELS[filter]} ${what}`}
            className={tableClassName}
            columns={columns}
            items={shown}
            onOpen={(item) => setOpenId(item.id)}
          />
        </QueueBody>
      </CollapsiblePanel>
      {open ? renderModal(open, () => setOpenId(null)) : null}
    </>
  );
}
