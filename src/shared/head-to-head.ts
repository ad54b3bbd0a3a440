import { z } from 'zod';
import { formNumber, requiredText } from './field-schemas.ts';
import { handSchema } from './rankings.ts';

/** GET /api/v1/head-to-head?a=&b=&hand=[&best_of=]: two athletes on one hand. */
export const headToHeadQuerySchema = z
  .object({
    a: requiredText(120, 'Enter a name.'),
    b: requiredText(120, 'Enter a name.'),
    hand: handSchema,
    best_of: formNumber(z.number().int().min(1).max(15)).default(5),
  })
  .refine((q) => q.a.toLowerCase() !== q.b.toLowerCase(), { path: ['b'], message: 'Name two different athletes.' });
