// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startOf, timerState, timerText } from './card-rules.ts';
import { TICK_MARGIN, useTickingClock } from './use-ticking-clock.ts';

const bout = { date: '2025-06-01', startTime: '12:30', aWins: null, bWins: null };
const START = startOf(bout).getTime();

/** A stand-in IntersectionObserver the test moves the card in and out of view with. */
let setNear: (near: boolean) => void = () => undefined;
let margin: string | undefined;
class FakeObserver {
  constructor(cb: IntersectionObserverCallback, opts?: IntersectionObserverInit) {
    margin = opts?.rootMargin;
    setNear = (near) =>
      act(() => {
        cb([{ isIntersecting: near } as IntersectionObserverEntry], this as never);
      });
  }
  observe() {}
  disconnect() {}
}

const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function Timer({ result = false }: { result?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const now = useTickingClock(ref, !result);
  const state = timerState(result ? { ...bout, aWins: 3, bWins: 1 } : bout, now);
  return (
    <p ref={ref} data-testid="timer" data-soon={state.kind === 'countdown' && state.soon ? 'true' : 'false'}>
      {state.kind === 'result' ? 'Final' : timerText(state)}
    </p>
  );
}

describe('the card timer on a fake clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START - 125_000 });
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('ticks every second only near the screen, turns soon under two minutes, then says Live now', () => {
    render(<Timer />);
    const timer = screen.getByTestId('timer');
    expect(margin).toBe(TICK_MARGIN);
    expect(timer).toHaveTextContent('Starts in 2m 05s');
    // Off screen the clock stands still.
    tick(10_000);
    expect(timer).toHaveTextContent('Starts in 2m 05s');
    // Near the screen it catches up at once, then ticks each second.
    setNear(true);
    tick(0);
    expect(timer).toHaveTextContent('Starts in 1m 55s');
    expect(timer).toHaveAttribute('data-soon', 'true');
    tick(1000);
    expect(timer).toHaveTextContent('Starts in 1m 54s');
    tick(114_000);
    expect(timer).toHaveTextContent('Live now');
    setNear(false);
    tick(5000);
    expect(timer).toHaveTextContent('Live now');
  });

  it('has no timer once both win counts are there', () => {
    render(<Timer result />);
    setNear(true);
    tick(3000);
    expect(screen.getByTestId('timer')).toHaveTextContent('Final');
  });

  it('is not soon at two minutes or more', () => {
    vi.setSystemTime(START - 120_000);
    render(<Timer />);
    expect(screen.getByTestId('timer')).toHaveAttribute('data-soon', 'false');
  });
});
