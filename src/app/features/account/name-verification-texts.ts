import type { NameStatusValue } from '../../../shared/name-claims.ts';

/** The name verification's texts, word for word. */

/** Per state: the badge beside the panel's title, and the submit button's words. */
export const STATE_TEXTS: Record<NameStatusValue, { badge: string; submit: string }> = {
  verified: { badge: 'Verified', submit: 'Locked' },
  pending: { badge: 'Pending approval', submit: 'Submitted' },
  rejected: { badge: 'Rejected', submit: 'Submit for verification' },
  never_submitted: { badge: 'Action needed', submit: 'Submit for verification' },
};

export const INTRO = 'Select your name to verify your identity and unlock all features.';
export const NAME_LABEL = 'Name on leaderboards';
export const NAME_PLACEHOLDER = 'Full name';
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
