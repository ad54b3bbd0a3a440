import { noteResponse, setOnline } from './connectivity.ts';

/** The server could not be reached at all (as opposed to answering with an error). */
export class NetworkError extends Error {}

/**
 * A public API read (no-store: the service worker, not the HTTP cache, keeps
 * copies). Notes how old the answer is and whether the server was reached;
 * with a worker in control, the worker reports reachability itself, since an
 * answer it gives from its cache says nothing about the network.
 */
export async function apiRead(url: string): Promise<Response> {
  const viaWorker = typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;
  let res: Response;
  try {
    res = await fetch(url, { cache: 'no-store' });
  } catch {
    if (!viaWorker) setOnline(false);
    throw new NetworkError('No connection to the server.');
  }
  if (!viaWorker) setOnline(true);
  if (res.ok) noteResponse(res);
  return res;
}
