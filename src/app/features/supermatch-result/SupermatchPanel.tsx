import { useRef, type ComponentType } from 'react';
import { useNearScreen } from '../../lib/use-near-screen.ts';
import { useDraft } from '../../outbox/draft.ts';
import { LazyFormPanel } from '../../ui/FormPanel.tsx';
import { SUPERMATCH_FRAME } from './SupermatchShell.tsx';

/**
 * The home screen's supermatch result panel. The form itself is handed in as a
 * lazy component by the route, so the frame paints with the boards and the
 * form's code (with zod, whose first validation alone is a long task on a
 * phone) stays off the first screen. It loads once the route says it may
 * (`ready`: after the first rows) and the panel comes within a screen of view,
 * or at once when a refused result is opened again for editing.
 */
export function SupermatchPanel({ form, ready }: { form: ComponentType; ready: boolean }) {
  const draft = useDraft();
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearScreen(frame);
  return (
    <div ref={frame}>
      <LazyFormPanel {...SUPERMATCH_FRAME} form={form} ready={(ready && near) || draft?.kind === 'supermatch'} />
    </div>
  );
}
