import { memo, useEffect, useState } from 'react';
import type { TableDevice } from '../../../../shared/tournament-contract/table.ts';
import { ApiResponseError } from '../../../lib/api.ts';
import { useFirstContentWhen } from '../../../lib/first-content.ts';
import { takeTableDevice } from './table-api.ts';
import { readDevice, saveDevice, type SavedDevice } from './table-store.ts';
import { TableDesk } from './TableDesk.tsx';
import { TableOpening } from './TableOpening.tsx';
import './table.css';

type Phase =
  | { kind: 'loading' }
  | { kind: 'no-key' }
  | { kind: 'refused' }
  | { kind: 'unknown'; key: string }
  | { kind: 'ready'; key: string; device: TableDevice };

export const REFUSED_TEXT =
  'This table link is not valid: it was revoked or mistyped. Nothing is recorded from this device. Ask the head table for a new link.';

/**
 * The table device's screen, reached through the table link (`#/table?key={secret}`), without an account. The key
 * is kept on the device (IndexedDB) and taken out of the address, so the screen opens again after a restart of
 * the browser without the link, offline too: who the key is (tournament and table) is kept beside it. Each start
 * with a connection asks the server again; a revoked or wrong key (401/403) is said plainly and nothing can be
 * recorded.
 */
export const TableScreen = memo(function TableScreen({
  linkKey,
  onKeyKept,
}: {
  linkKey: string | undefined;
  onKeyKept: () => void;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  useEffect(() => {
    let alive = true;
    // Once the server has said who the key is (or refused it), what the device kept is not shown over it.
    let answered = false;
    const show = (next: Phase) => alive && setPhase(next);
    void (async () => {
      const savedRead = readDevice();
      const key = linkKey ?? (await savedRead)?.key;
      if (!key) return show({ kind: 'no-key' });
      // Who the key is is asked at once (for a link's key the route's loader already did): the screen does not wait
      // for IndexedDB, whose first opening on a new device takes a few hundred milliseconds.
      const asked = takeTableDevice(key);
      const kept = savedRead.then(async (saved) => {
        // A new link replaces the device's table; the same one keeps what the device knew.
        const known: SavedDevice = saved?.key === key ? saved : { key, device: null };
        if (linkKey) {
          await saveDevice(known).catch(() => undefined);
          onKeyKept();
        }
        // What the device knew shows until the server answers; a device new to its key stays 'Opening the
        // table…' meanwhile.
        if (!answered && known.revoked) show({ kind: 'refused' });
        else if (!answered && known.device) show({ kind: 'ready', key, device: known.device });
        return known;
      });
      try {
        const device = await asked;
        answered = true;
        show({ kind: 'ready', key, device });
        // Saved after what was kept above, so the server's answer is what stays.
        await kept;
        await saveDevice({ key, device }).catch(() => undefined);
      } catch (error) {
        if (error instanceof ApiResponseError && (error.status === 401 || error.status === 403)) {
          answered = true;
          show({ kind: 'refused' });
          await saveDevice({ ...(await kept), revoked: true }).catch(() => undefined);
        } else {
          // No connection: the device goes on with what it knew, and a new one says what it needs.
          const known = await kept;
          if (!known.device && !known.revoked) show({ kind: 'unknown', key });
        }
      }
    })();
    return () => {
      alive = false;
    };
    // The key of the address is read once: it is taken out of the address as soon as it is kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A notice instead of the desk is the screen's first content too (the desk marks its own).
  useFirstContentWhen(phase.kind !== 'loading' && phase.kind !== 'ready');
  switch (phase.kind) {
    case 'loading':
      return <TableOpening />;
    case 'no-key':
      return (
        <Notice title="No table link">
          This device is not a table yet: open the table link the head table gave you (a link or its QR code).
        </Notice>
      );
    case 'refused':
      return <Notice title="Table link not valid">{REFUSED_TEXT}</Notice>;
    case 'unknown':
      return (
        <Notice title="Table">
          This device needs a connection once to learn which table it is. It tries again when you reload.
        </Notice>
      );
    case 'ready':
      return (
        <TableDesk
          tableKey={phase.key}
          device={phase.device}
          onRevoked={() => {
            void saveDevice({ key: phase.key, device: phase.device, revoked: true }).catch(() => undefined);
            setPhase({ kind: 'refused' });
          }}
        />
      );
  }
});

function Notice({ title, children }: { title: string; children: string }) {
  return (
    <section className="table-screen">
      <h1>{title}</h1>
      <p role="alert">{children}</p>
    </section>
  );
}
