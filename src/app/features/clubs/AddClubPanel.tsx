import { lazy, type ReactNode, type Ref } from 'react';
import { FormPanelShell, LazyFormPanel } from '../../ui/FormPanel.tsx';
import { ADD_CLUB_ANCHOR, ADD_CLUB_TITLE } from './club-texts.ts';

const ADD_CLUB_FRAME = { anchor: ADD_CLUB_ANCHOR, title: ADD_CLUB_TITLE, className: 'add-club-panel' };

export function AddClubShell({ children, headingRef }: { children: ReactNode; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <FormPanelShell {...ADD_CLUB_FRAME} headingRef={headingRef}>
      {children}
    </FormPanelShell>
  );
}

const AddClubForm = lazy(() => import('./AddClubForm.tsx'));

/** The form sits at the foot of the page; LazyFormPanel loads it when it nears the screen, not with the list. */
export function AddClubPanel() {
  return <LazyFormPanel {...ADD_CLUB_FRAME} form={AddClubForm} />;
}
