import { sector } from '../sector';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import type { Calendar } from '../api/availability';
import { FormDialog } from '../components/FormDialog';
import { FormTextField } from '../components/FormTextField';
import { useFormError } from '../components/useFormError';
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
  const { formError, clearFormError, attempt } = useFormError();
  const { control, handleSubmit, reset, formState } = useForm<CalendarFormValues>({
    resolver: zodResolver(calendarSchema),
    defaultValues: { name: '', color: CALENDAR_COLORS[0]!.value },
  });
  useEffect(() => {
    if (open) {
      reset({ name: calendar?.name ?? '', color: calendar?.color ?? CALENDAR_COLORS[0]!.value });
      clearFormError();
    }
  }, [open, calendar, reset, clearFormError]);

  const submit = handleSubmit((values) =>
    attempt(async () => {
      await onSubmit(values);
      onClose();
    }),
  );

  return (
    <FormDialog
      open={open}
      title={calendar ? 'Renommer le calendrier' : 'Nouveau calendrier'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={calendar ? 'Enregistrer' : 'Créer le calendrier'}
      submitting={formState.isSubmitting}
      formError={formError}
      onDelete={calendar && !calendar.isDefault ? onDelete : undefined}
    >
      <FormTextField
        control={control}
        name="name"
        label="Nom du calendrier"
        placeholder={`${sector.words.office.charAt(0).toUpperCase()}${sector.words.office.slice(1)} de Lyon`}
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
    </FormDialog>
  );
}
