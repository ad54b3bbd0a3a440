import type { Context } from 'hono';
import { type z } from 'zod';
import { fieldErrors, HttpError } from './errors.ts';

/**
 * Reads and checks input with a schema from `src/shared`. Anything that does not
 * parse becomes a 400 with field errors; a handler only ever sees valid data.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new HttpError(400, 'invalid_json', 'The body is not valid JSON.');
  }
  return check(schema, body, 'The body is not valid.');
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return check(schema, c.req.query(), 'The query is not valid.');
}

export function readParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return check(schema, c.req.param(), 'The address is not valid.');
}

function check<S extends z.ZodType>(schema: S, value: unknown, message: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, 'invalid_input', message, fieldErrors(parsed.error));
  return parsed.data;
}
