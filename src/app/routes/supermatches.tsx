import { createLazyRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { SupermatchCard } from '../../shared/answers/supermatches.ts';
import { useRole } from '../auth/use-role.ts';
import { SupermatchesPage } from '../features/supermatches/SupermatchesPage.tsx';
import { useImageSaved } from '../features/supermatches/use-image-edits.ts';

// The image editor and its cropper are for admins only: a chunk of their own, loaded when the pencil is pressed.
const ImageEditor = lazy(() => import('../features/supermatch-images/ImageEditor.tsx'));

/** The supermatches page (its own chunk): the list by ?event= and ?match=, and for admins the image editor. */
export function SupermatchesScreen() {
  const search = useSearch({ from: '/supermatches' });
  const navigate = useNavigate({ from: '/supermatches' });
  const role = useRole();
  const admin = role === 'admin' || role === 'dev';
  const [editing, setEditing] = useState<SupermatchCard | null>(null);
  const onSaved = useImageSaved();

  return (
    <>
      <SupermatchesPage
        event={search.event}
        match={search.match}
        onClearEvent={() => void navigate({ search: (s) => ({ ...s, event: undefined }), resetScroll: false })}
        onEdit={admin ? setEditing : undefined}
      />
      {editing ? (
        <Suspense fallback={null}>
          <ImageEditor card={editing} onClose={() => setEditing(null)} onSaved={onSaved} />
        </Suspense>
      ) : null}
    </>
  );
}

export const Route = createLazyRoute('/supermatches')({ component: SupermatchesScreen });
