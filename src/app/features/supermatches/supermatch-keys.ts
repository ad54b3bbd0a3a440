import type { Hand } from '../../../shared/rankings.ts';

/** The supermatch queries' keys: the card list, the featured cards, and one head-to-head per pair, hand and length. */
export const supermatchKeys = {
  all: ['supermatches'] as const,
  list: () => [...supermatchKeys.all, 'list'] as const,
  featured: () => [...supermatchKeys.all, 'featured'] as const,
  headToHead: (a: string, b: string, hand: Hand, bestOf: number) =>
    [...supermatchKeys.all, 'h2h', a, b, hand, bestOf] as const,
};
