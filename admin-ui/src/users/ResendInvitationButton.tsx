import { useState } from 'react';
import { Button, useNotify, useRecordContext } from 'react-admin';
import SendIcon from '@mui/icons-material/Send';
import { ADMIN_API_URL, httpClient } from '../dataProvider';

export interface PendingUserRecord {
  id: string;
  registrationComplete?: boolean;
  isActive?: boolean;
}

/**
 * POST /admin/users/{id}/resend-invitation: mails the professional a new sign-up link (7 days);
 * the link mailed before stops working. Shown only until the professional has chosen a password.
 */
export function ResendInvitationButton() {
  const record = useRecordContext<PendingUserRecord>();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  if (!record || record.registrationComplete !== false) return null;

  const resend = async () => {
    setSending(true);
    try {
      const { json } = await httpClient(
        `${ADMIN_API_URL}/users/${encodeURIComponent(record.id)}/resend-invitation`,
        { method: 'POST' },
      );
      notify((json as { message?: string } | null)?.message ?? 'Invitation renvoyée', { type: 'info' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Button label="Renvoyer l’invitation" onClick={() => void resend()} disabled={sending}>
      <SendIcon />
    </Button>
  );
}
