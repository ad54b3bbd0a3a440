import { expect, type Page } from '@playwright/test';

/**
 * Waits until the service worker is activated and controls the page (ready alone is not enough). The check is
 * synchronous on purpose: waitForFunction takes a returned promise as truthy without waiting for it.
 */
export async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/**
 * Waits until every built chunk and picture the page loaded is in the worker's caches (precached, or kept on the
 * page's word after a first visit), so the page opens again with no connection.
 */
export async function waitForAssetsKept(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const loaded = performance
            .getEntriesByType('resource')
            .map((e) => e.name)
            .filter((name) => /^\/(assets|uploads|portraits)\//.test(new URL(name).pathname));
          const kept = await Promise.all(loaded.map(async (name) => (await caches.match(name)) !== undefined));
          return loaded.filter((_, i) => !kept[i]);
        }),
      { timeout: 30_000 },
    )
    .toEqual([]);
}

/** The query keys saved in IndexedDB by the persisted React Query cache (one entry per query, see src/app/pwa/persist.ts). */
export async function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('aw-query-cache');
        // Never create the database here: the app creates its store on the first open, and an empty
        // database made by this probe would leave it without one.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          // Closed at once: an open connection would hold up the app's own upgrades and deletes.
          const done = (keys: string[]) => {
            db.close();
            resolve(keys);
          };
          if (!db.objectStoreNames.contains('cache')) return done([]);
          const range = IDBKeyRange.bound('query:', 'query:\uffff');
          const all = db.transaction('cache').objectStore('cache').getAll(range);
          // Each entry holds the dehydrated query (without its data) as JSON text.
          all.onsuccess = () =>
            done(
              (all.result as { query: string }[]).map((e) =>
                JSON.stringify((JSON.parse(e.query) as { queryKey: unknown }).queryKey),
              ),
            );
          all.onerror = () => done([]);
        };
      }),
  );
}

/** What the app does when it comes back to the foreground: looks whether the server answers again. */
export const backToForeground = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
