import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';

/** Runs an operator action: its French confirmation (or the API's French refusal) as a notification, then a refresh. */
export function useBillingAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<string>): Promise<boolean> => {
    setBusy(true);
    try {
      notify(await work(), { type: 'info' });
      refresh();
      return true;
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
