import { createLazyRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { TableOpening } from '../features/tournament/table/TableOpening.tsx';
import type { TableScreen } from '../features/tournament/table/TableScreen.tsx';
import { LoadFailed } from '../ui/LoadBoundary.tsx';

/**
 * A table device's screen, opened by the table link `#/table?key={secret}`. Once the key is kept on the device it
 * is taken out of the address, so it is not left in the history or shown over a shoulder. The screen is a chunk
 * of its own behind this small one: the first screen's route table then names one small chunk for it rather than
 * every module the table needs (the first screen's budget).
 *
 * The screen's chunk is asked for as soon as this one runs, and shown when it is here by a plain state change,
 * not React.lazy: React keeps a Suspense fallback it has shown for at least 300 ms before it reveals what
 * replaced it, which held the table's first draw (and the requests of its effects) back that long.
 */
type Screen = { TableScreen: typeof TableScreen };
let loaded: Screen | undefined;
const screenLoad = import('../features/tournament/table/TableScreen.tsx').then((m) => (loaded = m));
screenLoad.catch(() => undefined); // said where the screen would be

function useScreen(): Screen | 'failed' | undefined {
  const [screen, setScreen] = useState<Screen | 'failed' | undefined>(loaded);
  useEffect(() => {
    if (!screen) screenLoad.then(setScreen, () => setScreen('failed'));
  }, [screen]);
  return screen;
}

export function TableRouteScreen() {
  const { key } = useSearch({ from: '/table' });
  const navigate = useNavigate({ from: '/table' });
  const screen = useScreen();
  if (screen === 'failed') return <LoadFailed what="The table screen" />;
  if (!screen) return <TableOpening />;
  return <screen.TableScreen linkKey={key} onKeyKept={() => void navigate({ search: {}, replace: true })} />;
}

export const Route = createLazyRoute('/table')({ component: TableRouteScreen });
