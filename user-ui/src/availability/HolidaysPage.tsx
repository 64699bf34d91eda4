import { useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { availabilityApi, type HolidayCountry } from '../api/availability';
import { useUserId } from '../auth/useUserId';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FormTextField } from '../components/FormTextField';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { useFormError } from '../components/useFormError';
import { DEFAULT_TIMEZONE, formatLocalDate, formatMonth, formatRange, todayIn, zonedToIso } from '../dates';
import {
  holidaySchema,
  unavailabilitySchema,
  type HolidayFormValues,
  type UnavailabilityFormValues,
} from './validation';

const COUNTRY_LABELS: Record<HolidayCountry, string> = { FR: 'France', BE: 'Belgique', CH: 'Suisse' };

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ p: 3 }}>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 2.5 }}>
          {text}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function PeriodList({
  items,
  empty,
}: {
  items: {
    id: string;
    primary: string;
    secondary?: string | null;
    onDelete: () => void;
    deleteLabel: string;
  }[];
  empty: string;
}) {
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" variant="body2" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      sx={{ m: 0, p: 0, listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      {items.map((item, index) => (
        <Box
          component="li"
          key={item.id}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            px: 2,
            py: 1.25,
            borderTop: index ? 1 : 0,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 500 }}>{item.primary}</Typography>
            {item.secondary ? (
              <Typography variant="body2" color="text.secondary">
                {item.secondary}
              </Typography>
            ) : null}
          </Box>
          <IconButton aria-label={item.deleteLabel} onClick={item.onDelete}>
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}

const dateProps = { inputLabel: { shrink: true } };

/** One line of fields (a column on small screens). */
function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      {children}
    </Stack>
  );
}

/**
 * The add form under a list of periods: the fields (laid out by `children` around the Ajouter
 * button), the error of the last add. Once `onAdd` resolves the form is emptied, then `onAdded` runs.
 */
function AddPeriodForm<T extends FieldValues>({
  label,
  form,
  onAdd,
  onAdded,
  children,
}: {
  label: string;
  form: UseFormReturn<T>;
  onAdd: (values: T) => Promise<unknown>;
  onAdded: () => Promise<void>;
  children: (submitButton: ReactNode) => ReactNode;
}) {
  const { formError, attempt } = useFormError();
  const submit = form.handleSubmit((values) =>
    attempt(async () => {
      await onAdd(values);
      form.reset();
      await onAdded();
    }),
  );
  const submitButton = (
    <Button
      type="submit"
      variant="contained"
      loading={form.formState.isSubmitting}
      sx={{ flexShrink: 0, mt: { md: 1 } }}
    >
      Ajouter
    </Button>
  );
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label} sx={{ mt: 2.5 }}>
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      {children(submitButton)}
    </Box>
  );
}

function HolidaysSection({ userId, onNotice }: { userId: string; onNotice: (text: string) => void }) {
  const queryClient = useQueryClient();
  const key = ['holidays', userId];
  const holidays = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => availabilityApi.holidays(userId, signal),
  });
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
        onAdd={(values) =>
          availabilityApi.createHoliday(userId, {
            startsOn: values.startsOn,
            endsOn: values.endsOn,
            ...(values.label ? { label: values.label } : {}),
          })
        }
        onAdded={async () => {
          await queryClient.invalidateQueries({ queryKey: key });
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
          await availabilityApi.deleteHoliday(userId, toDelete!.id);
          await queryClient.invalidateQueries({ queryKey: key });
          onNotice('Période de vacances supprimée');
        }}
      />
    </Section>
  );
}

function UnavailabilitiesSection({
  userId,
  timezone,
  onNotice,
}: {
  userId: string;
  timezone: string;
  onNotice: (text: string) => void;
}) {
  const queryClient = useQueryClient();
  const key = ['unavailabilities', userId];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => availabilityApi.unavailabilities(userId, signal),
  });
  const calendars = useQuery({
    queryKey: ['calendars', userId],
    queryFn: ({ signal }) => availabilityApi.calendars(userId, signal),
  });
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
        onAdd={(values) =>
          availabilityApi.createUnavailability(userId, {
            startsAt: zonedToIso(values.startDate, values.startTime, timezone),
            endsAt: zonedToIso(values.endDate, values.endTime, timezone),
            ...(values.calendarId ? { calendarId: values.calendarId } : {}),
            ...(values.reason ? { reason: values.reason } : {}),
          })
        }
        onAdded={async () => {
          await queryClient.invalidateQueries({ queryKey: key });
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
          await availabilityApi.deleteUnavailability(userId, toDelete!.id);
          await queryClient.invalidateQueries({ queryKey: key });
          onNotice('Indisponibilité supprimée');
        }}
      />
    </Section>
  );
}

