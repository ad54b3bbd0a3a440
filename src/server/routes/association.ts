import { Hono } from 'hono';
import {
  associationIconParamsSchema,
  associationIconQuerySchema,
  type IconName,
} from '../../shared/association-api.ts';
import { associationSchema } from '../../shared/association-schema.ts';
import type { AppDeps } from '../deps.ts';
import { readIcon } from '../association/icons.ts';
import { publishedAssociation } from '../association/published.ts';
import { sendStored, strongEtag } from '../http/etag.ts';
import { HttpError } from '../http/errors.ts';
import { readParams, readQuery } from '../http/validate.ts';
import { describeRoute } from '../openapi/describe.ts';

/**
 * /association (public): the association's profile, which every screen reads (name, unit, classes, divisions, look),
 * and the home-screen icons made from its logo. The profile is revalidated on every read, like the leaderboards:
 * `no-cache` with a strong ETag, kept compressed (association/published.ts). An icon's address carries its version,
 * so the current one is cached for good.
 */
export function associationRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono();

  const getAssociationDoc = describeRoute({
    operationId: 'getAssociation',
    summary: "The association's profile: name, region, unit, classes, divisions, team points, look, logo",
    tag: 'association',
    access: 'public',
    responses: {
      200: { description: 'The profile (the defaults until an admin changes it).', json: associationSchema },
    },
    etag: true,
  });
  app.get('/', getAssociationDoc, (c) => sendStored(c, publishedAssociation(db)));

  const getAssociationIconDoc = describeRoute({
    operationId: 'getAssociationIcon',
    summary: 'A home-screen icon made from the logo (PNG; cached for good at the address the profile gives)',
    tag: 'association',
    access: 'public',
    params: associationIconParamsSchema,
    query: associationIconQuerySchema,
    queryExample: { v: '1' },
    responses: {
      200: {
        description:
          'The icon. At its current version (the `v` the profile gives) it is immutable; at another, or none, it ' +
          'is revalidated.',
        content: { 'image/png': 'binary' },
      },
    },
    errors: { 404: 'No logo was uploaded: the app uses its own icons.' },
    etag: true,
  });
  app.get('/icons/:file', getAssociationIconDoc, (c) => {
    const { file } = readParams(c, associationIconParamsSchema);
    const { v } = readQuery(c, associationIconQuerySchema);
    const icon = readIcon(db, file.replace(/\.png$/, '') as IconName);
    if (!icon) throw new HttpError(404, 'not_found', 'No logo was uploaded.');
    return sendStored(c, {
      body: icon.png as Uint8Array<ArrayBuffer>,
      type: 'image/png',
      etag: strongEtag(icon.png),
      cacheControl: v === String(icon.version) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  });
  return app;
}
