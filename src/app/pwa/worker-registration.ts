import type { Workbox } from 'workbox-window';
import { updateWaiting } from './update-waiting.ts';

/**
 * The worker's registration and updates, loaded after the first screen's content (with workbox-window): a new
 * version waits until the user presses Reload (pwa/UpdatePrompt.tsx), so a page never reloads by itself while
 * someone is typing. Updates are looked for every hour and whenever the app comes back to the foreground.
 */
let workbox: Workbox | undefined;
/** Set when this tab pressed Reload: only then does taking over reload it. */
let reloadRequested = false;
let workerWaiting = false;

export const UPDATE_CHECK_MS = 60 * 60 * 1000;

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js');
  workbox = wb;
  wb.addEventListener('waiting', () => {
    workerWaiting = true;
    updateWaiting.set(true);
  });
  // Once the new worker took over: this tab asked for it, so load the new version; another tab asked,
  // so offer the reload here too instead of throwing away what someone may be typing.
  // workbox-window's isUpdate only says whether the page was controlled when it registered: on a first
  // visit it is false for a later update too, so a worker this tab saw waiting also counts as one.
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate && !workerWaiting && !reloadRequested) return;
    workerWaiting = false;
    if (reloadRequested) location.reload();
    else updateWaiting.set(true);
  });
  // A worker that cannot register now (sw.js lost to a dropped connection) registers on the next visit; the
  // page works without it meanwhile, so this is no error for the page.
  const registration = await wb.register().catch(() => undefined);
  if (!registration) return;
  void keepLoadedAssets();
  navigator.serviceWorker.addEventListener('controllerchange', () => void keepLoadedAssets());

  const check = () => void wb.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  addEventListener('focus', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Where the built chunks and the pictures (uploads, the demo's portraits) are; the worker picks what it keeps. */
const KEPT_PATHS = /^\/(assets|uploads|portraits)\//;

/**
 * Tells the active worker which built chunks and pictures this page has loaded, so those fetched before it took
 * charge (a first visit) are kept for offline too: the worker skips the chunks it already has.
 */
async function keepLoadedAssets(): Promise<void> {
  const worker = (await navigator.serviceWorker.ready).active;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => KEPT_PATHS.test(new URL(name).pathname));
  worker?.postMessage({ type: 'KEEP_ASSETS', urls });
}

/** The Reload button: the waiting worker takes over, then the page reloads into the new version. */
export function applyUpdate(): void {
  reloadRequested = true;
  // The 'controlling' event then reloads; if another tab already let the new worker in, reload now.
  if (workbox && workerWaiting) workbox.messageSkipWaiting();
  else location.reload();
}
