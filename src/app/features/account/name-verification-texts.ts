import type { NameStatusValue } from '../../../shared/name-claims.ts';

/** The name verification's texts, word for word. */
export const STATUS_BADGE: Record<NameStatusValue, string> = {
  verified: 'Verified',
  pending: 'Pending approval',
  rejected: 'Rejected',
  never_submitted: 'Action needed',
};
export const INTRO = 'Select your name to verify your identity and unlock all features.';
export const NAME_LABEL = 'Name on leaderboards';
export const NAME_PLACEHOLDER = 'Full name';
export const SUBMIT_LABEL: Record<NameStatusValue, string> = {
  never_submitted: 'Submit for verification',
  rejected: 'Submit for verification',
  pending: 'Submitted',
  verified: 'Locked',
};
export const CAPTION = 'Verification may take a few days.';
export const VERIFIED_HINT = 'Your name has been approved and is now locked.';
export const pendingHint = (name: string) => `Pending approval: ${name}`;
export const REJECTED_HINT = 'Your previous submission was rejected. Please correct your name and submit again.';
export const CONFIRM_TEXT =
  'Please confirm your name is correct. You will not be able to change it after it is approved.';
export const EMPTY_NAME = 'Enter your name first.';
export const SUBMITTED = 'Submitted for approval.';
export const SUBMIT_REFUSED = 'Could not submit. Try again.';
export const SUBMIT_NETWORK = 'Error submitting name.';
export const CONTACTS_SAVED = 'Contacts saved to this device.';
