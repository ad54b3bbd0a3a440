// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toggletip, TOOLTIP_MS } from './Toggletip.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Toggletip', () => {
  it('shows its tip when pressed and hides it after 2.2 s', () => {
    vi.useFakeTimers();
    render(
      <Toggletip label="What is this" tip="A tip">
        i
      </Toggletip>,
    );
    const button = screen.getByRole('button', { name: 'What is this' });
    expect(screen.queryByText('A tip')).toBeNull();
    fireEvent.click(button);
    expect(screen.getByRole('status')).toHaveTextContent('A tip');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(TOOLTIP_MS).toBe(2200);
    act(() => {
      vi.advanceTimersByTime(2199);
    });
    expect(screen.queryByText('A tip')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('A tip')).toBeNull();
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByText('A tip')).toBeNull();
  });
});
