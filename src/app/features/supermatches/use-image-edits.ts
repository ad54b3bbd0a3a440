import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SupermatchCard } from '../../../shared/answers/supermatches.ts';
import type { ImageChange } from '../../../shared/supermatches.ts';
import { applyImageChange } from './image-change.ts';
import { supermatchKeys, type SupermatchesData } from './supermatches-api.ts';

/**
 * What happens when the image editor saved: the cached cards (the page's list
 * and the featured ones) show the new picture or crop at once, then both are
 * read again from the server.
 */
export function useImageSaved(): (change: ImageChange) => void {
  const client = useQueryClient();
  return useCallback(
    (change: ImageChange) => {
      client.setQueryData<SupermatchesData>(supermatchKeys.list(), (d) =>
        d ? { ...d, cards: applyImageChange(d.cards, change) } : d,
      );
      client.setQueryData<SupermatchCard[]>(supermatchKeys.featured(), (d) => (d ? applyImageChange(d, change) : d));
      void client.invalidateQueries({ queryKey: supermatchKeys.all });
    },
    [client],
  );
}
