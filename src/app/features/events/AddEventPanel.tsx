import { lazy, type ReactNode, type Ref } from 'react';
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

/** The form sits at the foot of the page; LazyFormPanel loads it when it nears the screen, not with the list. */
export function AddEventPanel() {
  return <LazyFormPanel {...ADD_EVENT_FRAME} form={AddEventForm} />;
}
