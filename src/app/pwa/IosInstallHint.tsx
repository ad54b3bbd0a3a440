import { dismissIosHint, useIosHint } from './install.ts';

/** The Add to Home Screen hint on iOS Safari, which has no install prompt. */
export function IosInstallHint() {
  const show = useIosHint();
  if (!show) return null;
  return (
    // A landmark of its own: it sits outside <main>, and content outside landmarks is lost to screen-reader navigation.
    <aside className="ios-hint" aria-label="Install this app">
      <span>
        Install this app: tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
      </span>
      <button type="button" className="button secondary" onClick={dismissIosHint} aria-label="Dismiss the install hint">
        ✕
      </button>
    </aside>
  );
}
