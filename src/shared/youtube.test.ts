import { describe, expect, it } from 'vitest';
import { youtubeVideoId } from './youtube.ts';

describe('youtubeVideoId', () => {
  it('reads the video from the usual link shapes', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=AWdemoLive1',
      'https://m.youtube.com/watch?v=AWdemoLive1&t=30s',
      'https://youtu.be/AWdemoLive1?si=x',
      'https://www.youtube.com/live/AWdemoLive1',
      'https://www.youtube-nocookie.com/embed/AWdemoLive1',
    ]) {
      expect(youtubeVideoId(link), link).toBe('AWdemoLive1');
    }
  });

  it('is null for a channel, another site, a bad id or no link', () => {
    expect(youtubeVideoId('https://www.youtube.com/@statearmwrestling')).toBeNull();
    expect(youtubeVideoId('https://vimeo.com/AWdemoLive1')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youtubeVideoId('not a link')).toBeNull();
    expect(youtubeVideoId(null)).toBeNull();
  });
});
