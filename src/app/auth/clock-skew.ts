/** Token cache clock skew 60 s: tokens are renewed this long before they expire. */
export const CLOCK_SKEW_SECONDS = 60;
