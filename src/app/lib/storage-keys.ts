/**
 * Every key the app keeps in the browser's Web Storage, and the Web Lock names, in one place. The strings
 * never change: devices already hold data under them.
 *
 * Where each kind of data lives:
 * - localStorage: small values that must survive closing the browser and are read synchronously before the
 *   first render (who signs in with what, the submitter's name, the local profile, what was seen when). A
 *   lost value costs a convenience, never something the user sent.
 * - sessionStorage: what belongs to one tab's visit only (the analytics session id).
 * - IndexedDB (src/shared/storage-names.ts): the outbox, which the service worker also reads, and the
 *   React Query cache, too large and too frequently written for localStorage.
 * - The service worker's caches (src/shared/storage-names.ts): API answers and uploaded pictures.
 * - oidc-client-ts keeps the signed-in user under its own `oidc.user:<authority>:<client id>` key
 *   (auth/stored-user.ts reads it) and its sign-in state under `oidc.` keys.
 */
export const STORAGE_KEYS = {
  /** localStorage: the server's identity-provider settings, so a signed-in user is known offline. */
  authConfig: 'aw.authConfig',
  /** localStorage: the e-mail last signed in with, offered again as the login hint. */
  lastSignInEmail: 'aw.lastSignInEmail',
  /** localStorage: '1' once the iOS Add to Home Screen hint was dismissed. */
  iosInstallHintDismissed: 'aw.iosInstallHintDismissed',
  /** localStorage: when the server produced the data last read (ISO date). */
  dataDate: 'aw.dataDate',
  /** localStorage: the profile kept on this device (JSON). */
  localProfile: 'aw.localProfile',
  /** localStorage: the submitter name every form offers again. */
  submitterName: 'aw.submitterName',
  /** localStorage: the event a link asked for, until the events have loaded (JSON). */
  pendingEvent: 'aw.pendingEvent',
  /** localStorage: when each route was last seen, for the 'new' dots (JSON). */
  lastSeen: 'aw.lastSeen',
  /** localStorage: a developer's local club edits, kept on this device only (JSON, by club id). */
  clubEdits: 'aw.clubEdits',
  /** localStorage: the build id of the query cache saved in IndexedDB, once one is (pwa/persist.ts). */
  savedQueryCache: 'aw.savedQueryCache',
  /** sessionStorage: this tab's analytics session id. */
  analyticsSession: 'aw.analyticsSession',
} as const;

/** Web Lock names (navigator.locks), shared by every tab of the app. */
export const LOCK_NAMES = {
  /** One tab at a time renews the token: a used refresh token is dead. */
  authRenew: 'aw.auth.renew',
} as const;
