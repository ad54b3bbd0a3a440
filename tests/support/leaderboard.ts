import type { APIRequestContext } from '@playwright/test';
import type { Leaderboard } from '../../src/shared/rankings.ts';

/** The real server's leaderboard, so tests name real athletes of the demo state instead of hard-coding them. */
export async function leaderboard(request: APIRequestContext, sex: 'M' | 'F'): Promise<Leaderboard> {
  const res = await request.get(`/api/v1/leaderboard?sex=${sex}`);
  if (!res.ok()) throw new Error(`leaderboard ${sex}: ${res.status()}`);
  return (await res.json()) as Leaderboard;
}
