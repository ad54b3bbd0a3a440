import { describe, expect, it } from 'vitest';
import { cleanDigits, isHttpUrl, localToday } from './field-rules.ts';

describe('localToday', () => {
  it("is the device's calendar date, not UTC's", () => {
    expect(localToday(new Date(2026, 0, 5, 0, 30))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });
});

describe('http(s) addresses', () => {
  it('takes http:// or https:// and no spaces', () => {
    for (const ok of ['https://x.com', 'HTTP://x.com/a?b=c', 'https://exa_mple.com'])
      expect(isHttpUrl(ok), ok).toBe(true);
    for (const bad of ['', 'x.com', 'ftp://x.com', 'https://', 'https://x.com/a b'])
      expect(isHttpUrl(bad), bad).toBe(false);
  });
  it('with plainHost, also a host of letters, digits, hyphens and dots', () => {
    expect(isHttpUrl('http://localhost:8080/me', { plainHost: true })).toBe(true);
    expect(isHttpUrl('https://exa_mple.com', { plainHost: true })).toBe(false);
  });
});

describe('digits-only input', () => {
  it('keeps digits, drops leading zeros, stops at the limit', () => {
    expect(cleanDigits('0a1b2', 4)).toBe('12');
    expect(cleanDigits('000', 4)).toBe('0');
    expect(cleanDigits('123456', 4)).toBe('1234');
  });
});
