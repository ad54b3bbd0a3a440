import { z } from 'zod';
import { associationSettingsSchema } from './association-schema.ts';
import { idParam } from './field-schemas.ts';

/**
 * The association routes' addresses and the change log's answers, as zod schemas (the profile's own rules are in
 * association-schema.ts): what the server checks an address with and builds an answer from.
 */

/** The home-screen icons made from the logo, by the name their address ends with. */
export const ICON_NAMES = ['icon_192', 'icon_512', 'maskable_512'] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** GET /association/icons/{file}: `icon_192.png`, `icon_512.png` or `maskable_512.png`. */
export const associationIconParamsSchema = z.object({
  file: z.enum(
    ICON_NAMES.map((n) => `${n}.png`) as ['icon_192.png', 'icon_512.png', 'maskable_512.png'],
    'No such icon: icon_192.png, icon_512.png or maskable_512.png.',
  ),
});

/** The icons' version the address was made with (the profile's `logo` carries it); cached for good when current. */
export const associationIconQuerySchema = z.object({
  v: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'The version is a whole number.')
    .optional(),
});

/** POST /admin/association/changes/{id}/undo. */
export const associationChangeParamsSchema = z.object({ id: idParam('A change is named by its id.') });

/** One change of the profile, with the settings before and after it. */
export const associationChangeSchema = z
  .object({
    id: z.number().int().min(1),
    changed_at: z.string().meta({ description: 'When, as an ISO time.' }),
    changed_by: z.string().meta({ description: "Who: the admin's e-mail, name or subject." }),
    before: associationSettingsSchema,
    after: associationSettingsSchema,
    undoes: z.number().int().min(1).nullable().meta({ description: 'The change this one undid, when it was an undo.' }),
  })
  .meta({ id: 'AssociationChange' });
export type AssociationChange = z.infer<typeof associationChangeSchema>;

/** GET /admin/association/changes: newest first. */
export const associationChangesSchema = z.object({ changes: z.array(associationChangeSchema) });
export type AssociationChanges = z.infer<typeof associationChangesSchema>;
