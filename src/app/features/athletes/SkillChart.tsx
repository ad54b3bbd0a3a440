import { useLayoutEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import { dayTime, tickLabel, timeTicks } from './chart-axis.ts';
import type { ChartRange, Point } from './chart-range.ts';
import './skill-chart.css';

/**
 * The skill history chart, 560x180 as the spec says (its frame is 560 wide at
 * most and 180 high; it narrows with a phone's screen instead of scrolling
 * sideways): each hand's skill as a step line over time, the skill axis 0-60,
 * dates below, and on hover or touch the day nearest the pointer with both
 * hands' skill that day. Drawn as plain SVG: a chart library cost a phone
 * about a second of script for these two lines.
 */

const HEIGHT = 180;
/** Until the frame is measured (and where nothing is laid out, as in unit tests). */
const DEFAULT_WIDTH = 560;
const MARGIN = { top: 10, right: 16, bottom: 28, left: 36 };
const Y_MAX = 60;
const Y_TICKS = [0, 20, 40, 60];
const GRID = Array.from({ length: Y_MAX / 5 + 1 }, (_, i) => i * 5);
const X_TICKS = 4;

const SERIES = [
  { hand: 'left', label: 'Left', color: '#60a5fa' },
  { hand: 'right', label: 'Right', color: '#fbbf24' },
] as const;
const TEXT = '#9fb0c8';
const GRID_LINE = '#24324f';
const TICK_LINE = '#777777';

/** The frame's width, followed as it changes; measured before the first paint. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width || DEFAULT_WIDTH;
}

interface Timed {
  t: number;
  y: number;
}

const timed = (points: Point[]): Timed[] => points.map((p) => ({ t: dayTime(p.x), y: p.y }));

/** The value in force at `t` (the step series holds each value from its day on); null before the first. */
function valueAt(series: Timed[], t: number): number | null {
  let value: number | null = null;
  for (const p of series) {
    if (p.t > t) break;
    value = p.y;
  }
  return value;
}

/** The SVG path of a step series: level from each point to the next, then up or down. */
function stepPath(series: Timed[], x: (t: number) => number, y: (v: number) => number): string {
  return series
    .map((p, i) => {
      const px = x(p.t).toFixed(1);
      const py = y(p.y).toFixed(1);
      return i === 0 ? `M${px},${py}` : `H${px}V${py}`;
    })
    .join('');
}

const dayText = (t: number) => new Date(t).toISOString().slice(0, 10);

export default function SkillChart({ left, right, range }: { left: Point[]; right: Point[]; range: ChartRange }) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const [hover, setHover] = useState<number | null>(null);

  const lines = { left: timed(left), right: timed(right) };
  const times = [...lines.left, ...lines.right].map((p) => p.t);
  const from = times.length ? Math.min(...times) : 0;
  const to = times.length ? Math.max(...times) : 0;
  const innerW = Math.max(1, width - MARGIN.left - MARGIN.right);
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (t: number) => MARGIN.left + (to > from ? ((t - from) / (to - from)) * innerW : 0);
  const y = (v: number) => MARGIN.top + innerH - (Math.min(Math.max(v, 0), Y_MAX) / Y_MAX) * innerH;
  const long = range === '1y' || range === '5y';
  const ticks = times.length ? timeTicks(from, to, X_TICKS) : [];

  // The day nearest the pointer among the days either line changes (or is carried to).
  const onPointer = (e: PointerEvent<SVGSVGElement>) => {
    if (!times.length) return;
    const px = e.clientX - e.currentTarget.getBoundingClientRect().left;
    let best = times[0]!;
    for (const t of times) if (Math.abs(x(t) - px) < Math.abs(x(best) - px)) best = t;
    setHover(best);
  };

  const tip =
    hover === null
      ? null
      : SERIES.flatMap((s) => {
          const v = valueAt(lines[s.hand], hover);
          return v === null ? [] : [{ ...s, v }];
        });

  return (
    <div ref={frame} className="skill-chart">
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label="Skill history chart"
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={() => setHover(null)}
      >
        {GRID.map((v) => (
          <line key={v} x1={MARGIN.left} x2={MARGIN.left + innerW} y1={y(v)} y2={y(v)} stroke={GRID_LINE} />
        ))}
        {Y_TICKS.map((v) => (
          <g key={v} transform={`translate(${MARGIN.left},${y(v)})`}>
            <line x1={-5} x2={0} stroke={TICK_LINE} />
            <text x={-9} dy="0.32em" textAnchor="end" fill={TEXT}>
              {v}
            </text>
          </g>
        ))}
        {ticks.map((t) => (
          <g key={t} transform={`translate(${x(t)},${MARGIN.top + innerH})`}>
            <line y1={0} y2={5} stroke={TICK_LINE} />
            <text y={9} dy="0.71em" textAnchor="middle" fill={TEXT}>
              {tickLabel(t, long)}
            </text>
          </g>
        ))}
        {SERIES.map((s) =>
          lines[s.hand].length ? (
            <path
              key={s.hand}
              data-hand={s.hand}
              d={stepPath(lines[s.hand], x, y)}
              fill="none"
              stroke={s.color}
              strokeWidth={2}
            />
          ) : null,
        )}
        {hover === null ? null : (
          <line
            x1={x(hover)}
            x2={x(hover)}
            y1={MARGIN.top}
            y2={MARGIN.top + innerH}
            stroke="#000"
            strokeDasharray="6 6"
          />
        )}
      </svg>
      {tip?.length ? (
        <div
          className="skill-chart-tip"
          aria-hidden="true"
          // Beside the line, on whichever side has room.
          style={x(hover!) > width / 2 ? { right: width - x(hover!) + 8 } : { left: x(hover!) + 8 }}
        >
          <strong>{dayText(hover!)}</strong>
          {tip.map((s) => (
            <span key={s.hand}>
              <span style={{ color: s.color }}>■</span> {s.label}: <strong>{s.v.toFixed(2)}</strong>
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
