import { createStore, get, set } from 'idb-keyval';
import type { TableDevice } from '../../../../shared/tournament-contract/table.ts';
import { IDB } from '../../../../shared/storage-names.ts';

/**
 * What a table device keeps in IndexedDB, beside the outbox and the saved queries: its key (so a restart without
 * the link's address still works), who the key says it is (so it opens offline), and the marks of the match now
 * pulling (warnings, fouls, when it was called), so a reload in the middle of a match loses none of them.
 */
const store = () => createStore(IDB.tableDevice.database, IDB.tableDevice.store);
let cached: ReturnType<typeof store> | undefined;
const db = () => (cached ??= store());

export interface SavedDevice {
  key: string;
  /** Null until the server has said who the key is. */
  device: TableDevice | null;
  /** The server refused the key (401/403): said at once on the next start, offline too. */
  revoked?: boolean;
}

/** The marks of the match now pulling; `match` names it (category, code and athletes), so stale marks are ignored. */
export interface Marks {
  match: string;
  warnings_a: number;
  warnings_b: number;
  fouls_a: number;
  fouls_b: number;
  /** When 'Call' was tapped (ms), null before. */
  calledAt: number | null;
}

export const readDevice = () => get<SavedDevice>('device', db()).catch(() => undefined);
export const saveDevice = (saved: SavedDevice) => set('device', saved, db());
export const readMarks = () => get<Marks>('marks', db()).catch(() => undefined);
export const saveMarks = (marks: Marks) => set('marks', marks, db()).catch(() => undefined);
