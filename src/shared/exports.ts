import { z } from 'zod';
import { handSchema, sexSchema } from './rankings.ts';

/**
 * The open-data downloads' queries: one leaderboard (a sex, a hand) as a CSV
 * sheet. The hand defaults to the right, as the board opens on it.
 */
export const leaderboardExportQuerySchema = z.object({
  sex: sexSchema,
  hand: handSchema.default('RH'),
});
export type LeaderboardExportQuery = z.infer<typeof leaderboardExportQuerySchema>;

/** The columns of a downloaded leaderboard, in order. */
export const LEADERBOARD_CSV_COLUMNS = [
  'rank',
  'name',
  'weight_class',
  'class_rank',
  'skill',
  'rank_change',
  'club',
] as const;
