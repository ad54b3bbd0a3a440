import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Crop, ImageChange, ImageSide } from '../../../shared/supermatches.ts';
import type { AthleteImageConfig, SupermatchCard } from '../../../shared/answers/supermatches.ts';
import { usePortraitStyle } from '../../lib/portrait.ts';
import { CloseButton, Dialog } from '../../ui/Dialog.tsx';
import { athleteImageKeys, athleteImagesQuery, saveAthleteCrop, uploadAthleteImage } from './athlete-images-api.ts';
import CropArea from './CropArea.tsx';
import { describeCrop } from './crop-math.ts';
import './supermatch-images.css';
import { IMAGE_UPLOAD_FAILED } from '../../ui/form-messages.ts';

export const EDITOR_TITLE = 'Edit Supermatch Images';
export const CROP_FAILED = 'Failed to save crop.';

export type { ImageChange };

type Message = { tone: 'ok' | 'error'; text: string } | null;
type Saved = Record<ImageSide, { url?: string; crop?: Crop }>;

/** The stored settings of one athlete, found by name as the server keys them (or ignoring case). */
function configOf(configs: Record<string, AthleteImageConfig> | undefined, name: string) {
  if (!configs) return undefined;
  if (configs[name]) return configs[name];
  const lower = name.toLowerCase();
  return Object.entries(configs).find(([n]) => n.toLowerCase() === lower)?.[1];
}

/**
 * The admin's editor for a card's two pictures: Left is athlete A's left
 * picture, Right athlete B's right one. A new picture is uploaded and its URL
 * stored at once; the frame is cropped on the picture and 'Save Crop' stores
 * it as the card's zoom and position. Each saved change goes to `onSaved`, so
 * the card shows it without a reload. It starts from what the card shows and
 * also reads what is stored for both athletes.
 */
