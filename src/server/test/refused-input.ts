import { expect } from 'vitest';

/**
 * Values every text field refuses (a NUL, a bell, half of a UTF-16 pair) and
 * the check that a request carrying one was answered 400 naming exactly that
 * field, in the app's field-error shape.
 */
export const CONTROL_VALUES = { nul: '\u0000x', bell: 'a\u0007b', loneSurrogate: '\ud800x' } as const;

export async function expectRefused(res: Response, field: string, message?: string): Promise<void> {
  expect(res.status, field).toBe(400);
  const body = (await res.json()) as { error: { code: string; fields?: Record<string, string[]> } };
  expect(body.error.code, field).toBe('invalid_input');
  expect(Object.keys(body.error.fields ?? {}), field).toEqual([field]);
  if (message) expect(body.error.fields![field], field).toContain(message);
}
