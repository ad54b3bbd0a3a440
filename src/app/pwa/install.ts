import { createSignal } from '../lib/signal.ts';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { readStorage, writeStorage } from '../lib/storage.ts';

/**
 * Installing to the home screen. Chromium offers `beforeinstallprompt`: keep
 * it and show an Install button. iOS Safari has no prompt: show a one-line
 * hint (Share, then Add to Home Screen) until it is dismissed.
 */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const promptEvent = createSignal<InstallPromptEvent | null>(null);
export const useInstallPrompt = promptEvent.use;

const iosHint = createSignal(false);
export const useIosHint = iosHint.use;

export function isIosSafari(ua: string, standalone: boolean): boolean {
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && /Mobile\//.test(ua));
  const safari = /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
  return ios && safari && !standalone;
}

export function watchInstall(): void {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    promptEvent.set(event as InstallPromptEvent);
  });
  addEventListener('appinstalled', () => promptEvent.set(null));
  const standalone =
    matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  iosHint.set(
    isIosSafari(navigator.userAgent, standalone) && readStorage(STORAGE_KEYS.iosInstallHintDismissed) !== '1',
  );
}

export async function install(): Promise<void> {
  const event = promptEvent.get();
  if (!event) return;
  await event.prompt();
  await event.userChoice.catch(() => undefined);
  promptEvent.set(null);
}

export function dismissIosHint(): void {
  writeStorage(STORAGE_KEYS.iosInstallHintDismissed, '1');
  iosHint.set(false);
}
