import { applyUpdate } from './register.ts';
import { useUpdateWaiting } from './update-waiting.ts';

/** 'A new version is available' with a Reload button; nothing reloads until it is pressed. */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version is available</span>
      <button type="button" className="button" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}