export default function ImageEditor({
  card,
  onClose,
  onSaved,
}: {
  card: SupermatchCard;
  onClose: () => void;
  onSaved: (change: ImageChange) => void;
}) {
  const uid = useId();
  const client = useQueryClient();
  const [side, setSide] = useState<ImageSide>('left');
  const [saved, setSaved] = useState<Saved>({ left: {}, right: {} });
  const [drafts, setDrafts] = useState<Partial<Record<ImageSide, Crop>>>({});
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [message, setMessage] = useState<Message>(null);

  const names = [card.a, card.b];
  const stored = useQuery(athleteImagesQuery(names));

  const name = side === 'left' ? card.a : card.b;
  const url = saved[side].url ?? (side === 'left' ? card.leftImage : card.rightImage);
  const startCrop = saved[side].crop ?? (side === 'left' ? card.leftCrop : card.rightCrop);
  const crop = drafts[side] ?? startCrop;
  const storedConfig = configOf(stored.data, name);
  const preview = usePortraitStyle(crop, url);

  /** Keeps the stored settings on screen in step with what was just saved. */
  const noteStored = (who: string, changes: Partial<AthleteImageConfig>) =>
    client.setQueryData(athleteImageKeys.configs(names), (old: Record<string, AthleteImageConfig> | undefined) => {
      if (!old) return old;
      const key = Object.keys(old).find((n) => n.toLowerCase() === who.toLowerCase()) ?? who;
      const base = old[key] ?? {
        left_url: null,
        right_url: null,
        left_crop: card.leftCrop,
        right_crop: card.rightCrop,
      };
      return { ...old, [key]: { ...base, ...changes } };
    });

  const upload = useMutation({
    mutationFn: ({ file, ...target }: { name: string; side: ImageSide; file: File }) => {
      setProgress(0);
      return uploadAthleteImage(target.name, target.side, file, setProgress);
    },
    onMutate: () => setMessage(null),
    onSuccess: ({ url: newUrl, athlete_image_configs: configs }, target) => {
      setSaved((s) => ({ ...s, [target.side]: { ...s[target.side], url: newUrl } }));
      // The new picture starts where the card shows it: the saved crop, not one framed on the old picture.
      setDrafts((d) => ({ ...d, [target.side]: undefined }));
      setMessage({ tone: 'ok', text: `New picture saved for ${target.name}.` });
      noteStored(target.name, { ...configOf(configs, target.name), [`${target.side}_url`]: newUrl });
      onSaved({ name: target.name, side: target.side, url: newUrl });
    },
    onError: () => setMessage({ tone: 'error', text: IMAGE_UPLOAD_FAILED }),
  });

  const saveCrop = useMutation({
    mutationFn: (target: { name: string; side: ImageSide; crop: Crop }) =>
      saveAthleteCrop(target.name, target.side, target.crop),
    onMutate: () => setMessage(null),
    onSuccess: (_, target) => {
      setSaved((s) => ({ ...s, [target.side]: { ...s[target.side], crop: target.crop } }));
      setMessage({ tone: 'ok', text: `Crop saved for ${target.name}.` });
      noteStored(target.name, { [`${target.side}_crop`]: target.crop });
      onSaved({ name: target.name, side: target.side, crop: target.crop });
    },
    onError: () => setMessage({ tone: 'error', text: CROP_FAILED }),
  });

  const busy = upload.isPending || saveCrop.isPending;
  const canCrop = !!url && failedSrc !== url;

  return (
    <Dialog
      title={EDITOR_TITLE}
      onClose={onClose}
      className="smi-dialog"
      footer={<CloseButton onClose={onClose} secondary />}
    >
      <p className="smi-matchup">
        {card.a} vs {card.b}
      </p>
      <fieldset className="smi-sides" disabled={busy}>
        <legend>Active side</legend>
        {(['left', 'right'] as const).map((s) => (
          <label key={s} className="smi-side">
            <input
              type="radio"
              name={`${uid}-side`}
              value={s}
              checked={side === s}
              onChange={() => {
                setSide(s);
                setMessage(null);
              }}
            />
            <span>
              {s === 'left' ? 'Left' : 'Right'}
              <span className="smi-side-name"> · {s === 'left' ? card.a : card.b}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <div className="smi-layout">
        <div className="smi-main">
          {canCrop ? (
            <CropArea
              key={`${side}|${url}`}
              src={url}
              initialCrop={crop}
              label={`Crop area: ${side === 'left' ? 'left' : 'right'} picture of ${name}`}
              describedBy={`${uid}-keys`}
              onCrop={(c) => setDrafts((d) => ({ ...d, [side]: c }))}
              onLoadError={() => setFailedSrc(url)}
            />
          ) : (
            <div className="smi-empty">
              <p>
                {url
                  ? `The picture of ${name} could not be loaded. Upload a new one.`
                  : `No ${side} picture of ${name} yet. Upload one to crop it.`}
              </p>
            </div>
          )}
          <p id={`${uid}-keys`} className="field-hint smi-keys">
            Drag the frame to move it and its corners to resize it; the mouse wheel zooms. Keys: <kbd>←</kbd>{' '}
            <kbd>→</kbd> <kbd>↑</kbd> <kbd>↓</kbd> move the frame (with <kbd>Shift</kbd> further), <kbd>+</kbd> and{' '}
            <kbd>−</kbd> zoom.
          </p>
        </div>

        <div className="smi-side-panel">
          <figure className="smi-preview">
            <div className="smi-frame">{canCrop ? <img src={url} alt="" {...preview} /> : null}</div>
            <figcaption>On the card</figcaption>
          </figure>
          <p className="smi-numbers">{describeCrop(crop)}</p>
          <p className="field-hint smi-stored" role="status">
            {stored.isPending
              ? 'Reading the stored settings…'
              : stored.isError
                ? 'The stored settings could not be read.'
                : storedConfig
                  ? `Stored for ${name}: ${storedConfig[`${side}_url`] ? 'a picture' : 'no picture'}, ${describeCrop(storedConfig[`${side}_crop`])}.`
                  : `Nothing stored for ${name} yet.`}
          </p>

          <div className="smi-actions">
            <label className={`button smi-upload${busy ? ' is-disabled' : ''}`}>
              <input
                type="file"
                accept="image/*"
                className="smi-file"
                disabled={busy}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) upload.mutate({ name, side, file });
                }}
              />
              {upload.isPending ? 'Uploading…' : 'Upload & Save URL'}
            </label>
            <button
              type="button"
              className="button"
              disabled={busy || !canCrop}
              onClick={() => saveCrop.mutate({ name, side, crop })}
            >
              {saveCrop.isPending ? 'Saving…' : 'Save Crop'}
            </button>
          </div>
          {upload.isPending ? (
            <div className="smi-progress">
              <label htmlFor={`${uid}-progress`}>Upload progress</label>
              <progress id={`${uid}-progress`} max={100} value={progress}>
                {progress}%
              </progress>
            </div>
          ) : null}
          {message ? (
            <p
              className={message.tone === 'error' ? 'field-error' : 'smi-ok'}
              role={message.tone === 'error' ? 'alert' : 'status'}
            >
              {message.text}
            </p>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
