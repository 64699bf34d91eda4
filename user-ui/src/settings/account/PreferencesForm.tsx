import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UserProfile, UserProfilePayload } from '../../api/auth';
import { FormTextField } from '../../components/FormTextField';
import { useFormError } from '../../components/useFormError';
import { INTERFACE_LANGUAGES } from '../languages';
import { SettingsForm } from '../SettingsCard';
import { preferencesSchema, type PreferencesValues } from './schemas';
import { useTimezones } from './useTimezones';

/** The time zone and the language of the professional's space and mails. */
export function PreferencesForm({
  profile,
  onSave,
}: {
  profile: UserProfile;
  onSave: (payload: UserProfilePayload) => Promise<unknown>;
}) {
  const { formError, attempt } = useFormError();
  const [saved, setSaved] = useState(false);
  const values = (): PreferencesValues => ({ timezone: profile.timezone, language: profile.language });
  const { control, handleSubmit, reset, formState } = useForm<PreferencesValues>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: values(),
  });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the saved account changes
  useEffect(() => reset(values()), [profile.timezone, profile.language, reset]);
  const timezones = useTimezones();
  const submit = handleSubmit((next) => {
    setSaved(false);
    return attempt(async () => {
      await onSave(next);
      setSaved(true);
    });
  });
  return (
    <SettingsForm
      label="Fuseau horaire et langue"
      onSubmit={submit}
      formError={formError}
      success={saved ? 'Préférences enregistrées' : null}
      submitting={formState.isSubmitting}
      dirty={formState.isDirty}
    >
      {/* Wraps rather than squeezing: the zone names are long ("America/Argentina/Buenos_Aires"). */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Controller
          control={control}
          name="timezone"
          render={({ field, fieldState }) => (
            <Autocomplete
              value={field.value}
              onChange={(_event, value) => field.onChange(value ?? '')}
              options={timezones.data ?? [field.value]}
              loading={timezones.isPending}
              disableClearable
              sx={{ flex: '1 1 280px', minWidth: { xs: 0, sm: 280 } }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Fuseau horaire"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'Les heures de votre agenda et de vos emails.'}
                />
              )}
            />
          )}
        />
        <FormTextField control={control} name="language" label="Langue" select sx={{ minWidth: 180 }}>
          {INTERFACE_LANGUAGES.map((language) => (
            <MenuItem key={language.code} value={language.code}>
              {language.label}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
    </SettingsForm>
  );
}
