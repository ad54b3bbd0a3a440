import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Cropper, type CropperRef } from 'react-advanced-cropper';
import 'react-advanced-cropper/dist/style.css';
import type { Association } from '../../../shared/association.ts';
import { saveFailure } from '../../lib/save-errors.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormAlert } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { associationKeys } from '../../lib/association.ts';
import { uploadLogo } from './association-api.ts';

export const LOGO_SAVED = 'Logo saved: the home-screen icons are made from it.';
/** The size the square crop is sent at: the largest icon the server makes from it. */
const SIDE = 512;

/**
 * The association's logo: a PNG, JPEG or SVG picked from the device, cropped square with the app's cropper and
 * sent as a 512 px PNG; the server makes the home-screen icons from it (192, 512 and a maskable one).
 */
export function LogoField({ profile }: { profile: Association }) {
  const id = useId();
  const client = useQueryClient();
  const toast = useToast();
  const [src, setSrc] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const cropper = useRef<CropperRef>(null);

  const upload = useMutation({
    mutationFn: (file: File) => uploadLogo(file, setProgress),
    onSuccess: (saved) => {
      client.setQueryData(associationKeys.all, saved);
      setSrc(null);
      toast.show(LOGO_SAVED);
    },
  });

  const send = () => {
    const canvas = cropper.current?.getCanvas({ width: SIDE, height: SIDE });
    canvas?.toBlob((blob) => blob && upload.mutate(new File([blob], 'logo.png', { type: 'image/png' })), 'image/png');
  };

  return (
    <div className="logo-field">
      <h3 id={`${id}-title`}>Logo</h3>
      {profile.logo ? (
        <img className="logo-preview" src={profile.logo.icon_192} alt="The association's logo" width={96} height={96} />
      ) : (
        <p className="muted">No logo yet: the app's own icon is used.</p>
      )}
      <input
        id={`${id}-file`}
        className="visually-hidden"
        type="file"
        accept="image/png,image/jpeg,image/svg+xml"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Read as a data: address, which the page's Content-Security-Policy lets an image be (a blob: one not).
          if (file) {
            const reader = new FileReader();
            reader.onload = () => setSrc(typeof reader.result === 'string' ? reader.result : null);
            reader.readAsDataURL(file);
          }
          e.target.value = '';
        }}
      />
      {/* The input is hidden and its label looks like a button; the label shows the input's keyboard focus (CSS). */}
      <label htmlFor={`${id}-file`} className="button secondary">
        Choose a logo…
      </label>
      <FormAlert>{upload.error ? `Not saved: ${saveFailure(upload.error)}` : null}</FormAlert>
      {src ? (
        <Dialog
          title="Crop the logo"
          onClose={() => setSrc(null)}
          footer={
            <div className="form-actions">
              <button type="button" className="button" disabled={upload.isPending} onClick={send}>
                {upload.isPending ? `Saving… ${progress}%` : 'Save logo'}
              </button>
              <button type="button" className="button secondary" onClick={() => setSrc(null)}>
                Cancel
              </button>
            </div>
          }
        >
          <p className="field-hint">Drag the square over the part of the picture to keep.</p>
          <div className="logo-cropper">
            <Cropper ref={cropper} src={src} stencilProps={{ aspectRatio: 1 }} checkOrientation={false} />
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
