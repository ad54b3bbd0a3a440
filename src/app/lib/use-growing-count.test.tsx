// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGrowingCount } from './use-growing-count.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('growing count', () => {
  it('renders the first items at once, then a step more at each idle moment, up to the total', () => {
    const { result } = renderHook(() => useGrowingCount('past', 30, 12, 12));
    expect(result.current).toBe(12);
    act(() => void vi.advanceTimersByTime(16));
    expect(result.current).toBe(24);
    act(() => void vi.advanceTimersByTime(16));
    expect(result.current).toBe(30);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current).toBe(30);
  });

  it('starts again with a new key, and keeps its count when only the total changes', () => {
    const { result, rerender } = renderHook(({ key, total }) => useGrowingCount(key, total, 12, 12), {
      initialProps: { key: 'past', total: 100 },
    });
    for (let i = 0; i < 3; i++) act(() => void vi.advanceTimersByTime(16));
    expect(result.current).toBe(48);
    rerender({ key: 'past', total: 101 });
    expect(result.current).toBe(48);
    rerender({ key: 'upcoming', total: 100 });
    expect(result.current).toBe(12);
  });

  it('a short list is all there at once', () => {
    const { result } = renderHook(() => useGrowingCount('upcoming', 8, 12, 12));
    expect(result.current).toBe(8);
  });
});
