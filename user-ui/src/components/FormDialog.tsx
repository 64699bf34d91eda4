import { useId, type FormEventHandler, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface FormDialogProps {
  open: boolean;
  /** The dialog's accessible name. */
  title: string;
  onClose: () => void;
  /** The form's submit handler (e.g. react-hook-form's `handleSubmit(...)`): Enter in a field submits too. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** While true the submit button shows its spinner, Annuler is disabled and the dialog does not close. */
  submitting: boolean;
  /** The error of the last submit (the API's French message), shown above the fields. */
  formError: string | null;
  /** A short text under the title, above the fields. */
  intro?: ReactNode;
  /** When given, a Supprimer button at the left of the actions (the caller asks for confirmation). */
  onDelete?: () => void;
  maxWidth?: 'xs' | 'sm';
  /** The fields. */
  children: ReactNode;
}

/**
 * The frame of the dialogs that edit something: title, a form wrapping the fields and the actions
 * (so Enter submits), the submit error, Supprimer when offered, Annuler and the submit button with
 * its loading state. Pair it with `useFormError` for `formError`.
 */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  submitLabel,
  submitting,
  formError,
  intro,
  onDelete,
  maxWidth = 'xs',
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      maxWidth={maxWidth}
      fullWidth
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {intro ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {intro}
            </Typography>
          ) : null}
          <Stack spacing={2.5} sx={{ pt: intro ? 0 : 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {onDelete ? (
            <Button onClick={onDelete} color="error" disabled={submitting} sx={{ mr: 'auto' }}>
              Supprimer
            </Button>
          ) : null}
          <Button onClick={onClose} color="inherit" disabled={submitting}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" loading={submitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
