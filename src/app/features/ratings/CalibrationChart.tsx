import { Line, type LineCustomSvgLayerProps, type PointTooltipProps } from '@nivo/line';
import { useMemo, useRef } from 'react';
import { useElementWidth } from '../../lib/use-element-width.ts';
import { bucketRange, chartFloor, percent, type FilledBucket } from './calibration-text.ts';
import '../../ui/chart-tip.css';
import './calibration-chart.css';

/**
 * The calibration chart, drawn by nivo (@nivo/line): one point per bucket of the favourite's chance that has
 * results, across the chance the favourite was given (the bucket's mean), up how often the favourite won, joined
 * left to right; the dashed diagonal is a perfect prediction. This module is the ratings page's only one that
 * imports nivo, and a lazy chunk of its own, kept by the worker the first time (not precached, like the athlete
 * popup's chart). Grid and axes are a plain SVG layer of ours on nivo's scales: nivo's own animate every tick
 * (docs/decisions/0006-charts.md). Nothing here animates.
 */

type Datum = { x: number; y: number; bucket: FilledBucket };
type Series = { id: 'results'; data: Datum[] };

export const CHART_HEIGHT = 300;
const MARGIN = { top: 12, right: 16, bottom: 48, left: 56 };
const TICK = 5;
const line = { stroke: 'var(--border)', strokeWidth: 1 };
const label = { fill: 'var(--muted)', fontSize: 12, fontFamily: 'inherit' };
const title = { fill: 'var(--text)', fontSize: 12, fontFamily: 'inherit' };

/** Tenths from `from` to 1: the ticks and grid lines of both axes. */
const tenths = (from: number) =>
  Array.from({ length: Math.round((1 - from) * 10) + 1 }, (_, i) => Math.round((from + i / 10) * 10) / 10);

/** The grid, both axes with their titles, and the diagonal of a perfect prediction. */
function axesLayer(floor: number) {
  return function CalibrationAxes({ innerWidth, innerHeight, xScale: x, yScale: y }: LineCustomSvgLayerProps<Series>) {
    // The diagonal where given equals won, over the part of the chart both axes share.
    const start = Math.max(0.5, floor);
    return (
      <g>
        {tenths(floor).map((v) => (
          <line key={`gy-${v}`} x1={0} x2={innerWidth} y1={y(v)} y2={y(v)} {...line} />
        ))}
        {tenths(0.5).map((v) => (
          <line key={`gx-${v}`} x1={x(v)} x2={x(v)} y1={0} y2={innerHeight} {...line} />
        ))}
        <line
          className="calibration-diagonal"
          x1={x(start)}
          y1={y(start)}
          x2={x(1)}
          y2={y(1)}
          stroke="var(--muted)"
          strokeWidth={1.5}
          strokeDasharray="6 5"
        />
        <g transform={`translate(0,${innerHeight})`}>
          {tenths(0.5).map((v) => (
            <g key={v} transform={`translate(${x(v)},0)`}>
              <line y2={TICK} {...line} />
              <text y={TICK + 3} textAnchor="middle" dominantBaseline="text-before-edge" {...label}>
                {percent(v)}
              </text>
            </g>
          ))}
          <text x={innerWidth / 2} y={MARGIN.bottom - 6} textAnchor="middle" {...title}>
            Chance the favourite was given
          </text>
        </g>
        <g>
          {tenths(floor).map((v) => (
            <g key={v} transform={`translate(0,${y(v)})`}>
              <line x2={-TICK} {...line} />
              <text x={-(TICK + 3)} textAnchor="end" dominantBaseline="central" {...label}>
                {percent(v)}
              </text>
            </g>
          ))}
          <text
            transform={`translate(${-(MARGIN.left - 14)},${innerHeight / 2}) rotate(-90)`}
            textAnchor="middle"
            {...title}
          >
            How often the favourite won
          </text>
        </g>
      </g>
    );
  };
}

/**
 * The point under the pointer or finger: its bucket. nivo centres it above the pointer, which on a phone put the
 * right-hand points' tip past the screen's edge: it leans away from the nearer edge (the chance axis runs 50-100%).
 */
function PointTip({ point }: PointTooltipProps<Series>) {
  const b = point.data.bucket;
  const lean = b.predicted >= 0.75 ? 'calibration-tip-left' : 'calibration-tip-right';
  return (
    <div className={`chart-tip ${lean}`}>
      <strong>Given {bucketRange(b)}</strong>
      <span>
        won {percent(b.observed)} of {b.n.toLocaleString('en-US')} {b.n === 1 ? 'match' : 'matches'}
      </span>
    </div>
  );
}

export default function CalibrationChart({
  buckets,
  describedBy,
}: {
  buckets: FilledBucket[];
  /** The id of the text that says what the chart shows (the page's sentences, one per point). */
  describedBy: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const floor = chartFloor(buckets);
  const data = useMemo<Series[]>(
    () => [{ id: 'results', data: buckets.map((b) => ({ x: b.predicted, y: b.observed, bucket: b })) }],
    [buckets],
  );
  const layers = useMemo(() => [axesLayer(floor), 'lines', 'points', 'mesh'] as const, [floor]);

  return (
    <div className="calibration-chart" ref={box}>
      {width ? (
        <Line<Series>
          data={data}
          width={width}
          height={CHART_HEIGHT}
          margin={MARGIN}
          xScale={{ type: 'linear', min: 0.5, max: 1 }}
          yScale={{ type: 'linear', min: floor, max: 1 }}
          curve="linear"
          colors={['var(--chart-left)']}
          lineWidth={2}
          pointSize={12}
          pointColor="var(--chart-left)"
          pointBorderWidth={2}
          pointBorderColor="var(--bg)"
          layers={layers}
          useMesh
          tooltip={PointTip}
          animate={false}
          role="img"
          ariaLabel="Calibration chart: how often the favourite won, against the chance they were given"
          ariaDescribedBy={describedBy}
        />
      ) : null}
    </div>
  );
}
