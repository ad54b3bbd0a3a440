import { IosInstallHint } from '../pwa/IosInstallHint.tsx';
import { UpdatePrompt } from '../pwa/UpdatePrompt.tsx';
import { Footer } from './Footer.tsx';

/**
 * What the shell shows below the screen, once the screen's first content is up: the update prompt (a new
 * version waits, found after the worker registered, itself after the first content), the install hint on iOS and
 * the footer. A chunk of its own, off the first screen's script.
 */
export default function ShellLater() {
  return (
    <>
      <UpdatePrompt />
      <IosInstallHint />
      <Footer />
    </>
  );
}
