/**
 * A category's state as the public read names it, and its words. A module of its own, free of zod, because the
 * brackets page shows the labels and must not carry the schemas (category.ts builds its schema from this list).
 */
export const CATEGORY_STATUSES = ['not_drawn', 'running', 'finished', 'published'] as const;
export type CategoryStatus = (typeof CATEGORY_STATUSES)[number];
export const CATEGORY_STATUS_LABELS: Record<CategoryStatus, string> = {
  not_drawn: 'Not drawn',
  running: 'Running',
  finished: 'Finished',
  published: 'Published',
};
