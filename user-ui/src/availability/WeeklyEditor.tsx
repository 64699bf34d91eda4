import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, type Control } from 'react-hook-form';
import { useBlocker } from 'react-router';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { Motive, WeeklyRange } from '../api/availability';
import { minutesOf, timeOf } from '../dates';
import { WEEKDAYS, weekSchema, type WeekFormValues } from './validation';

function toForm(ranges: WeeklyRange[]): WeekFormValues {
  return {
    ranges: [...ranges]
      .sort((a, b) => a.weekday - b.weekday || minutesOf(a.startTime) - minutesOf(b.startTime))
      .map((r) => ({
        weekday: r.weekday,
        startTime: r.startTime,
        endTime: r.endTime,
        motiveIds: r.motiveIds ?? [],
      })),
  };
}

/** A sensible next range for a day: after the last one (lunch break of an hour), else 09:00-12:00. */
function nextRange(existing: { startTime: string; endTime: string }[]): {
  startTime: string;
  endTime: string;
} {
  if (existing.length === 0) return { startTime: '09:00', endTime: '12:00' };
  const lastEnd = Math.max(
    ...existing.map((r) => (/^\d\d:\d\d$/.test(r.endTime) ? minutesOf(r.endTime) : 0)),
  );
  const start = Math.min(lastEnd + 60, 23 * 60);
  return { startTime: timeOf(start), endTime: timeOf(Math.min(start + 180, 24 * 60)) };
}

function TimeField({
  control,
  name,
  label,
  errorId,
}: {
  control: Control<WeekFormValues>;
  name: `ranges.${number}.startTime` | `ranges.${number}.endTime`;
  label: string;
  /** The row's message line, read with the field. */
  errorId: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          type="time"
          size="small"
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          slotProps={{
            htmlInput: { step: 300, 'aria-describedby': fieldState.error ? errorId : undefined },
            inputLabel: { shrink: true },
          }}
          sx={{ width: { xs: 'auto', sm: 150 }, flex: { xs: 1, sm: 'none' }, minWidth: 0 }}
          fullWidth={false}
        />
      )}
    />
  );
}

interface WeeklyEditorProps {
  ranges: WeeklyRange[];
  motives: Motive[];
  /** Saves the whole week; rejects with the API's French message. */
  onSave: (ranges: WeeklyRange[]) => Promise<unknown>;
}

