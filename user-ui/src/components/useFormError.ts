import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The error of a form's last submit. `attempt(work)` clears it, runs the work (save, then close or
 * reset the form...) and, when the work rejects, keeps its message (the API's French text) to show.
 */
export function useFormError() {
  const [formError, setFormError] = useState<string | null>(null);
  const clearFormError = useCallback(() => setFormError(null), []);
  const attempt = useCallback(async (work: () => Promise<unknown>) => {
    setFormError(null);
    try {
      await work();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  }, []);
  return { formError, clearFormError, attempt };
}

/**
 * useFormError for the form of a dialog: each opening starts afresh, `reset` run (empty fields, and
 * whatever else the dialog holds) and no error left from the last time.
 */
export function useDialogFormError(open: boolean, reset: () => void) {
  const state = useFormError();
  const { clearFormError } = state;
  // The latest reset, without making every render of an open dialog reset it again.
  const latestReset = useRef(reset);
  latestReset.current = reset;
  useEffect(() => {
    if (!open) return;
    latestReset.current();
    clearFormError();
  }, [open, clearFormError]);
  return state;
}
