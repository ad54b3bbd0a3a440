import { lazy, useRef, type ReactNode, type Ref } from 'react';
import { useAfterFirstContent } from '../../lib/first-content.ts';
import { useNearScreen } from '../../lib/use-near-screen.ts';
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

/**
 * The form sits at the foot of the page: its code (with zod) loads once the list is up and the panel comes
 * within a screen of view, not with the list.
 */
export function AddClubPanel() {
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearScreen(frame);
  const ready = useAfterFirstContent();
  return (
    <div ref={frame}>
      <LazyFormPanel {...ADD_CLUB_FRAME} form={AddClubForm} ready={ready && near} />
    </div>
  );
}