/** The weekly availabilities of one calendar: several ranges per day, optionally limited to some motives. */
export function WeeklyEditor({ ranges, motives, onSave }: WeeklyEditorProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { control, handleSubmit, reset, formState, watch, getValues } = useForm<WeekFormValues>({
    resolver: zodResolver(weekSchema),
    defaultValues: toForm(ranges),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'ranges' });
  useEffect(() => reset(toForm(ranges)), [ranges, reset]);
  const values = watch('ranges');
  // The week is saved as a whole: leaving with unsaved ranges asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      formState.isDirty && !formState.isSubmitting && currentLocation.pathname !== nextLocation.pathname,
  );

  const submit = handleSubmit(async ({ ranges: next }) => {
    setFormError(null);
    setSaved(false);
    try {
      await onSave(
        next.map((r) => ({
          weekday: r.weekday,
          startTime: r.startTime,
          endTime: r.endTime,
          motiveIds: r.motiveIds.length > 0 ? r.motiveIds : null,
        })),
      );
      setSaved(true);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  });

  const motiveTitle = new Map(motives.map((m) => [m.id, m.title]));

  /** Monday's ranges copied to Tuesday-Friday (the usual office week). */
  const copyMondayToWeekdays = () => {
    const current = getValues('ranges');
    const monday = current.filter((r) => r.weekday === 1);
    const keep = current.filter((r) => r.weekday === 1 || r.weekday > 5);
    const copies = [2, 3, 4, 5].flatMap((weekday) =>
      monday.map((r) => ({ ...r, weekday, motiveIds: [...r.motiveIds] })),
    );
    reset(
      { ranges: [...keep, ...copies].sort((a, b) => a.weekday - b.weekday) },
      { keepDefaultValues: true },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Horaires de la semaine">
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Card variant="outlined">
        {WEEKDAYS.map(({ weekday, label }, dayIndex) => {
          const dayFields = fields
            .map((field, index) => ({ field, index }))
            .filter(({ index }) => values[index]?.weekday === weekday);
          return (
            <Box
              key={weekday}
              role="group"
              aria-labelledby={`weekday-${weekday}`}
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', md: 'row' },
                gap: 2,
                px: 2.5,
                py: 2,
                borderTop: dayIndex ? 1 : 0,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ width: { md: 130 }, flexShrink: 0, pt: { md: 1 } }}>
                <Typography id={`weekday-${weekday}`} sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                {dayFields.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    Fermé
                  </Typography>
                ) : null}
              </Box>
              <Stack spacing={{ xs: 2.5, sm: 1.5 }} sx={{ flex: 1, minWidth: 0 }}>
                {dayFields.map(({ field, index }) => {
                  const rangeErrors = formState.errors.ranges?.[index];
                  const messages = [rangeErrors?.startTime?.message, rangeErrors?.endTime?.message].filter(
                    Boolean,
                  );
                  const errorId = `range-${field.id}-error`;
                  return (
                    <Box key={field.id}>
                      <Stack
                        direction={{ xs: 'column', sm: 'row' }}
                        spacing={1.5}
                        sx={{ alignItems: { sm: 'flex-start' } }}
                        role="group"
                        aria-label={`Plage du ${label.toLowerCase()}`}
                      >
                        <Stack direction="row" spacing={1.5}>
                          <TimeField
                            control={control}
                            name={`ranges.${index}.startTime`}
                            label="Début"
                            errorId={errorId}
                          />
                          <TimeField
                            control={control}
                            name={`ranges.${index}.endTime`}
                            label="Fin"
                            errorId={errorId}
                          />
                        </Stack>
                        <Stack
                          direction="row"
                          spacing={1}
                          sx={{ flex: 1, minWidth: 0, alignItems: 'flex-start' }}
                        >
                          <Controller
                            control={control}
                            name={`ranges.${index}.motiveIds`}
                            render={({ field: motiveField }) => (
                              <TextField
                                select
                                size="small"
                                label="Motifs"
                                value={motiveField.value}
                                onChange={(e) => {
                                  const value = e.target.value as unknown;
                                  motiveField.onChange(typeof value === 'string' ? value.split(',') : value);
                                }}
                                sx={{ flex: 1, minWidth: 180 }}
                                slotProps={{
                                  inputLabel: { shrink: true },
                                  select: {
                                    multiple: true,
                                    displayEmpty: true,
                                    renderValue: (selected) => {
                                      const ids = selected as string[];
                                      if (ids.length === 0)
                                        return <Typography variant="body2">Tous les motifs</Typography>;
                                      return (
                                        <Stack
                                          direction="row"
                                          spacing={0.5}
                                          sx={{ flexWrap: 'wrap', rowGap: 0.5 }}
                                        >
                                          {ids.map((id) => (
                                            <Chip
                                              key={id}
                                              size="small"
                                              label={motiveTitle.get(id) ?? 'Motif supprimé'}
                                            />
                                          ))}
                                        </Stack>
                                      );
                                    },
                                  },
                                }}
                                disabled={motives.length === 0}
                                helperText={
                                  motives.length === 0
                                    ? 'Créez des motifs pour limiter une plage à certains d’entre eux'
                                    : undefined
                                }
                              >
                                {motives.map((motive) => (
                                  <MenuItem key={motive.id} value={motive.id}>
                                    {motive.title}
                                  </MenuItem>
                                ))}
                              </TextField>
                            )}
                          />
                          <IconButton
                            aria-label={`Supprimer la plage ${values[index]?.startTime ?? ''} – ${values[index]?.endTime ?? ''} du ${label.toLowerCase()}`}
                            onClick={() => remove(index)}
                            sx={{ flexShrink: 0 }}
                          >
                            <DeleteOutline />
                          </IconButton>
                        </Stack>
                      </Stack>
                      {messages.length > 0 ? (
                        <FormHelperText error id={errorId} sx={{ mx: 1.75 }}>
                          {[...new Set(messages)].join(' · ')}
                        </FormHelperText>
                      ) : null}
                    </Box>
                  );
                })}
                <Box>
                  <Button
                    size="small"
                    startIcon={<Add />}
                    onClick={() =>
                      append({
                        weekday,
                        ...nextRange(dayFields.map(({ index }) => values[index]!)),
                        motiveIds: [],
                      })
                    }
                    aria-label={`Ajouter une plage le ${label.toLowerCase()}`}
                  >
                    Ajouter une plage
                  </Button>
                  {weekday === 1 && dayFields.length > 0 ? (
                    <Button
                      size="small"
                      color="inherit"
                      startIcon={<ContentCopy />}
                      onClick={copyMondayToWeekdays}
                      sx={{ ml: 1 }}
                    >
                      Copier sur mardi – vendredi
                    </Button>
                  ) : null}
                </Box>
              </Stack>
            </Box>
          );
        })}
      </Card>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
        {formState.isDirty ? (
          <Typography variant="body2" color="text.secondary">
            Modifications non enregistrées
          </Typography>
        ) : saved ? (
          <Typography variant="body2" color="success.main" role="status">
            Horaires enregistrés
          </Typography>
        ) : null}
        <Button
          color="inherit"
          disabled={!formState.isDirty || formState.isSubmitting}
          onClick={() => reset(toForm(ranges))}
        >
          Annuler les modifications
        </Button>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          Enregistrer la semaine
        </Button>
      </Stack>
      <Dialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        aria-labelledby="leave-week-title"
      >
        <DialogTitle id="leave-week-title">Quitter sans enregistrer ?</DialogTitle>
        <DialogContent>
          <DialogContentText>Vos modifications des horaires de la semaine seront perdues.</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => blocker.proceed?.()}>
            Quitter sans enregistrer
          </Button>
          <Button variant="contained" onClick={() => blocker.reset?.()}>
            Rester sur la page
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
