import { useEffect, useState } from 'react';
import type { TableDevice } from '../../../shared/tournaments.ts';
import { ApiResponseError } from '../../lib/api.ts';
import { readTableDevice } from './table-api.ts';
import { readDevice, saveDevice } from './table-store.ts';
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
export function TableScreen({ linkKey, onKeyKept }: { linkKey: string | undefined; onKeyKept: () => void }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  useEffect(() => {
    let alive = true;
    const show = (next: Phase) => alive && setPhase(next);
    void (async () => {
      const saved = await readDevice();
      const key = linkKey ?? saved?.key;
      if (!key) return show({ kind: 'no-key' });
      // A new link replaces the device's table; the same one keeps what the device knew.
      const known = saved?.key === key ? saved : { key, device: null };
      if (linkKey) {
        await saveDevice(known).catch(() => undefined);
        onKeyKept();
      }
      // What the device knew shows at once; a device new to its key stays 'Opening the table…' while it asks.
      if (known.revoked) show({ kind: 'refused' });
      else if (known.device) show({ kind: 'ready', key, device: known.device });
      try {
        const device = await readTableDevice(key);
        await saveDevice({ key, device }).catch(() => undefined);
        show({ kind: 'ready', key, device });
      } catch (error) {
        if (error instanceof ApiResponseError && (error.status === 401 || error.status === 403)) {
          await saveDevice({ ...known, revoked: true }).catch(() => undefined);
          show({ kind: 'refused' });
        } else if (!known.device && !known.revoked) {
          // No connection: the device goes on with what it knew, and a new one says what it needs.
          show({ kind: 'unknown', key });
        }
      }
    })();
    return () => {
      alive = false;
    };
    // The key of the address is read once: it is taken out of the address as soon as it is kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
}

function Notice({ title, children }: { title: string; children: string }) {
  return (
    <section className="table-screen">
      <h1>{title}</h1>
      <p role="alert">{children}</p>
    </section>
  );
}
