import { useFetcher } from 'react-router';

export interface SlotAlertResult {
  alertMessage?: string;
  alertError?: string;
}

/** A first free slot this far away makes waiting for an earlier one worth offering. */
const FAR_MS = 3 * 86_400_000;
/** Without any slot shown, the wait covers the next 30 days. */
const DEFAULT_WAIT_MS = 30 * 86_400_000;

/** When to offer the alert, and up to when the client waits: before the first free slot shown. */
export function alertWindow(firstSlot: string | undefined, now = Date.now()): string | null {
  if (!firstSlot) return new Date(now + DEFAULT_WAIT_MS).toISOString();
  const first = Date.parse(firstSlot);
  return first - now > FAR_MS ? new Date(first).toISOString() : null;
}

/**
 * "Soyez prévenu(e) si un créneau se libère plus tôt": an email, nothing else; the
 * profile route's action calls POST /api/v1/users/{id}/slot-alerts. In place with JavaScript, a plain
 * form post without it.
 */
export function SlotAlertForm({
  userId,
  before,
  submitted,
}: {
  userId: string;
  before: string;
  submitted?: SlotAlertResult | null;
}) {
  const fetcher = useFetcher<SlotAlertResult>();
  const result = fetcher.data ?? submitted ?? null;
  if (result?.alertMessage) {
    // The API's answer asks the visitor to confirm from the mail (double opt-in): nothing is sent before.
    return (
      <p className="notice notice--success" role="status">
        {result.alertMessage}
      </p>
    );
  }
  return (
    <details className="slot-alert" open={Boolean(result?.alertError)}>
      <summary>Ce créneau est loin ? Soyez prévenu(e) si un créneau se libère plus tôt</summary>
      <fetcher.Form method="post" className="slot-alert__form">
        <input type="hidden" name="intent" value="slot-alert" />
        <input type="hidden" name="userId" value={userId} />
        <input type="hidden" name="before" value={before} />
        <label htmlFor="slot-alert-email">Votre email</label>
        <div className="filter__row">
          <input id="slot-alert-email" name="email" type="email" autoComplete="email" required />
          <button type="submit" className="button button--secondary" disabled={fetcher.state !== 'idle'}>
            Me prévenir
          </button>
        </div>
        {result?.alertError && (
          <p className="field__error" role="alert">
            {result.alertError}
          </p>
        )}
        <p className="muted">
          Un premier email vous demande de confirmer l’adresse ; ensuite un email par jour au plus, et un lien
          dans chaque email arrête les alertes.
        </p>
      </fetcher.Form>
    </details>
  );
}
