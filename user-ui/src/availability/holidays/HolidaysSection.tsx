import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormTextField } from '../../components/FormTextField';
import { QueryState } from '../../components/QueryState';
import { formatLocalDate, todayIn } from '../../dates';
import { holidaySchema, type HolidayFormValues } from '../validation';
import { AddPeriodForm, dateProps, FieldRow, PeriodList, Section } from './PeriodParts';
import { useHolidays } from './useHolidays';

/** Holidays: whole days, first to last included, with no appointment offered. */
export function HolidaysSection({ userId, onNotice }: { userId: string; onNotice: (text: string) => void }) {
  const { list: holidays, add, remove, refresh } = useHolidays(userId);
  const [toDelete, setToDelete] = useState<{ id: string; text: string } | null>(null);
  const form = useForm<HolidayFormValues>({
    resolver: zodResolver(holidaySchema),
    defaultValues: { startsOn: '', endsOn: '', label: '' },
  });
  const { control } = form;
  const today = todayIn();
  return (
    <Section title="Vacances" text="Aucun rendez-vous n’est proposé du premier au dernier jour inclus.">
      <QueryState
        isPending={holidays.isPending}
        error={holidays.error}
        onRetry={() => holidays.refetch()}
        rows={2}
      >
        <PeriodList
          empty="Aucune période de vacances déclarée."
          items={(holidays.data ?? []).map((h) => {
            const text =
              h.startsOn === h.endsOn
                ? `Le ${formatLocalDate(h.startsOn)}`
                : `Du ${formatLocalDate(h.startsOn)} au ${formatLocalDate(h.endsOn)}`;
            return {
              id: h.id,
              primary: text,
              secondary: [h.label, h.endsOn < today ? 'passée' : null].filter(Boolean).join(' · '),
              deleteLabel: `Supprimer les vacances ${text.toLowerCase()}`,
              onDelete: () => setToDelete({ id: h.id, text }),
            };
          })}
        />
      </QueryState>
      <AddPeriodForm
        label="Ajouter des vacances"
        form={form}
        onAdd={add}
        onAdded={async () => {
          await refresh();
          onNotice('Période de vacances ajoutée');
        }}
      >
        {(submitButton) => (
          <FieldRow>
            <FormTextField
              control={control}
              name="startsOn"
              type="date"
              label="Premier jour"
              slotProps={dateProps}
            />
            <FormTextField
              control={control}
              name="endsOn"
              type="date"
              label="Dernier jour"
              slotProps={dateProps}
            />
            <FormTextField
              control={control}
              name="label"
              label="Libellé (facultatif)"
              placeholder="Congés d’été"
            />
            {submitButton}
          </FieldRow>
        )}
      </AddPeriodForm>
      <ConfirmDialog
        open={toDelete !== null}
        title="Supprimer ces vacances ?"
        text={`${toDelete?.text ?? ''} : vos clients pourront de nouveau réserver sur cette période.`}
        confirmLabel="Supprimer"
        destructive
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          await remove(toDelete!.id);
          await refresh();
          onNotice('Période de vacances supprimée');
        }}
      />
    </Section>
  );
}
