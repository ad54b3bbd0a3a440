import { z } from 'zod';

/** The events' answers besides the event itself (../events.ts has it): pictures and livestream details. */

/** One of an event's pictures: its id (for replace, delete and reorder) and where it is served. */
export const eventImageSchema = z.object({ id: z.number().int().positive(), url: z.string() });
export type EventImage = z.infer<typeof eventImageSchema>;

/** An event's pictures in order. */
export const eventImagesSchema = z.object({ images: z.array(eventImageSchema) });
/** An upload or a replacement: the picture it made, and the event's pictures in order. */
export const eventImageAnswerSchema = eventImagesSchema.extend({ image: eventImageSchema });

/** The video service's live details: its own scheduled start and actual start and end. */
export const liveDetailsSchema = z.object({
  video_id: z.string().nullable(),
  /** 'video-service' when a key is configured and the service answered; else 'schedule' and no times. */
  source: z.enum(['video-service', 'schedule']),
  scheduled_start: z.string().nullable(),
  actual_start: z.string().nullable(),
  actual_end: z.string().nullable(),
});
export type LiveDetails = z.infer<typeof liveDetailsSchema>;
