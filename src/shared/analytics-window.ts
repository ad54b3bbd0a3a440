/** The analytics summary's window in hours: whole hours from 1 to 8760 (a year), 168 (a week) by default. */
export const SINCE_HOURS = { min: 1, max: 8760, default: 168 } as const;

/** Any asked-for window as the summary uses it: rounded and clamped; anything unreadable is the default. */
export function clampSinceHours(raw: string | number | undefined): number {
  const n = typeof raw === 'number' ? raw : raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n)) return SINCE_HOURS.default;
  return Math.min(SINCE_HOURS.max, Math.max(SINCE_HOURS.min, Math.round(n)));
}
