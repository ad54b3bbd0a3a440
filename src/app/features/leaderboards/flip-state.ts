import { useEffect, useState } from 'react';

/** One cell flipped at a time on the whole screen; it unflips after 6 s. */
export const FLIP_TIMEOUT_MS = 6000;

export function useFlippedCell() {
  const [flipped, setFlipped] = useState<string | null>(null);
  useEffect(() => {
    if (flipped === null) return;
    const timer = setTimeout(() => setFlipped(null), FLIP_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [flipped]);
  return [flipped, setFlipped] as const;
}
