import { lazy, useRef, type ReactNode, type Ref } from 'react';
import { useAfterFirstContent } from '../../lib/first-content.ts';
import { useNearScreen } from '../../lib/use-near-screen.ts';
import { FormPanelShell, LazyFormPanel } from '../../ui/FormPanel.tsx';
import { ADD_EVENT_ANCHOR, ADD_EVENT_TITLE } from './event-texts.ts';

const ADD_EVENT_FRAME = { anchor: ADD_EVENT_ANCHOR, title: ADD_EVENT_TITLE, className: 'add-event-panel' };

export function AddEventShell({ children, headingRef }: { children: ReactNode; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <FormPanelShell {...ADD_EVENT_FRAME} headingRef={headingRef}>
      {children}
    </FormPanelShell>
  );
}

const AddEventForm = lazy(() => import('./AddEventForm.tsx'));

/**
 * The form sits at the foot of the page: its code (with zod, whose set-up alone is a long task on a phone)
 * loads once the list is up and the panel comes within a screen of view, not with the list.
 */
export function AddEventPanel() {
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearScreen(frame);
  const ready = useAfterFirstContent();
  return (
    <div ref={frame}>
      <LazyFormPanel {...ADD_EVENT_FRAME} form={AddEventForm} ready={ready && near} />
    </div>
  );
}
