import { describe, expect, it } from 'vitest';
import { jsonText, parseJson } from './json-text.ts';

describe('json text', () => {
  it('gives back the exact text an object was parsed from', () => {
    const text = '{ "b": 1,  "a": [1, 2] }';
    expect(jsonText(parseJson(text))).toBe(text);
  });

  it('writes JSON for values it did not parse', () => {
    expect(jsonText({ a: 1 })).toBe('{"a":1}');
    expect(jsonText(null)).toBe('null');
    expect(jsonText(parseJson('3'))).toBe('3');
  });
});
