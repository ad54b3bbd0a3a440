import { dismissIosHint, install, useInstallPrompt, useIosHint } from './install.ts';

/** 'Install app' where the browser offers it; the Add to Home Screen hint on iOS Safari. */
export function InstallButton() {
  const prompt = useInstallPrompt();
  if (!prompt) return null;
  return (
    <button type="button" className="install-button" onClick={() => void install()}>
      Install app
    </button>
  );
}

export function IosInstallHint() {
  const show = useIosHint();
  if (!show) return null;
  return (
    <div className="ios-hint" role="note">
      <span>
        Install this app: tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
      </span>
      <button type="button" className="button secondary" onClick={dismissIosHint} aria-label="Dismiss the install hint">
        ✕
      </button>
    </div>
  );
}
