import { DEFAULT_ASSOCIATION, type Association } from '../../shared/association.ts';
import type { Db } from '../db/connection.ts';
import { COMPRESS_MIN_BYTES, compressedForms } from '../http/encoding.ts';
import { strongEtag, type StoredBody } from '../http/etag.ts';
import { errorFields, log } from '../log.ts';
import { renderAppPage } from './app-page.ts';
import { readAssociation } from './store.ts';
import { webManifest } from './web-manifest.ts';

/**
 * The two files of the app the server makes from the association profile: the page (index.html) and the web app
 * manifest. Each is made once per version of the profile, with its compressed forms and strong ETag, and served
 * from memory like the built files (http/static-files.ts); a change of the profile (an admin's, or a command line
 * tool's on the same database) shows at the next request, with a new ETag, with no rebuild and no restart.
 */
export type MadeFile = () => StoredBody;

function stored(text: string, type: string): StoredBody {
  const body = new Uint8Array(Buffer.from(text));
  const forms = body.length >= COMPRESS_MIN_BYTES ? compressedForms(body) : {};
  return { body, ...forms, type, etag: strongEtag(body), cacheControl: 'no-cache' };
}

/**
 * A file made from the profile, made again only when the profile changed (readAssociation gives the same object
 * while its version stays). The page is the app's door: when the database cannot be read for a moment, the last
 * one made (or the defaults') is served rather than an error, and the failure is logged.
 */
function madeFromProfile(db: Db, make: (a: Association) => StoredBody): MadeFile {
  let last: { profile: Association; file: StoredBody } | undefined;
  return () => {
    let profile: Association;
    try {
      profile = readAssociation(db);
    } catch (err) {
      log.error('the association profile could not be read for the app page', errorFields(err));
      profile = last?.profile ?? DEFAULT_ASSOCIATION;
    }
    if (last?.profile !== profile) last = { profile, file: make(profile) };
    return last.file;
  };
}

/** The page and the manifest, by the path they are served at; the page only when the build has one. */
export function profileFiles(db: Db, builtPage: StoredBody | undefined): Map<string, MadeFile> {
  const files = new Map<string, MadeFile>();
  if (builtPage) {
    const template = Buffer.from(builtPage.body).toString('utf8');
    files.set(
      '/index.html',
      madeFromProfile(db, (a) => stored(renderAppPage(template, a), builtPage.type)),
    );
  }
  files.set(
    '/manifest.webmanifest',
    madeFromProfile(db, (a) => stored(JSON.stringify(webManifest(a)), 'application/manifest+json; charset=utf-8')),
  );
  return files;
}
