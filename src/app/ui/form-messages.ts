/** The forms' toasts vanish after 4.6 s. */
export const FORM_TOAST_MS = 4600;

/** The outbox's 'queued' outcome, the same for every form: the entry is kept and sent later. */
export const SAVED_ON_DEVICE = 'Saved on this device. It will be sent when the connection returns.';

/** A picture upload that did not go through (event pictures, athlete portraits). */
export const IMAGE_UPLOAD_FAILED = 'Upload failed. Please try again.';
