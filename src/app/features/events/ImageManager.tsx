import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiDelete, apiGet, apiPost } from '../../lib/api.ts';
import { apiUpload } from '../../lib/api-upload.ts';
import { eventKeys } from './event-keys.ts';
import { IMAGE_UPLOAD_FAILED } from '../../ui/form-messages.ts';
import { Field, FormAlert } from '../../ui/Field.tsx';

interface Image {
  id: number;
  url: string;
}
type Images = { images?: Image[] } | null;

/**
 * The admin's image manager: upload (with progress), replace, delete, and
 * reorder by dragging or with the buttons. The list is a query of its own,
 * under the events key; each change answers with the new list, which is shown
 * at once, and the events (whose cards show the pictures) are read again.
 */
export function ImageManager({ eventId }: { eventId: number }) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const base = `/events/${eventId}/images`;
  const key = eventKeys.images(eventId);

  // A failed read is silent: the list stays empty (or as it was).
  const images =
    useQuery({
      queryKey: key,
      queryFn: async () => (await apiGet<Images>(base, { auth: true, fresh: true }))?.images ?? [],
    }).data ?? [];

  const changed = (r: Images) => {
    client.setQueryData(key, r?.images ?? []);
    void client.invalidateQueries({ queryKey: eventKeys.all });
  };

  const upload = useMutation({
    mutationFn: ({ path, file }: { path: string; file: File }) => {
      setProgress(0);
      return apiUpload<Images>(path, file, setProgress);
    },
    onSuccess: changed,
    onSettled: () => setProgress(null),
  });
  const send = (path: string, file: File | undefined) => {
    if (file) upload.mutate({ path, file });
  };
  const error = upload.isError ? IMAGE_UPLOAD_FAILED : null;

  // Reorder and delete fail silently: the list stays as the server has it.
  const reorder = useMutation({
    mutationFn: (ids: number[]) => apiPost<Images>(`${base}/reorder`, { ids }, { auth: true }),
    onSuccess: changed,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiDelete<Images>(`${base}/${id}`, { auth: true }),
    onSuccess: changed,
  });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length) return;
    const ids = images.map((i) => i.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    reorder.mutate(ids);
  };

  return (
    <fieldset className="image-manager">
      <legend>Images</legend>
      <ol className="image-list">
        {images.map((img, i) => (
          <li
            key={img.id}
            draggable
            onDragStart={() => setDragged(i)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              if (dragged !== null && dragged !== i) move(dragged, i);
              setDragged(null);
            }}
          >
            <img src={img.url} alt={`Image ${i + 1}`} />
            <span className="image-actions">
              <button
                type="button"
                className="button secondary small"
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                Move up
              </button>
              <button
                type="button"
                className="button secondary small"
                disabled={i === images.length - 1}
                onClick={() => move(i, i + 1)}
              >
                Move down
              </button>
              <label className="button secondary small">
                Replace
                <input
                  type="file"
                  className="visually-hidden"
                  accept="image/jpeg,image/png,image/webp"
                  onChange={(e) => send(`${base}/${img.id}/replace`, e.target.files?.[0])}
                />
              </label>
              <button type="button" className="button secondary small" onClick={() => remove.mutate(img.id)}>
                Delete
              </button>
            </span>
          </li>
        ))}
      </ol>
      <Field label="Upload an image (JPEG, PNG or WebP, up to 1 MB)">
        {(control) => (
          <input
            {...control}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={progress !== null}
            onChange={(e) => {
              send(`${base}/upload`, e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        )}
      </Field>
      {progress !== null ? (
        <p role="status">
          Uploading… <progress max={100} value={progress} aria-label="Upload progress" /> {progress}%
        </p>
      ) : null}
      <FormAlert>{error}</FormAlert>
    </fieldset>
  );
}
