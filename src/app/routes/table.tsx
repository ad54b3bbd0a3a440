import { createLazyRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { TableOpening } from '../features/table/TableOpening.tsx';

/**
 * A table device's screen, opened by the table link `#/table?key={secret}`. Once the key is kept on the device it
 * is taken out of the address, so it is not left in the history or shown over a shoulder. The screen is a chunk
 * of its own behind this small one: the first screen's route table then names one small chunk for it rather than
 * every module the table needs (the first screen's budget).
 */
const TableScreen = lazy(() => import('../features/table/TableScreen.tsx').then((m) => ({ default: m.TableScreen })));

export function TableRouteScreen() {
  const { key } = useSearch({ from: '/table' });
  const navigate = useNavigate({ from: '/table' });
  return (
    <Suspense fallback={<TableOpening />}>
      <TableScreen linkKey={key} onKeyKept={() => void navigate({ search: {}, replace: true })} />
    </Suspense>
  );
}

export const Route = createLazyRoute('/table')({ component: TableRouteScreen });
