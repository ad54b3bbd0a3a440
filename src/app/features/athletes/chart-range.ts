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

/** What each range covers, in words (the chart's text alternative says which it shows). */
export const RANGE_NAMES: Record<ChartRange, string> = {
  '1w': 'the last week',
  '1m': 'the last month',
  '1y': 'the last year',
  '5y': 'the last five years',
};

/** The skill axis runs 0-60; a value outside it is drawn (and read) at the nearer end. */
export const SKILL_MAX = 60;

/** One day of the chart: each hand's skill in force that day, or null before the hand's first value. */
export interface ChartDay {
  day: string;
  left: number | null;
  right: number | null;
}

const clampSkill = (v: number) => Math.min(Math.max(v, 0), SKILL_MAX);

/**
 * Both hands' step series on one list of days: every day either hand changes, with each hand's value in force
 * that day carried from its last change. So a pointer on any day finds both hands, and the text alternative has
 * one row per day.
 */
export function chartDays(left: Point[], right: Point[]): ChartDay[] {
  const days = [...new Set([...left, ...right].map((p) => p.x))].sort();
  const valueOn = (points: Point[]) => {
    let i = -1;
    return (day: string) => {
      while (i + 1 < points.length && points[i + 1]!.x <= day) i++;
      return i < 0 ? null : clampSkill(points[i]!.y);
    };
  };
  const l = valueOn(left);
  const r = valueOn(right);
  return days.map((day) => ({ day, left: l(day), right: r(day) }));
}
