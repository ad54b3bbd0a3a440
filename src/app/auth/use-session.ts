import { useSyncExternalStore } from 'react';
import { getSessionUser, subscribe, type SessionUser } from './session.ts';

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, getSessionUser, () => null);
}
