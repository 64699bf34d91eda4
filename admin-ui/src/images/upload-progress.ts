import { useSyncExternalStore } from 'react';

/**
 * Progress of the image being sent by the data provider (react-admin's save does not pass anything
 * back while it runs): `undefined` when nothing is sending, else the fraction sent, 0 to 1.
 */
let current: number | undefined;
const listeners = new Set<() => void>();

export function reportImageUpload(fraction: number | undefined): void {
  current = fraction;
  for (const listener of listeners) listener();
}

export function useImageUploadProgress(): number | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
