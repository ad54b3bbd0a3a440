/**
 * Entries this tab reported to their form or screen itself: no second 'delivered' toast for them. A module of its
 * own so that a screen listing the outbox does not load the code that sends (submit.ts and the sender).
 */
export const reportedHere = new Set<string>();
