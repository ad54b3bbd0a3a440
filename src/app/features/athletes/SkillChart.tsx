import { ResponsiveLine } from '@nivo/line';
import type { ChartRange, Point } from './chart-range.ts';

/**
 * The skill history chart (nivo), 560x180 as the spec says (its frame is 560
 * wide at most and 180 high; it narrows with a phone's screen instead of
 * scrolling sideways). Loaded only when a popup opens: nivo and d3 never weigh
 * on the first screen.
 */
export default function SkillChart({ left, right, range }: { left: Point[]; right: Point[]; range: ChartRange }) {
  const data = [
    { id: 'Left', data: left },
    { id: 'Right', data: right },
  ].filter((s) => s.data.length > 0);
  return (
    <ResponsiveLine
      data={data}
      margin={{ top: 10, right: 16, bottom: 28, left: 36 }}
      xScale={{ type: 'time', format: '%Y-%m-%d', precision: 'day', useUTC: true }}
      xFormat="time:%Y-%m-%d"
      yScale={{ type: 'linear', min: 0, max: 60 }}
      curve="stepAfter"
      colors={['#60a5fa', '#fbbf24']}
      enablePoints={false}
      axisBottom={{ format: range === '1y' || range === '5y' ? '%b %Y' : '%b %d', tickValues: 4 }}
      axisLeft={{ tickValues: [0, 20, 40, 60] }}
      enableGridX={false}
      theme={{
        text: { fill: '#cbd5e1' },
        axis: { ticks: { text: { fill: '#9fb0c8' } } },
        grid: { line: { stroke: '#24324f' } },
        tooltip: { container: { background: '#111a2e', color: '#e5ecf6' } },
      }}
      useMesh
      role="img"
      ariaLabel="Skill history chart"
    />
  );
}
