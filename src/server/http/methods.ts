import type { Context, Hono, MiddlewareHandler } from 'hono';
import { errorBody } from './errors.ts';

/**
 * Which methods a path answers, read from the app's own router, so a route
 * added later is counted without a list to keep. A known path asked with
 * another method answers 405 with `Allow` (not 404), and OPTIONS answers 204
 * with `Allow` (RFC 9110, 15.5.6 and 9.3.7).
 *
 * A method is allowed for a path when the first handler the router finds for
 * it, past the middleware (registered for every method), is a route's own and
 * not one of the catch-alls made by `unmatched` below (the API's 404, the
 * uploads' and the sign-in's).
 */

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** How Hono registers middleware (`use`) and `all`. */
const EVERY_METHOD = 'ALL';

export function methodRules(app: Hono) {
  const catchAlls = new Set<unknown>();

  function answers(method: string, path: string): boolean {
    // Hono answers HEAD with the GET route (and no body).
    const [matched] = app.router.match(method === 'HEAD' ? 'GET' : method, path);
    for (const [[handler, route]] of matched) {
      if (catchAlls.has(handler)) return false;
      if (route.method !== EVERY_METHOD) return true;
    }
    return false;
  }

  /** The methods the path answers, OPTIONS included; empty for an unknown path. */
  function allowed(path: string): string[] {
    const methods: string[] = METHODS.filter((m) => answers(m, path));
    return methods.length ? [...methods, 'OPTIONS'] : [];
  }

  /** OPTIONS: 204 with Allow for a known path (nothing is checked or run); an unknown one goes on to its 404. */
  const options: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'OPTIONS') return next();
    const allow = allowed(c.req.path);
    if (!allow.length) return next();
    return c.body(null, 204, { Allow: allow.join(', ') });
  };

  /** A catch-all (or the app's notFound): 405 with Allow where the path answers other methods, else `notFound`. */
  function unmatched(notFound: (c: Context) => Response): (c: Context) => Response {
    const handler = (c: Context) => {
      const allow = allowed(c.req.path);
      if (!allow.length) return notFound(c);
      return c.json(
        errorBody(
          'method_not_allowed',
          `${c.req.method} is not allowed here; this address answers ${allow.join(', ')}.`,
        ),
        405,
        { Allow: allow.join(', ') },
      );
    };
    catchAlls.add(handler);
    return handler;
  }

  return { options, unmatched, allowed };
}
