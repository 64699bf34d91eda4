import { useSyncExternalStore } from 'react';

/** A sign-in whose password was right, waiting for its second factor (kept in memory only, 5 minutes server-side). */
export interface PendingSignIn {
  pendingToken: string;
  methods: Array<'totp' | 'passkey' | 'recovery'>;
}

let pending: PendingSignIn | null = null;
const listeners = new Set<() => void>();

export const pendingSecondFactor = {
  get: () => pending,
  set(value: PendingSignIn | null) {
    pending = value;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function usePendingSecondFactor(): PendingSignIn | null {
  return useSyncExternalStore(pendingSecondFactor.subscribe, pendingSecondFactor.get);
}