function PublicHolidaysSection({
  userId,
  holidayCountry,
  onNotice,
}: {
  userId: string;
  holidayCountry: HolidayCountry | null;
  onNotice: (text: string) => void;
}) {
  const queryClient = useQueryClient();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const key = ['public-holidays', userId, year];
  const data = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => availabilityApi.publicHolidays(userId, year, signal),
  });
  const setWorked = useMutation({
    mutationFn: ({ month, worked }: { month: string; worked: boolean }) =>
      availabilityApi.setWorkedMonth(userId, month, worked),
    onSuccess: async ({ month, worked }) => {
      await queryClient.invalidateQueries({ queryKey: key });
      onNotice(
        worked
          ? `Jours fériés de ${formatMonth(month)} travaillés`
          : `Jours fériés de ${formatMonth(month)} fermés`,
      );
    },
  });
  const country = useMutation({
    mutationFn: (value: HolidayCountry | null) =>
      availabilityApi.updateSettings(userId, { holidayCountry: value }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(['availability-settings', userId], settings);
      await queryClient.invalidateQueries({ queryKey: ['public-holidays', userId] });
    },
  });

  const months = new Map<string, { date: string; name: string }[]>();
  for (const h of data.data?.holidays ?? []) months.set(h.month, [...(months.get(h.month) ?? []), h]);
  const worked = new Set(data.data?.workedMonths ?? []);

  return (
    <Section
      title="Jours fériés"
      text="Fermés par défaut. Choisissez, mois par mois, ceux où vous travaillez : vos horaires habituels s’appliquent alors ces jours-là."
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <IconButton
            aria-label="Année précédente"
            onClick={() => setYear((y) => y - 1)}
            disabled={year <= 2000}
          >
            <ChevronLeft />
          </IconButton>
          <Typography sx={{ fontWeight: 600, minWidth: 48, textAlign: 'center' }} aria-live="polite">
            {year}
          </Typography>
          <IconButton
            aria-label="Année suivante"
            onClick={() => setYear((y) => y + 1)}
            disabled={year >= 2100}
          >
            <ChevronRight />
          </IconButton>
        </Stack>
        <TextField
          select
          size="small"
          label="Calendrier des jours fériés"
          value={holidayCountry ?? ''}
          onChange={(e) => country.mutate((e.target.value || null) as HolidayCountry | null)}
          sx={{ width: { sm: 320 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">
            Pays de mon compte{data.data ? ` (${COUNTRY_LABELS[data.data.country]})` : ''}
          </MenuItem>
          {(Object.keys(COUNTRY_LABELS) as HolidayCountry[]).map((code) => (
            <MenuItem key={code} value={code}>
              {COUNTRY_LABELS[code]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {setWorked.error || country.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(setWorked.error ?? country.error)?.message}
        </Alert>
      ) : null}
      <QueryState isPending={data.isPending} error={data.error} onRetry={() => data.refetch()} rows={4}>
        <Box
          component="ul"
          sx={{ m: 0, p: 0, listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2 }}
        >
          {[...months.entries()].map(([month, days], index) => {
            const isWorked = worked.has(month);
            return (
              <Box
                component="li"
                key={month}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 2,
                  px: 2,
                  py: 1.25,
                  borderTop: index ? 1 : 0,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: 1 }}>
                  <Typography sx={{ fontWeight: 600, '&::first-letter': { textTransform: 'uppercase' } }}>
                    {formatMonth(month)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {days
                      .map(
                        (d) => `${d.name} (${formatLocalDate(d.date, { weekday: 'long', day: 'numeric' })})`,
                      )
                      .join(', ')}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  label={isWorked ? 'Travaillé' : 'Fermé'}
                  color={isWorked ? 'success' : 'default'}
                  variant="outlined"
                />
                <Switch
                  checked={isWorked}
                  disabled={setWorked.isPending}
                  onChange={(e) => setWorked.mutate({ month, worked: e.target.checked })}
                  slotProps={{
                    input: { 'aria-label': `Travailler les jours fériés de ${formatMonth(month)}` },
                  }}
                />
              </Box>
            );
          })}
        </Box>
      </QueryState>
    </Section>
  );
}

/** `/user/periodes-de-vacances`: holidays, one-off unavailability periods and public holidays worked month by month. */
export function HolidaysPage() {
  const userId = useUserId();
  const settings = useQuery({
    queryKey: ['availability-settings', userId],
    queryFn: ({ signal }) => availabilityApi.settings(userId, signal),
  });
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title="Périodes de vacances"
        description="Vos congés, vos indisponibilités ponctuelles et les jours fériés : aucun rendez-vous n’est proposé pendant ces périodes."
      />
      <Stack spacing={3}>
        <HolidaysSection userId={userId} onNotice={setNotice} />
        <UnavailabilitiesSection
          userId={userId}
          timezone={settings.data?.timezone ?? DEFAULT_TIMEZONE}
          onNotice={setNotice}
        />
        <PublicHolidaysSection
          userId={userId}
          holidayCountry={settings.data?.holidayCountry ?? null}
          onNotice={setNotice}
        />
      </Stack>
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        message={notice}
      />
    </Box>
  );
}
