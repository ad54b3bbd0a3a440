import { useDataDate, useOnline } from './connectivity.ts';

const format = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'Offline: showing data from {date}' while the server cannot be reached. */
export function OfflineNotice() {
  const online = useOnline();
  const date = useDataDate();
  if (online) return null;
  return (
    <p className="offline-notice" role="status">
      {date ? `Offline: showing data from ${format(date)}` : 'Offline: showing data saved on this device'}
    </p>
  );
}
