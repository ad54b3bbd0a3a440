// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { calibrationOf, SEASON } from './calibration.test-kit.ts';
import { CalibrationResults } from './RatingsPage.tsx';

afterEach(cleanup);

// jsdom lays nothing out: the chart's box reports a phone's width, the width the chart reads (useElementWidth).
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    return this.classList.contains('calibration-chart') ? new DOMRect(0, 0, 358, 300) : new DOMRect();
  };
});

describe('How well it predicts', () => {
  it('below the results the chart needs: the summary and how many more, no chart and no table', () => {
    render(
      <CalibrationResults
        calibration={calibrationOf({ n: 18, from: '2025-01-10', to: '2025-06-01', accuracy: 0.6 })}
      />,
    );
    expect(
      screen.getByText('18 results scored from Jan 10, 2025 to Jun 1, 2025: the favourite won 60% of them.'),
    ).toBeVisible();
    expect(screen.getByText('The chart shows once 30 results are scored: 12 more are needed.')).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('with nothing scored yet: says so, and that all 30 are needed', () => {
    render(<CalibrationResults calibration={calibrationOf()} />);
    expect(screen.getByText('No results have been scored yet.')).toBeVisible();
    expect(screen.getByText('The chart shows once 30 results are scored: 30 more are needed.')).toBeVisible();
  });

  it('with enough results: the chart, one point per filled bucket, described by a sentence per point', async () => {
    const { container } = render(<CalibrationResults calibration={SEASON} />);
    const chart = await screen.findByRole('img', {
      name: 'Calibration chart: how often the favourite won, against the chance they were given',
    });
    // nivo's points, one per bucket with results (the empty 90-100% has none).
    await expect.poll(() => chart.querySelectorAll('circle').length).toBe(4);
    const sentences = document.getElementById(chart.getAttribute('aria-describedby')!)!;
    expect(
      within(sentences)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'When the favourite was given 50-60%, they won 53% of 96 matches.',
      'When the favourite was given 60-70%, they won 70% of 80 matches.',
      'When the favourite was given 70-80%, they won 77% of 52 matches.',
      'When the favourite was given 80-90%, they won 86% of 22 matches.',
    ]);
    expect(container.querySelector('.calibration-diagonal')).not.toBeNull();
  });

  it('its table: a row per bucket with its matches, the mean chance given and how often the favourite won', () => {
    render(<CalibrationResults calibration={SEASON} />);
    const table = screen.getByRole('table', { name: 'The favourite’s chance and how often they won' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Favourite’s chance', 'Matches', 'Given (mean)', 'Won']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['96', '55%', '53%'],
      ['80', '65%', '70%'],
      ['52', '74%', '77%'],
      ['22', '84%', '86%'],
      ['0', '—', '—'],
    ]);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      '50-60%',
      '60-70%',
      '70-80%',
      '80-90%',
      '90-100%',
    ]);
    expect(
      screen.getByText('250 results scored from Mar 2, 2024 to Nov 8, 2025: the favourite won 68% of them.'),
    ).toBeVisible();
  });
});
