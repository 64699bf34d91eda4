import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import TextField from '@mui/material/TextField';

/** Shorter than this, a reason says nothing to the person who receives it. */
const REASON_MIN_LENGTH = 3;

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** The field's label, e.g. "Motif du refus (envoyé au demandeur)". */
  label: string;
  confirmLabel: string;
  /** Said under the field when the reason is missing or too short, e.g. "Le motif du refus est obligatoire". */
  missing: string;
  /** Said under the field while nothing is wrong. */
  hint?: string;
  onCancel: () => void;
  /**
   * Sends the decision with the trimmed reason. Resolves to a refusal to show under the field (the API's answer),
   * or to nothing when the decision went through (the caller then closes the dialog).
   */
  onConfirm: (reason: string) => Promise<string | void>;
}

/**
 * The console's "give a reason" dialog (rejecting a review, refusing a registration request, alone or in bulk): one
 * text field, Annuler, and the decision as a red button. It owns the text, refuses an empty reason, keeps the
 * button disabled while the decision is sent and shows the API's refusal under the field.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const text = reason.trim();
    if (text.length < REASON_MIN_LENGTH) {
      setError(props.missing);
      return;
    }
    setBusy(true);
    try {
      const refusal = await props.onConfirm(text);
      if (refusal) setError(refusal);
      else setReason('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={props.open} onClose={props.onCancel} fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <TextField
          label={props.label}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? props.hint ?? ' '}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          margin="dense"
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={props.onCancel}>Annuler</MuiButton>
        <MuiButton onClick={() => void confirm()} color="error" variant="contained" disabled={busy}>
          {props.confirmLabel}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
