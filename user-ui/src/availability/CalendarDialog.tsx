import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import type { Calendar } from '../api/availability';
import { FormTextField } from '../components/FormTextField';
import { calendarSchema, type CalendarFormValues } from './validation';

export const CALENDAR_COLORS = [
  { value: '#b3261e', label: 'Rouge' },
  { value: '#1565c0', label: 'Bleu' },
  { value: '#2e7d32', label: 'Vert' },
  { value: '#ef6c00', label: 'Orange' },
  { value: '#6a1b9a', label: 'Violet' },
  { value: '#00838f', label: 'Turquoise' },
  { value: '#5d4037', label: 'Brun' },
  { value: '#455a64', label: 'Ardoise' },
];

interface CalendarDialogProps {
  open: boolean;
  calendar: Calendar | null;
  onClose: () => void;
  /** Offered for a calendar that is not the default one. */
  onDelete?: () => void;
  onSubmit: (values: CalendarFormValues) => Promise<unknown>;
}

/** Create or rename a calendar (an agenda with its own weekly hours). */
export function CalendarDialog({ open, calendar, onClose, onDelete, onSubmit }: CalendarDialogProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, formState } = useForm<CalendarFormValues>({
    resolver: zodResolver(calendarSchema),
    defaultValues: { name: '', color: CALENDAR_COLORS[0]!.value },
  });
  useEffect(() => {
    if (open) {
      reset({ name: calendar?.name ?? '', color: calendar?.color ?? CALENDAR_COLORS[0]!.value });
      setFormError(null);
    }
  }, [open, calendar, reset]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={formState.isSubmitting ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="calendar-dialog-title"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="calendar-dialog-title">
          {calendar ? 'Renommer le calendrier' : 'Nouveau calendrier'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <FormTextField
              control={control}
              name="name"
              label="Nom du calendrier"
              placeholder="Cabinet de Lyon"
              autoFocus
            />
            <Controller
              control={control}
              name="color"
              render={({ field }) => (
                <Box role="radiogroup" aria-labelledby="calendar-color-label">
                  <FormLabel id="calendar-color-label">Couleur</FormLabel>
                  <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
                    {CALENDAR_COLORS.map((color) => {
                      const checked = field.value.toLowerCase() === color.value;
                      return (
                        <Box
                          key={color.value}
                          component="button"
                          type="button"
                          role="radio"
                          aria-checked={checked}
                          aria-label={color.label}
                          onClick={() => field.onChange(color.value)}
                          sx={{
                            width: 32,
                            height: 32,
                            borderRadius: '50%',
                            bgcolor: color.value,
                            border: 0,
                            cursor: 'pointer',
                            outline: checked ? '3px solid' : 'none',
                            outlineColor: 'text.primary',
                            outlineOffset: 2,
                          }}
                        />
                      );
                    })}
                  </Stack>
                </Box>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {calendar && !calendar.isDefault && onDelete ? (
            <Button onClick={onDelete} color="error" disabled={formState.isSubmitting} sx={{ mr: 'auto' }}>
              Supprimer
            </Button>
          ) : null}
          <Button onClick={onClose} color="inherit" disabled={formState.isSubmitting}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {calendar ? 'Enregistrer' : 'Créer le calendrier'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
