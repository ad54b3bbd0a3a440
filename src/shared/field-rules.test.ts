import { describe, expect, it } from 'vitest';
import { cleanDigits, isAmPmTime, isCalendarDate, isCleanText, isHttpUrl, localToday } from './field-rules.ts';
import { createResultRowSchema } from './results-csv.ts';
import { z } from 'zod';
import { formNumber, idParam } from './field-schemas.ts';

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

describe('clean text', () => {
  it('refuses control characters and half UTF-16 pairs; tab and line breaks only where the field has lines', () => {
    for (const bad of ['\u0000x', 'a\u0007b', 'a\u000bb', 'a\u001fb', 'a\u007fb', '\ud800x', 'x\udc00'])
      for (const lines of [false, true]) expect(isCleanText(bad, { lines }), JSON.stringify(bad)).toBe(false);
    for (const breaks of ['a\nb', 'a\r\nb', 'a\tb']) {
      expect(isCleanText(breaks), JSON.stringify(breaks)).toBe(false);
      expect(isCleanText(breaks, { lines: true }), JSON.stringify(breaks)).toBe(true);
    }
    for (const ok of ['', 'Zoë Ørsted', 'Ann 💪 Ax', '10:00 am', 'https://x.com/a?b=c'])
      expect(isCleanText(ok), ok).toBe(true);
  });

  it('holds in a results CSV cell too, named by its column', () => {
    const row = {
      type: 'supermatch',
      date: '2025-01-11',
      hand: 'RH',
      athlete: 'Ann\u0000',
      athlete_b: 'Bo',
      sex: 'M',
      a_wins: '3',
      b_wins: '1',
      best_of: '5',
    };
    const parsed = createResultRowSchema({ today: () => '2026-01-01' }).safeParse(row);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['athlete']);
  });
});

describe('calendar dates', () => {
  it('takes real days as YYYY-MM-DD only', () => {
    for (const ok of ['2026-02-28', '2028-02-29', '2026-12-31', '2026-01-01'])
      expect(isCalendarDate(ok), ok).toBe(true);
    for (const bad of [
      '2026-02-31',
      '2025-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-01',
      '01/02/2026',
      '',
    ])
      expect(isCalendarDate(bad), bad).toBe(false);
  });
});

describe('times with am/pm', () => {
  it('takes an hour 1-12, optional minutes, then am or pm, and nothing else', () => {
    for (const ok of ['10:00 am', '7 pm', '11:30AM', '9:15 p.m.', '12:00 pm']) expect(isAmPmTime(ok), ok).toBe(true);
    for (const bad of ['19:30', '13:00 pm', '0 am', '10:60 am', '10 am till late', 'noonish', '10'])
      expect(isAmPmTime(bad), bad).toBe(false);
  });
});

describe('numbers read from addresses and forms', () => {
  it('an id is digits only: no hex, exponent, sign, leading zero or spaces', () => {
    const id = idParam();
    expect(id.parse('31')).toBe(31);
    for (const bad of ['0x1F', '1e3', '-1', '+1', '031', ' 7', '0', '', '1.0'])
      expect(id.safeParse(bad).success, bad).toBe(false);
  });
  it('a form number takes a number or its decimal digits, and nothing else', () => {
    const n = formNumber(z.number().int().min(0));
    expect(n.parse(5)).toBe(5);
    expect(n.parse(' 12 ')).toBe(12);
    for (const bad of [true, false, '', '0x1F', '1e3', null, [], {}])
      expect(n.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(n.safeParse('2.5').success).toBe(false);
  });
});
