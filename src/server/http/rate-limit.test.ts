import { describe, expect, it } from 'vitest';
import { createRateLimiter, waitInWords } from './rate-limit.ts';

describe('the rate limit', () => {
  it('says the wait Retry-After gives, in words', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(14)).toBe('14 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('1 minute 1 second');
    expect(waitInWords(287)).toBe('4 minutes 47 seconds');
    expect(waitInWords(600)).toBe('10 minutes');
  });

  it('refills evenly: after the budget is spent, the wait is until the next token', () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 30, windowSeconds: 600, now: () => t });
    for (let i = 0; i < 30; i++) expect(limiter.take('ip').ok).toBe(true);
    expect(limiter.take('ip')).toEqual({ ok: false, retryAfterSeconds: 20 });
    t += 6_000;
    expect(limiter.take('ip')).toEqual({ ok: false, retryAfterSeconds: 14 });
  });
});
