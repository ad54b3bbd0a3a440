import { describe, expect, it } from 'vitest';
import { jsonSource, parseJson, sourceText } from './json-text.ts';

describe('json sources', () => {
  it('gives back the exact text an object was parsed from', () => {
    const text = '{ "b": 1,  "a": [1, 2] }';
    expect(jsonSource(parseJson(text))).toBe(text);
  });

  it('gives back the bytes an answer was read from, whose text is the JSON', async () => {
    const text = '{ "name": "Reid Amadi" }';
    const bytes = new Blob([text], { type: 'application/json' });
    const source = jsonSource(parseJson(text, bytes));
    expect(source).toBe(bytes);
    expect(await sourceText(source)).toBe(text);
  });

  it('writes JSON for values it did not parse', async () => {
    expect(jsonSource({ a: 1 })).toBe('{"a":1}');
    expect(jsonSource(null)).toBe('null');
    expect(jsonSource(parseJson('3'))).toBe('3');
    expect(await sourceText('[1]')).toBe('[1]');
  });
});
