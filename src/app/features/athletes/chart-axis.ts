/**
 * The skill chart's time axis, drawn by hand: where the ticks go and how they
 * read. Ticks fall on calendar boundaries (days, Sundays, first days of
 * months, new years) at the step that gives about as many as asked, the way
 * chart libraries place time ticks; all in UTC, like the plain dates they
 * come from.
 */
import { MONTHS } from '../../lib/labels.ts';

const DAY = 86_400_000;

interface Step {
  /** Roughly how long the step is, to choose one. */
  ms: number;
  /** The first boundary at or after `t`. */
  ceil: (t: number) => number;
  /** The boundary after `t` (a boundary itself). */
  next: (t: number) => number;
}

/** Every n-th day of the month, counted from the 1st, so the ticks do not drift as the range moves. */
const dayStep = (n: number): Step => {
  const onStep = (t: number) => (new Date(t).getUTCDate() - 1) % n === 0;
  const from = (t: number) => {
    while (!onStep(t)) t += DAY;
    return t;
  };
  return { ms: n * DAY, ceil: (t) => from(Math.ceil(t / DAY) * DAY), next: (t) => from(t + DAY) };
};

const weekStep: Step = {
  ms: 7 * DAY,
  ceil: (t) => {
    const day = Math.ceil(t / DAY) * DAY;
    return day + ((7 - new Date(day).getUTCDay()) % 7) * DAY;
  },
  next: (t) => t + 7 * DAY,
};

const monthStep = (n: number): Step => ({
  ms: n * 30 * DAY,
  ceil: (t) => {
    const d = new Date(t);
    let month = d.getUTCMonth() + (t > Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) ? 1 : 0);
    month = Math.ceil(month / n) * n;
    return Date.UTC(d.getUTCFullYear(), month, 1);
  },
  next: (t) => {
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
  },
});

const yearStep = (n: number): Step => ({
  ms: n * 365 * DAY,
  ceil: (t) => {
    const d = new Date(t);
    const year = d.getUTCFullYear() + (t > Date.UTC(d.getUTCFullYear(), 0, 1) ? 1 : 0);
    return Date.UTC(Math.ceil(year / n) * n, 0, 1);
  },
  next: (t) => Date.UTC(new Date(t).getUTCFullYear() + n, 0, 1),
});

const STEPS: Step[] = [dayStep(1), dayStep(2), weekStep, monthStep(1), monthStep(3), yearStep(1), yearStep(2)];

/** Tick times (ms, UTC midnights) between `from` and `to`, about `count` of them. */
export function timeTicks(from: number, to: number, count: number): number[] {
  if (!(to > from)) return [from];
  const target = (to - from) / count;
  const i = STEPS.findIndex((s) => s.ms > target);
  const step =
    i === -1
      ? STEPS.at(-1)!
      : i === 0
        ? STEPS[0]!
        : target / STEPS[i - 1]!.ms < STEPS[i]!.ms / target
          ? STEPS[i - 1]!
          : STEPS[i]!;
  const ticks: number[] = [];
  for (let t = step.ceil(from); t <= to && ticks.length < 50; t = step.next(t)) ticks.push(t);
  return ticks;
}

/** 'Nov 01' for the short ranges, 'Jan 2025' for the long ones. */
export function tickLabel(t: number, long: boolean): string {
  const d = new Date(t);
  const month = MONTHS[d.getUTCMonth()]!;
  return long ? `${month} ${d.getUTCFullYear()}` : `${month} ${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** A plain date (YYYY-MM-DD) as its UTC midnight. */
export const dayTime = (day: string): number => Date.parse(`${day}T00:00:00Z`);
