import { lazy } from 'react';
import { LazyFormPanel } from '../../ui/FormPanel.tsx';
import { ADD_EVENT_FRAME } from './event-texts.ts';

const AddEventForm = lazy(() => import('./AddEventForm.tsx'));

/** The form sits at the foot of the page; LazyFormPanel loads it when it nears the screen, not with the list. */
export function AddEventPanel() {
  return <LazyFormPanel {...ADD_EVENT_FRAME} form={AddEventForm} />;
}
