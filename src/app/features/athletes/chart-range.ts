/** Chart ranges 1w, 1m, 1y, 5y; default 1m; nothing else accepted. */
export const CHART_RANGES = ['1w', '1m', '1y', '5y'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const DEFAULT_RANGE: ChartRange = '1m';

const DAYS: Record<ChartRange, number> = { '1w': 7, '1m': 30, '1y': 365, '5y': 5 * 365 + 1 };

export function parseRange(value: unknown): ChartRange {
  return (CHART_RANGES as readonly unknown[]).includes(value) ? (value as ChartRange) : DEFAULT_RANGE;
}

export interface Point {
  x: string;
  y: number;
}

/**
 * The points of a step series inside the range. The series holds values at
 * the days they changed, so the value in force at the range's start is
 * carried to that start, and the last value to today.
 */
export function pointsInRange(days: string[], values: (number | null)[], range: ChartRange, today: string): Point[] {
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - DAYS[range]);
  const from = start.toISOString().slice(0, 10);
  const points: Point[] = [];
  let before: number | undefined;
  days.forEach((day, i) => {
    const y = values[i];
    if (y === undefined || y === null) return;
    if (day < from) before = y;
    else if (day <= today) points.push({ x: day, y });
  });
  if (before !== undefined && points[0]?.x !== from) points.unshift({ x: from, y: before });
  const last = points.at(-1);
  if (last && last.x !== today) points.push({ x: today, y: last.y });
  return points;
}
