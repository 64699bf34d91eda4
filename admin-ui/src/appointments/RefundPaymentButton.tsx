import { useId, useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { euros } from '../billing/format';
import { ADMIN_API_URL, httpClient } from '../dataProvider';
import type { AppointmentRecord } from './AppointmentRecord';

/** Shorter than this, the audit log's reason says nothing (the API's own minimum). */
const REASON_MIN_LENGTH = 3;

/** "12,50" or "12.5" euros as cents; null when it is not an amount. */
function centsOf(typed: string): number | null {
  const normalised = typed.trim().replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

/**
 * POST /admin/payments/{appointmentId}/refund: gives the client back all that is left of a captured payment, or a
 * part of it, with a reason kept in the audit log. The worker refunds at the provider, the commission with it.
 * Shown only while something captured is left to refund.
 */
export function RefundPaymentButton() {
  const record = useRecordContext<AppointmentRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: 'amount' | 'reason'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const payment = record?.payment;
  if (!record || !payment) return null;
  const left = payment.amountCents - payment.refundedCents;
  if ((payment.status !== 'captured' && payment.status !== 'partially_refunded') || left <= 0) return null;

  const openDialog = () => {
    setAmount(euros(left).replace(/\s?€/, ''));
    setReason('');
    setError(null);
    setOpen(true);
  };
  const refund = async () => {
    const cents = centsOf(amount);
    if (cents === null || cents <= 0)
      return setError({ field: 'amount', message: 'Indiquez un montant en euros, par exemple 40,00' });
    if (cents > left)
      return setError({ field: 'amount', message: `Il reste ${euros(left)} remboursables sur ce paiement` });
    if (reason.trim().length < REASON_MIN_LENGTH)
      return setError({ field: 'reason', message: 'Indiquez le motif du remboursement' });
    setBusy(true);
    try {
      await httpClient(`${ADMIN_API_URL}/payments/${encodeURIComponent(record.id)}/refund`, {
        method: 'POST',
        body: JSON.stringify({ reason: reason.trim(), ...(cents === left ? {} : { amountCents: cents }) }),
      });
      notify(`Remboursement de ${euros(cents)} demandé : le client le reçoit sous quelques jours.`, {
        type: 'info',
      });
      setOpen(false);
      refresh();
    } catch (failure) {
      setError({
        field: 'reason',
        message: failure instanceof Error ? failure.message : 'Remboursement refusé',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="Rembourser" onClick={openDialog}>
        <CurrencyExchangeIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Rembourser le client</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Payé {euros(payment.amountCents)}
            {payment.refundedCents > 0 ? `, déjà remboursé ${euros(payment.refundedCents)}` : ''}. La
            commission du site sur la part remboursée est rendue aussi.
          </DialogContentText>
          <TextField
            label="Montant à rembourser (€)"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={error?.field === 'amount'}
            helperText={error?.field === 'amount' ? error.message : `Au plus ${euros(left)}`}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            fullWidth
            margin="dense"
          />
          <TextField
            label="Motif (gardé dans le journal d’audit)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={error?.field === 'reason'}
            helperText={error?.field === 'reason' ? error.message : ' '}
            multiline
            minRows={2}
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Annuler</MuiButton>
          <MuiButton onClick={() => void refund()} color="error" variant="contained" disabled={busy}>
            Rembourser
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
