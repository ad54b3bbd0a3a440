import { Line, type SliceTooltipProps } from '@nivo/line';
import { useRef, useState } from 'react';
import { useElementWidth } from '../../lib/use-element-width.ts';
import { REDUCED_MOTION, useMediaQuery } from '../../lib/use-media-query.ts';
import { SKILL_MAX, type ChartDay, type ChartRange } from './chart-range.ts';
import { skillAxes } from './SkillChartAxes.tsx';
import '../../ui/chart-tip.css';
import './skill-chart.css';

/**
 * The skill history chart, drawn by nivo (@nivo/line): each hand's skill as a step line over the range's days,
 * the skill axis 0-60, dates below (our own layer on nivo's scales, SkillChartAxes.tsx), and on hover or touch
 * the day with both hands' skill. It fills its frame (560x180 at most; narrower on a phone). This module is the
 * popup's only one that imports nivo's code (the axes layer imports its types only), and it is a lazy chunk of its own:
 * SkillChartFrame loads it when the chart comes into view, and the service worker keeps it the first time (it is
 * not precached).
 */

type Series = { id: 'Left Hand' | 'Right Hand'; data: { x: string; y: number }[] };

/** Colours are the app's CSS variables (styles.css), the legend's too. */
const COLORS: Record<Series['id'], string> = { 'Left Hand': 'var(--chart-left)', 'Right Hand': 'var(--chart-right)' };

const THEME = {
  text: { fill: 'var(--muted)', fontSize: 11, fontFamily: 'inherit' },
  crosshair: { line: { stroke: 'var(--text)', strokeOpacity: 0.6 } },
};

/** The grid and both axes, per range (its date labels): a layer of our own, not animated (SkillChartAxes.tsx). */
const AXES = {
  '1w': skillAxes<Series>('1w'),
  '1m': skillAxes<Series>('1m'),
  '1y': skillAxes<Series>('1y'),
  '5y': skillAxes<Series>('5y'),
} satisfies Record<ChartRange, unknown>;

const HEIGHT = 180;

function SkillTip({ slice }: SliceTooltipProps<Series>) {
  // The slice's points come in reverse series order; the day is the data's own (YYYY-MM-DD), not a Date.
  const points = [...slice.points].sort((a, b) => a.seriesIndex - b.seriesIndex);
  return (
    <div className="chart-tip skill-chart-tip">
      <strong>{points[0]?.data.xFormatted}</strong>
      {points.map((p) => (
        <span key={p.id}>
          <span className="skill-chart-chip" style={{ background: p.seriesColor }} aria-hidden="true" />
          {p.seriesId}: <strong>{p.data.yFormatted}</strong>
        </span>
      ))}
    </div>
  );
}

export default function SkillChart({
  days,
  range,
  describedBy,
}: {
  days: ChartDay[];
  range: ChartRange;
  /** The id of the text that says what the chart shows (the frame's table of the same days). */
  describedBy?: string;
}) {
  const reduced = useMediaQuery(REDUCED_MOTION);
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  // The lines glide from one range to the next, but the first drawing is not animated: on a phone its axes'
  // and lines' springs ran for most of a second of main-thread work while the popup opened.
  const [firstRange] = useState(range);
  const [rangeChanged, setRangeChanged] = useState(false);
  if (!rangeChanged && range !== firstRange) setRangeChanged(true);
  const data: Series[] = (
    [
      { id: 'Left Hand', data: days.flatMap((d) => (d.left === null ? [] : [{ x: d.day, y: d.left }])) },
      { id: 'Right Hand', data: days.flatMap((d) => (d.right === null ? [] : [{ x: d.day, y: d.right }])) },
    ] as Series[]
  ).filter((s) => s.data.length > 0);

  return (
    <div className="skill-chart" ref={box}>
      {width ? (
        <Line<Series>
          data={data}
          width={width}
          height={HEIGHT}
          // Room on the right for half of the last date label.
          margin={{ top: 10, right: 24, bottom: 28, left: 36 }}
          // Local dates: the axis formats ticks in local time, and the days are the device's local days.
          xScale={{ type: 'time', format: '%Y-%m-%d', precision: 'day', useUTC: false }}
          xFormat="time:%Y-%m-%d"
          yScale={{ type: 'linear', min: 0, max: SKILL_MAX }}
          yFormat=">-.2f"
          curve="stepAfter"
          colors={(s) => COLORS[s.id]}
          layers={[AXES[range], 'crosshair', 'lines', 'slices']}
          enableSlices="x"
          sliceTooltip={SkillTip}
          animate={rangeChanged && !reduced}
          theme={THEME}
          role="img"
          ariaLabel="Skill history chart"
          ariaDescribedBy={describedBy}
        />
      ) : null}
    </div>
  );
}
