import { useId } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import TextField from '@mui/material/TextField';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** The field's label, e.g. "Motif du refus (envoyé au demandeur)". */
  label: string;
  confirmLabel: string;
  value: string;
  /** The refusal shown under the field (a missing reason, the API's answer), else `hint`. */
  error: string | null;
  hint?: string;
  busy?: boolean;
  onChange: (value: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The console's "give a reason" dialog (rejecting a review, refusing a registration request, alone or in bulk): one
 * text field, Annuler, and the decision as a red button. The caller keeps the text and decides what is missing.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onCancel} fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <TextField
          label={props.label}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          error={Boolean(props.error)}
          helperText={props.error ?? props.hint ?? ' '}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          margin="dense"
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={props.onCancel}>Annuler</MuiButton>
        <MuiButton onClick={props.onConfirm} color="error" variant="contained" disabled={props.busy}>
          {props.confirmLabel}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
