import { lazy } from 'react';
import { LazyFormPanel } from '../../ui/FormPanel.tsx';
import { ADD_CLUB_FRAME } from './club-texts.ts';

const AddClubForm = lazy(() => import('./AddClubForm.tsx'));

/** The form sits at the foot of the page; LazyFormPanel loads it when it nears the screen, not with the list. */
export function AddClubPanel() {
  return <LazyFormPanel {...ADD_CLUB_FRAME} form={AddClubForm} />;
}
