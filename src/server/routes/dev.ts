import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { databaseUploadAnswerSchema, fallbackDocumentSchema } from '../../shared/answers/admin.ts';
import type { AppDeps } from '../deps.ts';
import { requireDev, type AuthVariables } from '../auth/middleware.ts';
import { DEFAULT_DB_UPLOAD_MAX_MB } from '../config.ts';
import { migrations } from '../db/migrations.ts';
import { replaceContents } from '../db/replace.ts';
import { saveBackup, writeDownloadCopy } from '../db/snapshot.ts';
import { checkUpload, UploadRefused } from '../db/upload-check.ts';
import { fieldErrors, HttpError } from '../http/errors.ts';
import { describeRoute, DEV } from '../openapi/describe.ts';
import { fallbackDocument } from '../rankings/fallback.ts';

/** The upload's full path: app.ts leaves it out of the API's 1 MB body limit, as it has its own below. */
export const DB_UPLOAD_PATH = '/api/v1/dev/db/upload';

/** Room for the multipart envelope (boundaries, part headers) around a file of the largest allowed size. */
const MULTIPART_ENVELOPE = 64 * 1024;

const uploadSchema = z.object({
  file: z
    .instanceof(File, { message: 'Send the database file in a field named file.' })
    .refine((f) => /\.(db|sqlite|sqlite3)$/i.test(f.name), 'Only .db, .sqlite and .sqlite3 files can be uploaded.'),
});

const attachment = (name: string) => ({
  'Content-Disposition': `attachment; filename="${name}"`,
  'Cache-Control': 'no-store',
});

const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'payload_too_large', `The database file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB.`);

async function readUpload(c: Context, maxBytes: number): Promise<File> {
  let body: unknown;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new HttpError(400, 'invalid_input', 'Send the database as multipart/form-data with a file field.');
  }
  const parsed = uploadSchema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, 'invalid_input', 'The upload is not valid.', fieldErrors(parsed.error));
  if (parsed.data.file.size > maxBytes) throw tooLarge(maxBytes);
  return parsed.data.file;
}

/**
 * Runs a step on the uploaded file; its refusal is the uploader's 400, with the reason. Another process holding
 * the database (a command-line import) is a moment to wait, not a failure.
 */
function unlessRefused<T>(step: () => T): T {
  try {
    return step();
  } catch (err) {
    if (err instanceof UploadRefused) throw new HttpError(400, 'invalid_database', err.message);
    if (err instanceof Database.SqliteError && err.code.startsWith('SQLITE_BUSY')) {
      throw new HttpError(
        503,
        'database_busy',
        'The database is busy with another task. Try the upload again shortly.',
      );
    }
    throw err;
  }
}

/**
 * /dev (developers only): the database tools of the admin screen. Download a
 * consistent copy of the live database or the fallback file, or replace the
 * live data with an uploaded database after it passed every check.
 */
export function devRoutes(deps: Pick<AppDeps, 'db' | 'verify' | 'dataDir' | 'dbUploadMaxBytes'>) {
  const { db, verify, dataDir, dbUploadMaxBytes } = deps;
  const maxBytes = dbUploadMaxBytes ?? DEFAULT_DB_UPLOAD_MAX_MB * 1024 * 1024;
  // Working copies live beside the database (same disk, room for a copy of it); what a stopped process left is cleared.
  const scratch = path.join(dataDir, 'tmp', 'dev-tools');
  fs.rmSync(scratch, { recursive: true, force: true });
  const workDir = () => {
    fs.mkdirSync(scratch, { recursive: true });
    return fs.mkdtempSync(path.join(scratch, 'job-'));
  };
  const remove = (dir: string) => fs.rmSync(dir, { recursive: true, force: true });
  // One replacement at a time: an upload that arrives while another is being applied is refused (409).
  let replacing = false;

  const app = new Hono<{ Variables: AuthVariables }>();
  app.use('*', requireDev(db, verify));

  const download = (name: string) => ({ 'Content-Disposition': `attachment; filename="${name}"` });
  const downloadDatabaseDoc = describeRoute({
    operationId: 'downloadDatabase',
    summary: 'A consistent copy of the live database',
    tag: 'dev',
    access: DEV,
    responses: {
      200: {
        description: 'The SQLite file.',
        content: { 'application/vnd.sqlite3': 'binary' },
        headers: download('ratings.db'),
      },
    },
  });
  app.get('/db/download', downloadDatabaseDoc, async (c) => {
    const dir = workDir();
    const file = path.join(dir, 'ratings.db');
    try {
      await writeDownloadCopy(db, file);
    } catch (err) {
      remove(dir);
      throw err;
    }
    const stream = fs.createReadStream(file);
    // Sent or abandoned, the copy goes.
    stream.once('close', () => remove(dir));
    return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
      ...attachment('ratings.db'),
      'Content-Type': 'application/vnd.sqlite3',
      'Content-Length': String(fs.statSync(file).size),
    });
  });

  const downloadFallbackDoc = describeRoute({
    operationId: 'downloadFallback',
    summary: 'The offline fallback file, made from the live data',
    tag: 'dev',
    access: DEV,
    responses: {
      200: { description: 'fallback.json.', json: fallbackDocumentSchema, headers: download('fallback.json') },
    },
  });
  app.get('/fallback/download', downloadFallbackDoc, (c) =>
    c.body(JSON.stringify(fallbackDocument(db)), 200, {
      ...attachment('fallback.json'),
      'Content-Type': 'application/json; charset=utf-8',
    }),
  );

  const uploadDatabaseDoc = describeRoute({
    operationId: 'uploadDatabase',
    summary: 'Replace the live data with an uploaded database after every check passed (a backup is taken first)',
    tag: 'dev',
    access: DEV,
    multipart: { file: 'A .db, .sqlite or .sqlite3 file within the configured size limit.' },
    responses: { 200: { description: 'What replaced the live data.', json: databaseUploadAnswerSchema } },
    errors: {
      400: 'The file is not a database this server can take: the message says which check it failed.',
      409: 'Another database upload is being applied.',
      413: 'The file is larger than the configured limit (DB_UPLOAD_MAX_MB; its body is exempt from the 1 MB limit).',
      503: 'Another task holds the database: try the upload again shortly.',
    },
  });
  app.post(
    '/db/upload',
    uploadDatabaseDoc,
    bodyLimit({
      maxSize: maxBytes + MULTIPART_ENVELOPE,
      onError: () => {
        throw tooLarge(maxBytes);
      },
    }),
    async (c) => {
      const file = await readUpload(c, maxBytes);
      if (replacing) {
        throw new HttpError(409, 'busy', 'Another database upload is being applied. Try again when it is done.');
      }
      replacing = true;
      const dir = workDir();
      try {
        // Checked and, if older, migrated on a private copy: the live file is not touched until every check passed.
        const copy = path.join(dir, 'upload.db');
        await fs.promises.writeFile(copy, new Uint8Array(await file.arrayBuffer()), { flag: 'wx' });
        const checked = unlessRefused(() => checkUpload(copy, migrations));
        const backup = await saveBackup(db, path.join(dataDir, 'backups'));
        unlessRefused(() => replaceContents(db, copy));
        return c.json({
          replaced: true,
          file: file.name,
          bytes: file.size,
          uploaded_schema_version: checked.level,
          schema_version: checked.schemaVersion,
          backup: path.basename(backup),
        });
      } finally {
        replacing = false;
        remove(dir);
      }
    },
  );
  return app;
}
