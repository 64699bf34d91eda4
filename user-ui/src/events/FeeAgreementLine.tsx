import { useState } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ApiError } from '../api/client';
import { SESSION_HEADERS } from '../auth/token';
import type { Appointment } from '../api/events';
import { useUserId } from '../auth/useUserId';

/** The PDF comes with the session cookie, then is handed to the browser as a download. */
async function downloadAgreement(userId: string, appointment: Appointment): Promise<void> {
  const response = await fetch(`/api/v1/users/${userId}/appointments/${appointment.id_event}/fee-agreement`, {
    headers: SESSION_HEADERS,
    credentials: 'same-origin',
  });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `convention-honoraires-${appointment.refAppointment}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Convention signée": the fee agreement the client accepted at booking, and its PDF. */
export function FeeAgreementLine({ event }: { event: Appointment }) {
  const userId = useUserId();
  const [error, setError] = useState<string | null>(null);
  if (!event.feeAgreement) return null;
  const at = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(event.feeAgreement.acceptedAt),
  );
  return (
    <Typography variant="body2" sx={{ mt: 1 }}>
      <strong>Convention signée</strong> le {at} ·{' '}
      <Link
        component="button"
        type="button"
        onClick={() =>
          downloadAgreement(userId, event).catch((e: unknown) =>
            setError(e instanceof Error ? e.message : 'Téléchargement impossible'),
          )
        }
      >
        Télécharger la convention (PDF)
      </Link>
      {error ? ` — ${error}` : null}
    </Typography>
  );
}
