import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { etagMatches, sendTaggedJson, strongEtag } from './etag.ts';

describe('ETags', () => {
  it('one strong format: the same bytes give the same tag, a string or its bytes alike', () => {
    const tag = strongEtag('{"a":1}');
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(strongEtag(Buffer.from('{"a":1}'))).toBe(tag);
    expect(strongEtag('{"a":2}')).not.toBe(tag);
  });

  it('If-None-Match: the tag, *, any of a comma list, and a weak form of the tag match', () => {
    const tag = strongEtag('x');
    expect(etagMatches(undefined, tag)).toBe(false);
    expect(etagMatches('', tag)).toBe(false);
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches(`"other", ${tag}`, tag)).toBe(true);
    expect(etagMatches(`"other",${tag}`, tag)).toBe(true);
    expect(etagMatches(`W/${tag}`, tag)).toBe(true);
    expect(etagMatches('"other", W/"another"', tag)).toBe(false);
    expect(etagMatches(tag.slice(1, -1), tag)).toBe(false); // unquoted is not the tag
  });

  it('a tagged JSON answer is 304 with the same headers when the client has it', async () => {
    const app = new Hono().get('/', (c) => sendTaggedJson(c, '{"ok":true}', { 'Cache-Control': 'no-cache' }));
    const first = await app.request('/');
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(await first.json()).toEqual({ ok: true });
    const tag = first.headers.get('ETag')!;
    for (const inm of [tag, '*', `W/${tag}`, `"stale", ${tag}`]) {
      const again = await app.request('/', { headers: { 'If-None-Match': inm } });
      expect(again.status, inm).toBe(304);
      expect(again.headers.get('ETag')).toBe(tag);
      expect(again.headers.get('Cache-Control')).toBe('no-cache');
      expect(await again.text()).toBe('');
    }
    expect((await app.request('/', { headers: { 'If-None-Match': '"stale"' } })).status).toBe(200);
  });
});
