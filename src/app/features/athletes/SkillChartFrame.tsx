import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { useLoadWhenNear } from '../../ui/FormPanel.tsx';
import { LoadBoundary, LoadFailed } from '../../ui/LoadBoundary.tsx';
import { RANGE_NAMES, type ChartDay, type ChartRange } from './chart-range.ts';

// The chart is nivo's, a chunk of its own: asked for only when its frame comes into view.
const loadChart = () => import('./SkillChart.tsx');
const SkillChart = lazy(loadChart);

/**
 * The skill chart's 560x180 frame in the athlete popup. It holds the chart's room from the first paint, so
 * nothing moves when the chart comes. The chart's chunk is fetched once the screen's first content is up and the
 * frame comes into view (a popup opened on a short screen may have it below the fold; inside the popup's
 * scrolling body, near is in view), and once: useLoadWhenNear stays true from then on. Outside
 * dev environments an overlay reads '--- coming soon ---' (to a screen reader too), and skill numbers stay hidden
 * as everywhere else, so the text alternative (a table of the days the chart draws) is there only in dev
 * environments.
 */
export function SkillChartFrame({ days, range, dev }: { days: ChartDay[] | null; range: ChartRange; dev: boolean }) {
  const frame = useRef<HTMLDivElement>(null);
  const near = useLoadWhenNear(frame);
  const tableId = useId();
  // The chunk comes while the athlete's history is still on its way.
  useEffect(() => {
    if (near) loadChart().catch(() => undefined); // a failure shows where the chart renders (LoadBoundary)
  }, [near]);

  const waiting = <p className="muted chart-placeholder">Loading chart…</p>;
  const chart =
    days?.length === 0 ? (
      <p className="muted chart-placeholder">No skill history in this range.</p>
    ) : near && days ? (
      <LoadBoundary fallback={<LoadFailed what="The chart" />}>
        <Suspense fallback={waiting}>
          <SkillChart days={days} range={range} describedBy={dev ? tableId : undefined} />
        </Suspense>
      </LoadBoundary>
    ) : (
      waiting
    );

  return (
    <div ref={frame} className="chart-frame">
      {chart}
      {dev ? null : <div className="chart-overlay">--- coming soon ---</div>}
      {dev && days?.length ? <SkillTable id={tableId} days={days} range={range} /> : null}
    </div>
  );
}

const skill = (v: number | null) => (v === null ? '—' : v.toFixed(2));

/** The chart's facts for a screen reader: each day the chart draws, with both hands' skill. */
function SkillTable({ id, days, range }: { id: string; days: ChartDay[]; range: ChartRange }) {
  return (
    <table className="visually-hidden">
      <caption id={id}>Skill by day, {RANGE_NAMES[range]}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Left Hand</th>
          <th scope="col">Right Hand</th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day}>
            <th scope="row">{d.day}</th>
            <td>{skill(d.left)}</td>
            <td>{skill(d.right)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
