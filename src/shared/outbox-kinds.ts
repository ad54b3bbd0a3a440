import type { OutboxKinds } from './outbox/kinds.ts';
import { SUBMISSION_OUTBOX_KINDS } from './submission-kinds.ts';
import { MATCH_RESULT_KIND, RESULT_OUTBOX_KIND } from './tournament-contract/result-outbox.ts';

/**
 * Every kind of write the outbox carries, each declared where the kind is defined: the page's sender, the service
 * worker and the outbox list are handed this and read a kind's declaration by the entry's `kind`. A new kind of
 * offline write is its declaration and its line here.
 */
export const OUTBOX_KINDS: OutboxKinds = {
  ...SUBMISSION_OUTBOX_KINDS,
  [MATCH_RESULT_KIND]: RESULT_OUTBOX_KIND,
};
