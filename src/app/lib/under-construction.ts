import { createSignal } from './signal.ts';

/**
 * When the backend fails the app announces
 * under-construction mode (a banner; forms disabled) and shows fallback data.
 * It lasts until a later load succeeds.
 */
const underConstruction = createSignal(false);

export const setUnderConstruction = underConstruction.set;
export const useUnderConstruction = underConstruction.use;
