import { describe, expect, it } from 'vitest';
import { formatDelta, shownDelta } from './review-texts.ts';
import { scoreText, weightsText } from './supermatch-view.ts';

describe('review texts', () => {
  it('the score is high-low of the rated wins, 3-0 when none', () => {
    expect(scoreText({ a_wins: 1, b_wins: 3 })).toBe('3-1');
    expect(scoreText({ a_wins: 3, b_wins: 0 })).toBe('3-0');
    expect(scoreText({ a_wins: 0, b_wins: 0 })).toBe('3-0');
  });

  it('weights: both, one, or none', () => {
    expect(weightsText(198, 220, 'lbs')).toBe('198 lbs vs 220 lbs');
    expect(weightsText(null, 220, 'lbs')).toBe('220 lbs');
    expect(weightsText(80, 89.8, 'kg')).toBe('80 kg vs 89.8 kg');
    expect(weightsText(null, null, 'kg')).toBeNull();
  });

  it('the change adds up with the numbers shown; a newcomer keeps the server’s change', () => {
    expect(formatDelta(shownDelta({ before: 1.94, after: 5.35, delta: 3.41 }))).toBe('+3.4');
    expect(formatDelta(shownDelta({ before: 18, after: 16.9, delta: -1.1 }))).toBe('\u22121.1');
    expect(formatDelta(shownDelta({ before: null, after: 4.2, delta: 4.2 }))).toBe('+4.2');
    expect(formatDelta(0.01)).toBe('±0.0');
  });
});
