import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { APPOINTMENT_MODES, MESSAGES_FR } from '@rdv/sectors';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Calendar, Motive } from '../api/availability';
import type { AppointmentMode, CreateEventPayload } from '../api/events';
import { MODE_LABELS } from '../availability/modes';
import { FormDialog } from '../components/FormDialog';
import { FormTextField } from '../components/FormTextField';
import { useFormError } from '../components/useFormError';
import { DEFAULT_TIMEZONE, minutesOf, todayIn, zonedToIso } from '../dates';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const eventSchema = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, MESSAGES_FR.invalidEmail)
      .pipe(z.email({ error: MESSAGES_FR.invalidEmail })),
    first_name: z.string().trim().max(100, 'Le prénom ne peut pas dépasser 100 caractères'),
    last_name: z.string().trim().max(100, 'Le nom ne peut pas dépasser 100 caractères'),
    phone: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\+?[0-9 .-]{6,20}$/.test(v), 'Numéro de téléphone invalide'),
    motiveId: z.string(),
    calendarId: z.string(),
    mode: z.enum(APPOINTMENT_MODES),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Indiquez une date'),
    startTime: z.string().regex(TIME, 'Indiquez une heure au format HH:mm'),
    /** '' = start + the motive's duration. */
    endTime: z.string().refine((v) => v === '' || TIME.test(v), 'Indiquez une heure au format HH:mm'),
    notes: z.string().trim().max(2000, 'Le message ne peut pas dépasser 2000 caractères'),
  })
  .superRefine((v, ctx) => {
    if (v.endTime === '' && v.motiveId === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['endTime'],
        message: 'Indiquez l’heure de fin ou choisissez un motif',
      });
    }
    if (TIME.test(v.startTime) && TIME.test(v.endTime) && minutesOf(v.endTime) <= minutesOf(v.startTime)) {
      ctx.addIssue({
        code: 'custom',
        path: ['endTime'],
        message: 'L’heure de fin doit être après l’heure de début',
      });
    }
  });
export type EventFormValues = z.infer<typeof eventSchema>;

interface EventDialogProps {
  open: boolean;
  motives: Motive[];
  calendars: Calendar[];
  timezone?: string;
  onClose: () => void;
  onCreate: (payload: CreateEventPayload) => Promise<unknown>;
}

function defaults(motives: Motive[], calendars: Calendar[]): EventFormValues {
  const motive = motives.find((m) => m.isActive) ?? motives[0];
  return {
    email: '',
    first_name: '',
    last_name: '',
    phone: '',
    motiveId: motive?.id ?? '',
    calendarId: (calendars.find((c) => c.isDefault) ?? calendars[0])?.id ?? '',
    mode: 'in_person',
    date: todayIn(),
    startTime: '09:00',
    endTime: '',
    notes: '',
  };
}

/** The event dialog (docs/product.md §2): an appointment entered by hand, confirmed at once; the client gets the mail. */
export function EventDialog({
  open,
  motives,
  calendars,
  timezone = DEFAULT_TIMEZONE,
  onClose,
  onCreate,
}: EventDialogProps) {
  const { formError, clearFormError, attempt } = useFormError();
  const { control, handleSubmit, reset, formState, getValues, getFieldState, setValue } =
    useForm<EventFormValues>({
      resolver: zodResolver(eventSchema),
      defaultValues: defaults(motives, calendars),
    });
  useEffect(() => {
    if (open) {
      reset(defaults(motives, calendars));
      clearFormError();
    }
    // Only when the dialog opens: the lists may refresh while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);
  // The motives and calendars may arrive after the dialog opened: fill the defaults the user has not touched.
  useEffect(() => {
    if (!open) return;
    const fresh = defaults(motives, calendars);
    if (getValues('motiveId') === '' && !getFieldState('motiveId').isDirty)
      setValue('motiveId', fresh.motiveId);
    if (getValues('calendarId') === '' && !getFieldState('calendarId').isDirty)
      setValue('calendarId', fresh.calendarId);
  }, [open, motives, calendars, getValues, getFieldState, setValue]);
  const motiveId = useWatch({ control, name: 'motiveId' });
  const motive = motives.find((m) => m.id === motiveId);

  const submit = handleSubmit((v) => {
    const payload: CreateEventPayload = {
      email: v.email,
      mode: v.mode as AppointmentMode,
      start: zonedToIso(v.date, v.startTime, timezone),
      ...(v.endTime ? { end: zonedToIso(v.date, v.endTime, timezone) } : {}),
      ...(v.first_name ? { first_name: v.first_name } : {}),
      ...(v.last_name ? { last_name: v.last_name } : {}),
      ...(v.phone ? { phone: v.phone } : {}),
      ...(v.motiveId ? { motive_id: v.motiveId } : {}),
      ...(v.calendarId ? { calendar_id: v.calendarId } : {}),
      ...(v.notes ? { notes: v.notes } : {}),
    };
    return attempt(async () => {
      await onCreate(payload);
      onClose();
    });
  });

  const shrink = { inputLabel: { shrink: true } };
  return (
    <FormDialog
      open={open}
      title="Nouveau rendez-vous"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Créer le rendez-vous"
      submitting={formState.isSubmitting}
      formError={formError}
      maxWidth="sm"
      intro="Le rendez-vous est confirmé directement et le client reçoit un email de confirmation."
    >
      <FormTextField
        control={control}
        name="email"
        type="email"
        label="Email du client"
        autoComplete="off"
        autoFocus
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="first_name" label="Prénom" />
        <FormTextField control={control} name="last_name" label="Nom" />
      </Stack>
      <FormTextField
        control={control}
        name="phone"
        type="tel"
        label="Téléphone (facultatif)"
        placeholder="+33 6 12 34 56 78"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="motiveId"
          select
          label="Motif"
          slotProps={{ select: { displayEmpty: true }, ...shrink }}
        >
          <MenuItem value="">Sans motif</MenuItem>
          {motives.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.title} ({m.durationMinutes} min)
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="mode" select label="Mode">
          {(Object.keys(MODE_LABELS) as AppointmentMode[]).map((mode) => (
            <MenuItem key={mode} value={mode}>
              {MODE_LABELS[mode]}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      {calendars.length > 1 ? (
        <FormTextField control={control} name="calendarId" select label="Calendrier">
          {calendars.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </FormTextField>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="date" type="date" label="Date" slotProps={shrink} />
        <FormTextField
          control={control}
          name="startTime"
          type="time"
          label="Début"
          slotProps={{ ...shrink, htmlInput: { step: 300 } }}
        />
        <FormTextField
          control={control}
          name="endTime"
          type="time"
          label="Fin"
          helperText={motive ? `Par défaut : ${motive.durationMinutes} min` : undefined}
          slotProps={{ ...shrink, htmlInput: { step: 300 } }}
        />
      </Stack>
      <FormTextField control={control} name="notes" label="Note (facultatif)" multiline minRows={2} />
    </FormDialog>
  );
}
