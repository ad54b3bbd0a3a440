import { lazy, Suspense, useState } from 'react';
import { useDraft } from '../outbox/draft.ts';
import { LoadBoundary } from '../../ui/LoadBoundary.tsx';

/**
 * Spec part 2 §2: a Feedback tab on the home screen opening a slide-up sheet.
 * The tab is tiny and eager; the sheet (with zod) is in the lazy forms chunk
 * (../supermatch/home-forms.ts), which the supermatch panel loads anyway;
 * pointing at or focusing the tab starts it too, so it is ready on tap.
 */
const loadSheet = () => import('../supermatch/home-forms.ts').then((m) => ({ default: m.FeedbackSheet }));
const FeedbackSheet = lazy(loadSheet);
const preload = () => void loadSheet().catch(() => undefined);

export function FeedbackTab() {
  const [open, setOpen] = useState(false);
  // 'Edit' on a refused feedback in the outbox list opens the sheet with it.
  const draft = useDraft();
  if (draft?.kind === 'feedback' && !open) setOpen(true);
  return (
    <>
      <button
        type="button"
        className="feedback-tab"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        Feedback
      </button>
      {open ? (
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <FeedbackSheet onClose={() => setOpen(false)} />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </>
  );
}
