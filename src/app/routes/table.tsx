import { createLazyRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { TableScreen } from '../features/table/TableScreen.tsx';

/**
 * A table device's screen (its own chunk), opened by the table link `#/table?key={secret}`. Once the key is kept
 * on the device it is taken out of the address, so it is not left in the history or shown over a shoulder.
 */
export function TableRouteScreen() {
  const { key } = useSearch({ from: '/table' });
  const navigate = useNavigate({ from: '/table' });
  return <TableScreen linkKey={key} onKeyKept={() => void navigate({ search: {}, replace: true })} />;
}

export const Route = createLazyRoute('/table')({ component: TableRouteScreen });
