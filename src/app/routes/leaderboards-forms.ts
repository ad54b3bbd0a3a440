/**
 * The home screen's two forms (the supermatch panel and the feedback sheet) as
 * ONE lazy chunk: zod and the shared rules load once, off the first screen.
 * Two separate lazy chunks made the bundler add a common chunk and pull
 * shared helpers out of the entry, costing about 0.6 KB more of first-screen
 * JavaScript (measured with scripts/check-bundle-size.ts).
 */
export { default as SupermatchForm } from '../features/supermatch-result/SupermatchForm.tsx';
export { default as FeedbackSheet } from '../features/feedback/FeedbackSheet.tsx';
