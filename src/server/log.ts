import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The server's one logger: a JSON line per event, `info` on stdout, `warn` and
 * `error` on stderr, each with its time, level and message, the id of the
 * request it happened in (when it happened in one), and the caller's fields.
 * One line is one object, so a log shipper or `jq` reads it without parsing
 * text; nothing else in the server writes to the console (the command-line
 * tools in cli/ talk to their user).
 *
 * One exception: a start that fails (a bad setting, a failed migration, a
 * port in use) prints its reason as plain text (`startFailed`): no server ran,
 * so there is nothing to ship, and the person who started it reads it.
 *
 * The request id comes from where the request began (http/request-log.ts runs
 * the rest of the request inside `inRequest`), so code deep in a request logs
 * with its id without being handed it.
 */

export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it starts) as part of the request with this id. */
export function inRequest<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ requestId }, fn);
}

function write(level: LogLevel, message: string, fields?: LogFields) {
  const requestId = requestScope.getStore()?.requestId;
  const line = {
    time: new Date().toISOString(),
    level,
    message,
    ...(requestId ? { request_id: requestId } : {}),
    ...fields,
  };
  (level === 'info' ? process.stdout : process.stderr).write(`${JSON.stringify(line)}\n`);
}

export const log = {
  info: (message: string, fields?: LogFields) => write('info', message, fields),
  warn: (message: string, fields?: LogFields) => write('warn', message, fields),
  error: (message: string, fields?: LogFields) => write('error', message, fields),
};

export type Logger = typeof log;

/** Why the server could not start, in plain words on stderr (see above). */
export function startFailed(message: string) {
  process.stderr.write(`${message}\n`);
}

/** An error as log fields: its message, and its stack for the operator. */
export function errorFields(err: unknown): LogFields {
  return err instanceof Error ? { error: err.message, stack: err.stack } : { error: String(err) };
}
