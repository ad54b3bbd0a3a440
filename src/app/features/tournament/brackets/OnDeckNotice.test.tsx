// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { playedCategory } from '../common/tournament.test-kit.ts';
import { OnDeckNotice } from './OnDeckNotice.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('asks for notifications only on a click, then tells once when the athlete goes on deck', async () => {
  const shown: [string, NotificationOptions | undefined][] = [];
  const requestPermission = vi.fn(() => Promise.resolve('granted' as NotificationPermission));
  vi.stubGlobal(
    'Notification',
    Object.assign(
      function Notification(title: string, options?: NotificationOptions) {
        shown.push([title, options]);
      },
      { permission: 'default', requestPermission },
    ),
  );
  const category = playedCategory(1, 8, 0);
  const at = (text: string) => [{ category, text }];
  const { rerender } = render(<OnDeckNotice name="Athlete 3" finds={at('Table 2 · in the hole')} />);
  expect(requestPermission).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Tell me when on deck' }));
  expect(await screen.findByRole('status')).toHaveTextContent('This page tells you when Athlete 3 is on deck');
  expect(shown).toEqual([]);
  rerender(<OnDeckNotice name="Athlete 3" finds={at('Table 2 · on deck')} />);
  rerender(<OnDeckNotice name="Athlete 3" finds={at('Table 2 · on deck')} />);
  expect(shown).toEqual([['Athlete 3 is on deck', { body: `${category.name}: Table 2 · on deck`, tag: 'on-deck-1' }]]);
});

it('offers nothing without notifications, or once the athlete is placed', () => {
  const category = playedCategory(1, 8, 0);
  render(<OnDeckNotice name="Athlete 3" finds={[{ category, text: 'Table 2 · on deck' }]} />);
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
  cleanup();
  render(<OnDeckNotice name="Athlete 3" finds={[{ category, text: '1st place' }]} />);
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
