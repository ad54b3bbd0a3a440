import { install, useInstallPrompt } from './install.ts';

/** 'Install app' where the browser offers it (the Add to Home Screen hint on iOS Safari: IosInstallHint.tsx). */
export function InstallButton() {
  const prompt = useInstallPrompt();
  if (!prompt) return null;
  return (
    <button type="button" className="install-button" onClick={() => void install()}>
      Install app
    </button>
  );
}
