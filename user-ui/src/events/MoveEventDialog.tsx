import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Appointment } from '../api/events';
import { FormDialog } from '../components/FormDialog';
import { FormTextField } from '../components/FormTextField';
import { useFormError } from '../components/useFormError';
import { formatRange, isoToZoned, minutesOf, timeOf, zonedToIso } from '../dates';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const moveSchema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Indiquez une date'),
    startTime: z.string().regex(TIME, 'Indiquez une heure au format HH:mm'),
    endTime: z.string().regex(TIME, 'Indiquez une heure au format HH:mm'),
  })
  .refine(
    (v) => !TIME.test(v.startTime) || !TIME.test(v.endTime) || minutesOf(v.endTime) > minutesOf(v.startTime),
    {
      path: ['endTime'],
      message: 'L’heure de fin doit être après l’heure de début',
    },
  );
type MoveValues = z.infer<typeof moveSchema>;

function toForm(event: Appointment | null): MoveValues {
  if (!event) return { date: '', startTime: '', endTime: '' };
  const start = isoToZoned(event.start, event.timezone);
  const end = isoToZoned(event.end, event.timezone);
  return { date: start.date, startTime: start.time, endTime: end.time };
}

interface MoveEventDialogProps {
  event: Appointment | null;
  onClose: () => void;
  /** Sends the new start and end (ISO instants with offset); rejects with the API's message (409: slot taken). */
  onMove: (event: Appointment, start: string, end: string) => Promise<unknown>;
}

/** The move event dialog (docs/product.md §2): a new date and time; the client is told by mail. */
export function MoveEventDialog({ event, onClose, onMove }: MoveEventDialogProps) {
  const { formError, clearFormError, attempt } = useFormError();
  const { control, handleSubmit, reset, formState, setValue } = useForm<MoveValues>({
    resolver: zodResolver(moveSchema),
    defaultValues: toForm(event),
  });
  useEffect(() => {
    if (event) {
      reset(toForm(event));
      clearFormError();
    }
  }, [event, reset, clearFormError]);

  const duration = event
    ? Math.round((new Date(event.end).getTime() - new Date(event.start).getTime()) / 60_000)
    : 0;

  const submit = handleSubmit(async (values) => {
    if (!event) return;
    await attempt(async () => {
      await onMove(
        event,
        zonedToIso(values.date, values.startTime, event.timezone),
        zonedToIso(values.date, values.endTime, event.timezone),
      );
      onClose();
    });
  });

  const client = event?.attendee
    ? [event.attendee.first_name, event.attendee.last_name].filter(Boolean).join(' ') || event.attendee.email
    : null;
  const shrink = { inputLabel: { shrink: true } };

  return (
    <FormDialog
      open={event !== null}
      title="Déplacer le rendez-vous"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Déplacer"
      submitting={formState.isSubmitting}
      formError={formError}
      intro={
        event ? (
          <>
            {client ? `${client} — ` : ''}actuellement {formatRange(event.start, event.end, event.timezone)}.
            Le client est prévenu par email du nouvel horaire.
          </>
        ) : null
      }
    >
      <FormTextField control={control} name="date" type="date" label="Nouvelle date" slotProps={shrink} />
      <Stack direction="row" spacing={2}>
        <Controller
          control={control}
          name="startTime"
          render={({ field, fieldState }) => (
            <TextField
              type="time"
              label="Début"
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(e) => {
                const start = e.target.value;
                field.onChange(start);
                // Keeps the appointment's duration when the start moves.
                if (TIME.test(start) && duration > 0) {
                  setValue('endTime', timeOf(Math.min(minutesOf(start) + duration, 23 * 60 + 59)), {
                    shouldDirty: true,
                  });
                }
              }}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ ...shrink, htmlInput: { step: 300 } }}
            />
          )}
        />
        <FormTextField
          control={control}
          name="endTime"
          type="time"
          label="Fin"
          slotProps={{ ...shrink, htmlInput: { step: 300 } }}
        />
      </Stack>
    </FormDialog>
  );
}
