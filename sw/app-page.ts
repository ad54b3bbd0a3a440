/// <reference lib="webworker" />
import type { RouteHandlerCallback } from 'workbox-core';
import { matchPrecache } from 'workbox-precaching';

/**
 * The app's page for every navigation. The server makes it from the association profile (its name, colour and the
 * first screen's part of the profile: src/server/association/app-page.ts), so a copy made at the build or at the
 * worker's install would keep an old name. The page is kept fresh as the other reads are (stale while
 * revalidate): the last page this worker kept opens at once, with no wait on a venue's slow network, and the
 * server's current page (a small answer the HTTP cache revalidates by its ETag) is fetched beside it and kept for
 * the next visit; meanwhile the open page's association query brings a change made since (lib/association.ts).
 * With no kept page yet, the server's page is waited for a few seconds, else the precached one is shown:
 * everything that opened offline before still does.
 *
 * A page is kept only when it belongs to this worker's build (its entry script is precached): a server that already
 * runs a newer build serves a page whose chunks this worker has not got, which must not become the page shown offline.
 */

const PAGE = '/index.html';
/** How long a navigation with no kept page waits for the server before the precached page (a network that hangs). */
const WAIT_MS = 3000;

declare const self: ServiceWorkerGlobalScope;

/** The page's entry script (`<script type="module" … src="/assets/main-….js">`), by which its build is known. */
const entryScript = (html: string) => /<script\s+type="module"[^>]*?\ssrc="([^"]+)"/.exec(html)?.[1];

async function isThisBuild(html: string): Promise<boolean> {
  const src = entryScript(html);
  return !!src && !!(await matchPrecache(src));
}

async function fromServer(): Promise<Response | undefined> {
  if (self.navigator.onLine === false) return undefined;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), WAIT_MS);
  try {
    const res = await fetch(PAGE, { cache: 'no-cache', credentials: 'same-origin', signal: abort.signal });
    return res.ok && res.headers.get('content-type')?.startsWith('text/html') ? res : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** Keeps the server's page for offline use, with its headers (its Content-Security-Policy goes with it). */
async function keep(cacheName: string, res: Response): Promise<void> {
  const html = await res.text();
  if (!(await isThisBuild(html))) return;
  const headers = new Headers(res.headers);
  // The body is kept decoded: the encoding and length of the bytes sent no longer describe it.
  headers.delete('content-encoding');
  headers.delete('content-length');
  await (await caches.open(cacheName)).put(PAGE, new Response(html, { status: 200, headers }));
}

async function keptPage(cacheName: string): Promise<Response | undefined> {
  const kept = await (await caches.open(cacheName)).match(PAGE);
  if (!kept || !(await isThisBuild(await kept.clone().text()))) return undefined;
  return kept;
}

export function appPage(cacheName: string): RouteHandlerCallback {
  return async ({ event }) => {
    const fresh = fromServer();
    // Kept from a copy taken as soon as the answer comes, before the browser reads the answer's own body.
    event.waitUntil(fresh.then((res) => res && keep(cacheName, res.clone())).catch(() => undefined));
    const kept = await keptPage(cacheName);
    if (kept) return kept;
    return (await fresh) ?? (await matchPrecache(PAGE)) ?? Response.error();
  };
}
