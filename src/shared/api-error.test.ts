import { describe, expect, it } from 'vitest';
import { apiErrorOf } from './api-error.ts';

describe('apiErrorOf', () => {
  it('reads the full error shape', () => {
    const error = { code: 'invalid_input', message: 'Bad.', fields: { date: ['Too late.'] }, request_id: 'r1' };
    expect(apiErrorOf({ error })).toEqual(error);
  });

  it('needs only a message; a missing code reads as empty', () => {
    expect(apiErrorOf({ error: { message: 'X' } })).toEqual({ code: '', message: 'X' });
  });

  it('drops malformed extras and keeps the message', () => {
    expect(apiErrorOf({ error: { code: 3, message: 'X', fields: { a: 'not a list' }, request_id: 1 } })).toEqual({
      code: '',
      message: 'X',
    });
  });

  it('is null for anything that is not an error body', () => {
    for (const body of [
      null,
      undefined,
      'text',
      42,
      {},
      { error: null },
      { error: { message: 1 } },
      { message: 'X' },
    ]) {
      expect(apiErrorOf(body)).toBeNull();
    }
  });
});
