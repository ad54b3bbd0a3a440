/**
 * The admin review queues' query keys. They start with 'admin', which the
 * persisted cache skips: submitters' IPs and e-mails must not stay on the
 * device. Each queue is read whole (every status), so its filter can count
 * per status without a request per status.
 */
export const reviewKeys = {
  all: ['admin', 'review'] as const,
  supermatches: () => [...reviewKeys.all, 'supermatches'] as const,
  accounts: () => [...reviewKeys.all, 'accounts'] as const,
};
