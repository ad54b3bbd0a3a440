import type { LineCustomSvgLayerProps, LineSeries } from '@nivo/line';
import type { ChartRange } from './chart-range.ts';

/**
 * The skill chart's grid and axes, drawn as a custom layer of nivo's line chart, on nivo's own scales. nivo's
 * 'grid' and 'axes' layers animate every grid line and tick with react-spring even when nothing moves: mounting
 * them was one block of 250-380 ms of main-thread work on the audited phone (4x CPU) while the athlete popup
 * opened, and without them the popup's blocking time fell from about 280 ms to 30 (Lighthouse, medians of three).
 * Grid lines and ticks do not move between ranges, so they need no animation: this draws them as plain SVG.
 */

/** The skill axis' ticks and the horizontal grid lines. */
const SKILL_TICKS = [0, 20, 40, 60];
const GRID_LINES = [0, 10, 20, 30, 40, 50, 60];
/** About this many dates below the chart (d3 picks round days, weeks, months or years near it). */
const DATE_TICKS = 4;
const TICK_SIZE = 5;
const TICK_PADDING = 4;

/** Month names as d3's default (en-US) locale writes them, so the labels read the same on every device. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayAndMonth = (d: Date) => `${MONTHS[d.getMonth()]} ${String(d.getDate()).padStart(2, '0')}`;

/** Day and month for the short ranges ('Nov 05'), month and year for a year ('Nov 2026'), the year for five. */
const DATE_LABEL: Record<ChartRange, (d: Date) => string> = {
  '1w': dayAndMonth,
  '1m': dayAndMonth,
  '1y': (d) => `${MONTHS[d.getMonth()]} ${d.getFullYear()}`,
  '5y': (d) => String(d.getFullYear()),
};

/** nivo's x scale of a `time` axis is d3's time scale (local time: `useUTC: false`), typed by nivo as a function. */
type TimeScale = ((d: Date) => number) & { ticks: (count: number) => Date[] };

const line = { stroke: 'var(--border)', strokeWidth: 1 };
const label = { fill: 'var(--muted)', fontSize: 11, fontFamily: 'inherit' };

export function skillAxes<Series extends LineSeries>(range: ChartRange) {
  return function SkillAxes({ innerWidth, innerHeight, xScale, yScale }: LineCustomSvgLayerProps<Series>) {
    const x = xScale as unknown as TimeScale;
    const y = yScale as unknown as (v: number) => number;
    return (
      <g>
        {GRID_LINES.map((v) => (
          <line key={`grid-${v}`} x1={0} x2={innerWidth} y1={y(v)} y2={y(v)} {...line} />
        ))}
        <g transform={`translate(0,${innerHeight})`}>
          <line x1={0} x2={innerWidth} {...line} />
          {x.ticks(DATE_TICKS).map((d) => (
            <g key={d.getTime()} transform={`translate(${x(d)},0)`}>
              <line y2={TICK_SIZE} {...line} />
              <text y={TICK_SIZE + TICK_PADDING} textAnchor="middle" dominantBaseline="text-before-edge" {...label}>
                {DATE_LABEL[range](d)}
              </text>
            </g>
          ))}
        </g>
        <g>
          <line y1={0} y2={innerHeight} {...line} />
          {SKILL_TICKS.map((v) => (
            <g key={v} transform={`translate(0,${y(v)})`}>
              <line x2={-TICK_SIZE} {...line} />
              <text x={-(TICK_SIZE + TICK_PADDING)} textAnchor="end" dominantBaseline="central" {...label}>
                {v}
              </text>
            </g>
          ))}
        </g>
      </g>
    );
  };
}
