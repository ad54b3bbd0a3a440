import type { Association } from '../../shared/association.ts';
import type { Db } from '../db/connection.ts';
import { compressedForms } from '../http/encoding.ts';
import { strongEtag, type StoredBody } from '../http/etag.ts';
import { readAssociation } from './store.ts';

/**
 * The public profile as it goes out: the JSON, its brotli and gzip forms and a strong ETag, made once per change
 * of the profile or its icons (readAssociation hands back the same object until its version or the icons' version
 * moves) and kept, as the leaderboards are, so that every page load's revalidation costs two indexed reads and a
 * 304. The tag is the body's hash rather than the version numbers: a database put in place by the developer tools
 * may carry the same version with other settings, and must not be answered 304.
 */
const kept = new WeakMap<Association, StoredBody>();

export function publishedAssociation(db: Db): StoredBody {
  const profile = readAssociation(db);
  let stored = kept.get(profile);
  if (!stored) {
    const json = new Uint8Array(Buffer.from(JSON.stringify(profile)));
    stored = {
      body: json,
      ...compressedForms(json),
      type: 'application/json; charset=utf-8',
      etag: strongEtag(json),
      cacheControl: 'no-cache',
    };
    kept.set(profile, stored);
  }
  return stored;
}
