import { useCallback, useState } from 'react';

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
