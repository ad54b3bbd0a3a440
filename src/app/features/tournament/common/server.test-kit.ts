import { vi } from 'vitest';

/** A request the app sent, as a component test reads it. */
export interface SentRequest {
  method: string;
  url: string;
  auth: string | null;
  /** Its Idempotency-Key, if any. */
  key: string | null;
  body: unknown;
}

/** A JSON answer with `status`. */
export const jsonAnswer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/**
 * Stands in for the server in a component test (jsdom has no network): every request the app sends is recorded in
 * the list answered, in order, and `respond` answers it, or says 'offline' for a network that fails as a lost
 * connection does. `vi.unstubAllGlobals()` puts fetch back.
 */
export function stubServer(respond: (request: SentRequest) => Response | 'offline'): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const request: SentRequest = {
        method: init.method ?? 'GET',
        url,
        auth: headers.get('Authorization'),
        key: headers.get('Idempotency-Key'),
        body: init.body ? (JSON.parse(init.body as string) as unknown) : undefined,
      };
      sent.push(request);
      const answer = respond(request);
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      return answer;
    }),
  );
  return sent;
}
