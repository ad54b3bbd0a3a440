import { queryOptions } from '@tanstack/react-query';
import type { Crop, ImageSide } from '../../../shared/supermatches.ts';
import type { AthleteImages, AthleteImageUploadAnswer } from '../../../shared/answers/supermatches.ts';
import { apiGet, apiPost } from '../../lib/api.ts';
import { apiUpload } from '../../lib/api-upload.ts';

/**
 * The image editor's calls: the stored image settings of a card's two
 * athletes (admins and developers read them whole), a picture upload that
 * stores its URL for one side, and one side's crop. The settings query sits
 * under 'admin', so it is never kept on the device.
 */
export const athleteImageKeys = {
  all: ['admin', 'athlete-images'] as const,
  configs: (names: string[]) => [...athleteImageKeys.all, names] as const,
};

export const athleteImagesQuery = (names: string[]) =>
  queryOptions({
    queryKey: athleteImageKeys.configs(names),
    queryFn: async () =>
      (
        await apiGet<AthleteImages>(`/athlete-images?names=${encodeURIComponent(names.join(','))}`, {
          auth: true,
          fresh: true,
        })
      ).athlete_image_configs,
    staleTime: 30_000,
  });

/** Uploads a picture for one side of an athlete; the server stores it and answers its URL (and the athlete's settings). */
export const uploadAthleteImage = (name: string, side: ImageSide, file: File, onProgress: (pct: number) => void) =>
  apiUpload<AthleteImageUploadAnswer>('/athlete-images/upload', file, onProgress, { name, kind: side });

/** Stores one side's crop of an athlete. */
export const saveAthleteCrop = (name: string, side: ImageSide, crop: Crop) =>
  apiPost<unknown>('/athlete-images/crops', { name, [`${side}_crop`]: crop }, { auth: true });
