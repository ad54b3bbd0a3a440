import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { associationChangeParamsSchema, associationChangesSchema } from '../../../shared/association-api.ts';
import {
  associationPatchSchema,
  associationPreviewSchema,
  associationSchema,
} from '../../../shared/association-schema.ts';
import type { Association } from '../../../shared/association.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { changeAssociation, listChanges, undoChange } from '../../association/changes.ts';
import { checkLogo, makeIcons, maskableIcon, readIcon, storeIcons } from '../../association/icons.ts';
import { readAssociation } from '../../association/store.ts';
import type { Db } from '../../db/connection.ts';
import { readJson, readParams } from '../../http/validate.ts';
import { ADMIN, describeRoute } from '../../openapi/describe.ts';
import { readUploadedFile } from '../event-images.ts';
import { decidedBy } from './decided-by.ts';

const BAD_PROFILE =
  'A value is not valid, named under its field (classes.M, divisions.2.code, short_name, theme_color, …): classes ' +
  "not increasing or a last class without '+', a duplicate division code, an unknown unit, a short name over 12 " +
  "characters, a colour that is not #rrggbb, a division's classes for a division not listed, a talent category " +
  'counting a class the profile does not have.';

/**
 * Makes a change of the settings and answers the profile after it. A new theme colour is drawn into the maskable
 * icon too (the logo on the colour), made again from the stored 512-pixel icon: the icons follow the profile.
 */
async function changed(db: Db, change: () => unknown): Promise<Association> {
  const before = readAssociation(db).theme_color;
  change();
  const { theme_color } = readAssociation(db);
  const icon = readIcon(db, 'icon_512');
  if (theme_color !== before && icon) storeIcons(db, { maskable_512: await maskableIcon(icon.png, theme_color) });
  return readAssociation(db);
}

/**
 * /admin/association (admins and developers, behind the admin guard; changes need admin:write): change the profile
 * (a partial body changes only what it names; `dry_run` previews who moves to which class), read its change log,
 * undo a change, upload the logo the home-screen icons are made from.
 */
export function adminAssociationRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const by = (c: Context<{ Variables: AuthVariables }>) => decidedBy(c.get('user'));

  const changeAssociationDoc = describeRoute({
    operationId: 'changeAssociation',
    summary: 'Change the association profile (only the fields named), or preview the change with dry_run',
    description:
      'The fields sent replace the profile’s, and the whole is checked again. With `dry_run: true` nothing changes: ' +
      'the answer says, per sex, how many athletes would move from which class to which (judged from their stored ' +
      'weights under the old and the new classes and unit). Otherwise the change is made in one transaction, logged ' +
      'with the settings before and after, and the answer is the new profile. Weights are stored in the unit they ' +
      'were entered in, so a change of unit rewrites none.',
    tag: 'association',
    access: ADMIN,
    json: {
      schema: associationPatchSchema,
      example: {
        units: 'kg',
        classes: { M: ['70', '80', '90', '100', '100+'], F: ['60', '70', '70+'] },
        dry_run: true,
      },
    },
    responses: {
      200: {
        description: 'The new profile; with dry_run, who would move to which class.',
        json: z.union([associationSchema, associationPreviewSchema]),
      },
    },
    errors: { 400: BAD_PROFILE },
  });
  app.put('/', changeAssociationDoc, async (c) => {
    const patch = await readJson(c, associationPatchSchema);
    if (patch.dry_run) return c.json(changeAssociation(db, patch, by(c)));
    return c.json(await changed(db, () => changeAssociation(db, patch, by(c))));
  });

  const listAssociationChangesDoc = describeRoute({
    operationId: 'listAssociationChanges',
    summary: 'The association profile’s change log, newest first, with the settings before and after each change',
    tag: 'association',
    access: ADMIN,
    responses: { 200: { description: 'Every change, newest first.', json: associationChangesSchema } },
  });
  app.get('/changes', listAssociationChangesDoc, (c) => c.json({ changes: listChanges(db) }));

  const undoAssociationChangeDoc = describeRoute({
    operationId: 'undoAssociationChange',
    summary: 'Undo a change of the profile: its settings before are written back exactly, as a new change',
    tag: 'association',
    access: ADMIN,
    params: associationChangeParamsSchema,
    responses: { 200: { description: 'The profile after the undo.', json: associationSchema } },
    errors: {
      404: 'No change has that id.',
      409: 'The profile changed after that change: undo the later ones first (an undo never throws a change away).',
    },
  });
  app.post('/changes/:id/undo', undoAssociationChangeDoc, async (c) => {
    const { id } = readParams(c, associationChangeParamsSchema);
    return c.json(await changed(db, () => undoChange(db, id, by(c))));
  });

  const uploadAssociationLogoDoc = describeRoute({
    operationId: 'uploadAssociationLogo',
    summary: 'Upload the logo: the home-screen icons (192, 512 and a maskable 512 px PNG) are made from it',
    tag: 'association',
    access: ADMIN,
    multipart: { file: 'A PNG, JPEG or SVG logo of at most 1 MB, cropped square (a picture that is not is fitted).' },
    responses: { 200: { description: 'The profile, whose `logo` names the new icons.', json: associationSchema } },
    errors: {
      413: 'The file is larger than 1 MB, or the picture larger than 8000 pixels a side or 40 megapixels.',
      415: 'The file is not a PNG, JPEG or SVG picture that reads whole (judged by its bytes).',
    },
  });
  app.post('/logo', uploadAssociationLogoDoc, async (c) => {
    const bytes = await readUploadedFile(c);
    const kind = await checkLogo(bytes);
    storeIcons(db, await makeIcons(bytes, kind, readAssociation(db).theme_color));
    return c.json(readAssociation(db));
  });
  return app;
}
