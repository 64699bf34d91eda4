import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormTextField } from '../../components/FormTextField';
import { QueryState } from '../../components/QueryState';
import { formatRange } from '../../dates';
import { unavailabilitySchema, type UnavailabilityFormValues } from '../validation';
import { AddPeriodForm, dateProps, FieldRow, PeriodList, Section } from './PeriodParts';
import { useUnavailabilities } from './useUnavailabilities';

/** One-off unavailabilities: a few hours blocked, on one calendar or all of them. */
export function UnavailabilitiesSection({
  userId,
  timezone,
  onNotice,
}: {
  userId: string;
  timezone: string;
  onNotice: (text: string) => void;
}) {
  const { list, calendars, add, remove, refresh } = useUnavailabilities(userId, timezone);
  const [toDelete, setToDelete] = useState<{ id: string; text: string } | null>(null);
  const form = useForm<UnavailabilityFormValues>({
    resolver: zodResolver(unavailabilitySchema),
    defaultValues: {
      startDate: '',
      startTime: '14:00',
      endDate: '',
      endTime: '18:00',
      calendarId: '',
      reason: '',
    },
  });
  const { control } = form;
  const calendarName = new Map((calendars.data ?? []).map((c) => [c.id, c.name]));
  return (
    <Section
      title="Indisponibilités ponctuelles"
      text="Un rendez-vous extérieur, une audience, une formation : bloquez quelques heures sans toucher à vos horaires."
    >
      <QueryState isPending={list.isPending} error={list.error} onRetry={() => list.refetch()} rows={2}>
        <PeriodList
          empty="Aucune indisponibilité déclarée."
          items={(list.data ?? []).map((u) => {
            const text = formatRange(u.startsAt, u.endsAt, timezone);
            return {
              id: u.id,
              primary: text.charAt(0).toUpperCase() + text.slice(1),
              secondary: [u.reason, u.calendarId ? calendarName.get(u.calendarId) : 'Tous les calendriers']
                .filter(Boolean)
                .join(' · '),
              deleteLabel: `Supprimer l’indisponibilité du ${text}`,
              onDelete: () => setToDelete({ id: u.id, text }),
            };
          })}
        />
      </QueryState>
      <AddPeriodForm
        label="Ajouter une indisponibilité"
        form={form}
        onAdd={add}
        onAdded={async () => {
          await refresh();
          onNotice('Indisponibilité ajoutée');
        }}
      >
        {(submitButton) => (
          <Stack spacing={2}>
            <FieldRow>
              <FormTextField
                control={control}
                name="startDate"
                type="date"
                label="Du"
                slotProps={dateProps}
              />
              <FormTextField
                control={control}
                name="startTime"
                type="time"
                label="à partir de"
                slotProps={{ ...dateProps, htmlInput: { step: 300 } }}
              />
              <FormTextField control={control} name="endDate" type="date" label="Au" slotProps={dateProps} />
              <FormTextField
                control={control}
                name="endTime"
                type="time"
                label="jusqu’à"
                slotProps={{ ...dateProps, htmlInput: { step: 300 } }}
              />
            </FieldRow>
            <FieldRow>
              <FormTextField
                control={control}
                name="calendarId"
                select
                label="Calendrier"
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">Tous les calendriers</MenuItem>
                {(calendars.data ?? []).map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField
                control={control}
                name="reason"
                label="Raison (facultatif)"
                placeholder="Audience au tribunal"
              />
              {submitButton}
            </FieldRow>
          </Stack>
        )}
      </AddPeriodForm>
      <ConfirmDialog
        open={toDelete !== null}
        title="Supprimer cette indisponibilité ?"
        text={`${toDelete?.text ?? ''} : ce créneau redevient réservable s’il est dans vos horaires.`}
        confirmLabel="Supprimer"
        destructive
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          await remove(toDelete!.id);
          await refresh();
          onNotice('Indisponibilité supprimée');
        }}
      />
    </Section>
  );
}
