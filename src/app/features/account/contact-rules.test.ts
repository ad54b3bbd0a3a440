import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE, phoneError, URL_MESSAGE, urlError } from './contact-rules.ts';

describe('phone rule', () => {
  it('accepts empty, and any writing with at least 10 digits', () => {
    for (const ok of ['', '   ', '5551234567', '(555) 123-4567', '+1 555 123 4567', '555.123.4567 ext 9'])
      expect(phoneError(ok), ok).toBeNull();
  });
  it("says 'Enter a valid phone number.' below 10 digits", () => {
    expect(PHONE_MESSAGE).toBe('Enter a valid phone number.');
    for (const bad of ['555123456', '(555) 123-456', 'call me', '+1'])
      expect(phoneError(bad), bad).toBe('Enter a valid phone number.');
  });
});

describe('social URL rule', () => {
  it('accepts empty, and http(s):// with host characters and an optional path', () => {
    for (const ok of [
      '',
      'https://facebook.com',
      'http://www.instagram.com/some.one/',
      'https://x.com/pull_hard?lang=en',
      'HTTPS://YouTube.com/@channel',
      '  https://m.facebook.com/profile.php?id=1  ',
      'http://localhost:8080/me',
    ])
      expect(urlError(ok), ok).toBeNull();
  });
  it("says 'Enter a valid URL starting with http(s)://' otherwise", () => {
    expect(URL_MESSAGE).toBe('Enter a valid URL starting with http(s)://');
    for (const bad of [
      'facebook.com/me',
      'www.instagram.com/me',
      'ftp://x.com/me',
      'https://',
      'https:// x.com',
      'https://x .com/me',
      'javascript:alert(1)',
      'https://x.com/a b',
      'https://exa_mple.com',
    ])
      expect(urlError(bad), bad).toBe(URL_MESSAGE);
  });
});
