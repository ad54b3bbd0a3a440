// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { markFirstContent } from '../../lib/first-content.ts';
import SkillChart from './SkillChart.tsx';
import { SkillChartFrame } from './SkillChartFrame.tsx';
import { chartDays, type Point } from './chart-range.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// jsdom lays nothing out: the chart's box reports the spec's 560x180, the width the chart reads (useElementWidth).
beforeAll(() => {
  // (jsdom's own answer for every element is an empty box.)
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    return this.classList.contains('skill-chart') ? new DOMRect(0, 0, 560, 180) : new DOMRect();
  };
});

const left: Point[] = [
  { x: '2026-10-24', y: 30 },
  { x: '2026-11-14', y: 45 },
  { x: '2026-11-23', y: 45 },
];
const right: Point[] = [
  { x: '2026-10-24', y: 50 },
  { x: '2026-11-23', y: 50 },
];
const days = chartDays(left, right);

/** Each hand's line, told apart by its colour (the legend's). */
const line = (container: HTMLElement, hand: 'left' | 'right') =>
  container.querySelector(`path[stroke="var(--chart-${hand})"]`);

const reducedMotion = (reduce: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

describe('chart days', () => {
  it('puts both hands on every day either changes, carrying each value, clamped to 0-60', () => {
    expect(
      chartDays(
        [
          { x: '2026-01-01', y: 30 },
          { x: '2026-01-05', y: 75 },
        ],
        [
          { x: '2026-01-03', y: -2 },
          { x: '2026-01-05', y: 41.5 },
        ],
      ),
    ).toEqual([
      { day: '2026-01-01', left: 30, right: null },
      { day: '2026-01-03', left: 30, right: 0 },
      { day: '2026-01-05', left: 60, right: 41.5 },
    ]);
  });
});

describe('skill chart (nivo)', () => {
  it('draws each hand as a step line on the 0-60 axis, with dates below', () => {
    const { container } = render(<SkillChart days={days} range="1m" />);
    expect(screen.getByRole('img', { name: 'Skill history chart' })).toBeInTheDocument();
    // 560 wide with margins 36 and 24: x runs 0-500 inside, y 142 (skill 0) to 0 (skill 60).
    // Left climbs from 30 to 45 on Nov 14, 21 of the 30 days in; right holds 50.
    const nov14 = +((21 / 30) * 500).toFixed(3);
    expect(line(container, 'left')).toHaveAttribute('d', `M0,71L${nov14},71L${nov14},35.5L500,35.5L500,35.5`);
    expect(line(container, 'right')).toHaveAttribute(
      'd',
      `M0,23.667L${nov14},23.667L${nov14},23.667L500,23.667L500,23.667`,
    );
    const labels = [...container.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toEqual(['Oct 25', 'Nov 01', 'Nov 08', 'Nov 15', 'Nov 22', '0', '20', '40', '60']);
  });

  it('reads month and year over a year', () => {
    const year = chartDays(
      [
        { x: '2025-11-23', y: 20 },
        { x: '2026-11-23', y: 30 },
      ],
      [],
    );
    const { container } = render(<SkillChart days={year} range="1y" />);
    const labels = [...container.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels.slice(0, 4)).toEqual(['Jan 2026', 'Apr 2026', 'Jul 2026', 'Oct 2026']);
  });

  it('draws only the hands that have points', () => {
    const { container } = render(<SkillChart days={chartDays([], right)} range="1y" />);
    expect(container.querySelectorAll('path')).toHaveLength(1);
    expect(line(container, 'right')).toBeInTheDocument();
  });

  it('on a day under the pointer shows the date and both hands, and hides it when the pointer leaves', () => {
    const { container } = render(<SkillChart days={days} range="1m" />);
    // nivo's slices: one band per day; the second is Nov 14.
    const slice = container.querySelectorAll('rect[data-ref^="slice:"]')[1]!;
    fireEvent.mouseEnter(slice, { clientX: 400, clientY: 80 });
    const tip = container.querySelector('.skill-chart-tip');
    expect(tip).toHaveTextContent(/^2026-11-14Left Hand: 45\.00Right Hand: 50\.00$/);
    fireEvent.mouseLeave(slice);
    expect(container.querySelector('.skill-chart-tip')).toBeNull();
  });

  it('moves at once under reduced motion, and animates otherwise', async () => {
    const later = chartDays(left.slice(1), right.slice(1));
    const final = 'M0,35.5L500,35.5L500,35.5';
    for (const reduce of [true, false]) {
      reducedMotion(reduce);
      const { container, rerender, unmount } = render(<SkillChart days={days} range="1m" />);
      const path = line(container, 'left')!;
      // Every shape the line takes on its way to the new range (react-spring moves at most 64 ms a frame,
      // so an animation shows in-between shapes however busy the machine is).
      const shapes: (string | null)[] = [];
      const watch = new MutationObserver(() => shapes.push(path.getAttribute('d')));
      watch.observe(path, { attributeFilter: ['d'] });
      rerender(<SkillChart days={later} range="1w" />);
      await vi.waitFor(() => expect(path).toHaveAttribute('d', final));
      watch.disconnect();
      // Without motion: the new data written over the old shape, then the new shape; with it, a glide.
      if (reduce) expect(shapes.length).toBeLessThanOrEqual(2);
      else expect(shapes.length).toBeGreaterThan(4);
      unmount();
    }
  });
});

describe('skill chart frame', () => {
  // The chart loads once the screen's first content is up (and the frame is near: jsdom has no
  // IntersectionObserver, so it always is).
  beforeAll(markFirstContent);

  it('in dev environments: the chart, described by a table of the same days, and no overlay', async () => {
    render(<SkillChartFrame days={days} range="1m" dev />);
    const chart = await screen.findByRole('img', { name: 'Skill history chart' });
    const table = screen.getByRole('table', { name: 'Skill by day, the last month' });
    expect(chart).toHaveAccessibleDescription('Skill by day, the last month');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'DateLeft HandRight Hand',
      '2026-10-2430.0050.00',
      '2026-11-1445.0050.00',
      '2026-11-2345.0050.00',
    ]);
    expect(screen.queryByText('--- coming soon ---')).toBeNull();
  });

  it('elsewhere: the overlay, and no skill numbers for a screen reader', async () => {
    render(<SkillChartFrame days={days} range="1m" dev={false} />);
    expect(await screen.findByRole('img', { name: 'Skill history chart' })).not.toHaveAttribute('aria-describedby');
    expect(screen.getByText('--- coming soon ---')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps its room with a line while the history is on its way, and says when the range has none', async () => {
    const { rerender } = render(<SkillChartFrame days={null} range="1m" dev />);
    expect(screen.getByText('Loading chart…')).toBeInTheDocument();
    rerender(<SkillChartFrame days={[]} range="1w" dev />);
    expect(screen.getByText('No skill history in this range.')).toBeInTheDocument();
    await act(async () => undefined);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
