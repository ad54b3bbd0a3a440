// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import SkillChart from './SkillChart.tsx';

afterEach(cleanup);
// jsdom has no PointerEvent: without one, fireEvent drops the pointer's position.
beforeAll(() => {
  if (typeof window.PointerEvent !== 'function') {
    Object.defineProperty(window, 'PointerEvent', { value: class extends MouseEvent {}, configurable: true });
  }
});

const left = [
  { x: '2026-10-24', y: 30 },
  { x: '2026-11-14', y: 45 },
  { x: '2026-11-23', y: 45 },
];
const right = [
  { x: '2026-10-24', y: 50 },
  { x: '2026-11-23', y: 50 },
];

describe('skill chart', () => {
  it('draws each hand as a step line on the 0-60 axis, with dates below', () => {
    const { container } = render(<SkillChart left={left} right={right} range="1m" />);
    expect(screen.getByRole('img', { name: 'Skill history chart' })).toBeInTheDocument();
    // Unmeasured it is 560 wide: x runs from 36 to 544, y from 152 (0) to 10 (60).
    const path = (hand: string) => container.querySelector(`path[data-hand="${hand}"]`)?.getAttribute('d');
    const nov14 = (36 + (21 / 30) * 508).toFixed(1);
    expect(path('left')).toBe(`M36.0,81.0H${nov14}V45.5H544.0V45.5`);
    expect(path('right')).toBe('M36.0,33.7H544.0V33.7');
    const labels = [...container.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toEqual(['0', '20', '40', '60', 'Oct 25', 'Nov 01', 'Nov 08', 'Nov 15', 'Nov 22']);
  });

  it('draws only the hands that have points', () => {
    const { container } = render(<SkillChart left={[]} right={right} range="1y" />);
    expect(container.querySelectorAll('path')).toHaveLength(1);
    expect(container.querySelector('path')).toHaveAttribute('stroke', '#fbbf24');
  });

  it('shows the day nearest the pointer with both hands that day, and hides it when the pointer leaves', () => {
    const { container } = render(<SkillChart left={left} right={right} range="1m" />);
    const svg = screen.getByRole('img');
    fireEvent.pointerMove(svg, { clientX: 400 });
    const tip = container.querySelector('.skill-chart-tip');
    expect(tip).toHaveTextContent('2026-11-14');
    expect(tip).toHaveTextContent('Left: 45.00');
    expect(tip).toHaveTextContent('Right: 50.00');
    fireEvent.pointerLeave(svg);
    expect(container.querySelector('.skill-chart-tip')).toBeNull();
  });
});
