import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSOCIATION } from './association.ts';
import { dataBlockJson, DEFAULT_FIRST_SCREEN, firstScreenOf, hasFirstScreenParts } from './association-first-screen.ts';

describe("the first screen's part of the profile", () => {
  const kg = {
    ...DEFAULT_FIRST_SCREEN,
    name: 'Baltic Arm Wrestling',
    units: 'kg' as const,
    classes: { M: ['70', '80', '80+'], F: ['60', '60+'], by_division: { masters: { M: ['80', '80+'] } } },
    version: 4,
  };

  it('is what the page and the API answer carry, in lbs or kg', () => {
    expect(hasFirstScreenParts(DEFAULT_FIRST_SCREEN)).toBe(true);
    expect(hasFirstScreenParts(kg)).toBe(true);
    // The API's whole profile has it too.
    expect(hasFirstScreenParts({ ...DEFAULT_ASSOCIATION, version: 2 })).toBe(true);
    expect(firstScreenOf(DEFAULT_ASSOCIATION).divisions[0]).toEqual({ code: 'pro', label: 'Pro' });
  });

  it('is refused with any part missing or of the wrong kind, so the app keeps what it had', () => {
    const broken: unknown[] = [
      null,
      'Arm-wrestling Rankings',
      { ...kg, name: '' },
      { ...kg, theme_color: 'red' },
      { ...kg, units: 'stone' },
      { ...kg, classes: { M: ['70'], F: ['60', '60+'] } },
      { ...kg, classes: { ...kg.classes, by_division: { masters: { M: 'all' } } } },
      { ...kg, divisions: [] },
      { ...kg, divisions: [{ code: 'pro' }] },
      { ...kg, version: -1 },
      { ...kg, version: '4' },
    ];
    for (const value of broken) expect(hasFirstScreenParts(value), JSON.stringify(value)).toBe(false);
  });

  it('is written into the page as JSON that no name can break out of, and read back as it was', () => {
    const tricky = { ...kg, name: '</script><script>alert(1)</script> <!-- & \u2028' };
    const text = dataBlockJson(tricky);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(tricky);
  });
});
