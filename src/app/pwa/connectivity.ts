import { apiGet, listenToContact } from '../lib/api.ts';
import { createSignal } from '../lib/signal.ts';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { readStorage, writeStorage } from '../lib/storage.ts';

/**
 * Whether the server answers, and how old the data on screen is. The browser's
 * online flag alone is not enough: at a gym the phone may have signal and the
 * server may still be out of reach. API reads and the service worker report
 * each success and failure here.
 */
const online = createSignal(typeof navigator === 'undefined' ? true : navigator.onLine);
export const useOnline = online.use;
export const setOnline = online.set;

/** Called when the server is reachable again after it was not (the outbox sends then). */
const backOnline = new Set<() => void>();
export function onBackOnline(listener: () => void): void {
  backOnline.add(listener);
}
let wasOnline = online.get();
online.subscribe(() => {
  const now = online.get();
  if (now && !wasOnline) backOnline.forEach((l) => l());
  wasOnline = now;
});

const DATA_DATE_KEY = STORAGE_KEYS.dataDate;
const dataDate = createSignal<string | null>(readStorage(DATA_DATE_KEY));
export const useDataDate = dataDate.use;

/** Notes when the server produced the data just read (its Date header, also for answers stored by the worker). */
export function noteResponse(res: Response): void {
  const date = res.headers.get('date');
  if (date && !Number.isNaN(Date.parse(date))) {
    const iso = new Date(date).toISOString();
    dataDate.set(iso);
    writeStorage(DATA_DATE_KEY, iso);
  }
}

// The API client reports each public read here (it takes this listener rather than importing this module).
listenToContact({ reached: setOnline, answered: noteResponse });

/** Asks the server itself (never answered by the worker's cache): the truth about reachability. */
export async function probeServer(): Promise<void> {
  // The client reads every answer to the end: an unread body keeps the request open in Chromium.
  online.set(
    await apiGet('/health', { fresh: true }).then(
      () => true,
      () => false,
    ),
  );
}

export const PROBE_INTERVAL_MS = 30_000;

export function watchConnectivity(): void {
  addEventListener('online', () => void probeServer());
  addEventListener('offline', () => online.set(false));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void probeServer();
  });
  setInterval(() => void probeServer(), PROBE_INTERVAL_MS);
  void probeServer();
}
