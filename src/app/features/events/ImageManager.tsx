import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { getAccessToken } from '../../auth/session.ts';
import { apiFetch } from '../../lib/api.ts';

export const UPLOAD_FAILED = 'Upload failed. Please try again.';
interface Image {
  id: number;
  url: string;
}

/** A multipart upload with progress (fetch has no upload progress): resolves to the event's images. */
async function uploadWithProgress(url: string, file: File, onProgress: (pct: number) => void): Promise<Image[]> {
  const token = await getAccessToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((JSON.parse(xhr.responseText) as { images?: Image[] }).images ?? []);
      } else reject(new Error(String(xhr.status)));
    };
    xhr.onerror = () => reject(new Error('network'));
    const form = new FormData();
    form.set('file', file);
    xhr.send(form);
  });
}

/**
 * Spec part 2 §2, §6, §7: the admin's image manager: upload (with progress),
 * replace, delete, and reorder by dragging or with the buttons.
 */
export function ImageManager({ eventId }: { eventId: number }) {
  const uid = useId();
  const client = useQueryClient();
  const [images, setImages] = useState<Image[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const base = `/events/${eventId}/images`;

  useEffect(() => {
    let live = true;
    apiFetch<{ images: Image[] }>(base, { auth: true, cache: 'no-store' }).then(
      (r) => live && setImages(r.images),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [base]);

  const changed = (next: Image[]) => {
    setImages(next);
    void client.invalidateQueries({ queryKey: ['events'] });
  };

  const send = async (path: string, file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      changed(await uploadWithProgress(`/api/v1${path}`, file, setProgress));
    } catch {
      setError(UPLOAD_FAILED);
    } finally {
      setProgress(null);
    }
  };

  const reorder = async (ids: number[]) => {
    try {
      const r = await apiFetch<{ images: Image[] }>(`${base}/reorder`, {
        method: 'POST',
        auth: true,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ids }),
      });
      changed(r.images);
    } catch {
      // Spec §8: silent; the list stays as the server has it.
    }
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length) return;
    const ids = images.map((i) => i.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    void reorder(ids);
  };
  const remove = async (id: number) => {
    try {
      changed((await apiFetch<{ images: Image[] }>(`${base}/${id}`, { method: 'DELETE', auth: true })).images);
    } catch {
      // silent (spec §8)
    }
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
                  onChange={(e) => void send(`${base}/${img.id}/replace`, e.target.files?.[0])}
                />
              </label>
              <button type="button" className="button secondary small" onClick={() => void remove(img.id)}>
                Delete
              </button>
            </span>
          </li>
        ))}
      </ol>
      <label htmlFor={`${uid}-upload`}>Upload an image (JPEG, PNG or WebP, up to 1 MB)</label>
      <input
        id={`${uid}-upload`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={progress !== null}
        onChange={(e) => {
          void send(`${base}/upload`, e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {progress !== null ? (
        <p role="status">
          Uploading… <progress max={100} value={progress} aria-label="Upload progress" /> {progress}%
        </p>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
