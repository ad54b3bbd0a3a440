import { createLazyRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
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
  // The screen reads the address's key once; its props stay the same when the key is taken out of the address,
  // so that change does not draw the (memoized) screen and its desk again: it did, in one or two tasks of 9-21 ms
  // on this machine right after the router's own (88-214 ms at Lighthouse's slow setting, in 5 of 5 loads; 2 of
  // 5 after).
  const [linkKey] = useState(key);
  const onKeyKept = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  if (screen === 'failed') return <LoadFailed what="The table screen" />;
  if (!screen) return <TableOpening />;
  return <screen.TableScreen linkKey={linkKey} onKeyKept={onKeyKept} />;
}

export const Route = createLazyRoute('/table')({ component: TableRouteScreen });
