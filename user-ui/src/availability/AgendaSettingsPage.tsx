import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  availabilityApi,
  type AvailabilitySettings,
  type AvailabilitySettingsPayload,
} from '../api/availability';
import { useUserId } from '../auth/useUserId';
import { FormTextField } from '../components/FormTextField';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { PhotoField } from '../profile/PhotoField';
import { AccountCard } from '../settings/AccountCard';
import { CalendarSyncCard } from '../settings/CalendarSyncCard';
import { MailCopyCard } from '../settings/MailCopyCard';
import { VisioCard } from '../settings/VisioCard';
import { ProfileCard } from '../settings/ProfileCard';
import { PracticeCard } from '../settings/PracticeCard';
import { SearchVisibilityCard } from '../settings/SearchVisibilityCard';
import { SECOND_FACTORS_TEXT, SecondFactorsPanel } from '@rdv/ui';
import { api } from '../api/client';
import { SettingsCard } from '../settings/SettingsCard';
import { useUserProfile } from '../settings/useUserProfile';
import { amplitudeSchema, type AmplitudeFormValues } from './validation';

function AmplitudeForm({
  settings,
  onSave,
}: {
  settings: AvailabilitySettings;
  onSave: (p: AvailabilitySettingsPayload) => Promise<unknown>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, formState } = useForm<AmplitudeFormValues>({
    resolver: zodResolver(amplitudeSchema),
    defaultValues: {
      amplitudeStart: settings.amplitudeStart ?? '',
      amplitudeEnd: settings.amplitudeEnd ?? '',
    },
  });
  useEffect(
    () => reset({ amplitudeStart: settings.amplitudeStart ?? '', amplitudeEnd: settings.amplitudeEnd ?? '' }),
    [settings.amplitudeStart, settings.amplitudeEnd, reset],
  );
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave({
        amplitudeStart: values.amplitudeStart || null,
        amplitudeEnd: values.amplitudeEnd || null,
      });
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  });
  const timeProps = { htmlInput: { step: 300 }, inputLabel: { shrink: true } };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Amplitude horaire">
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <FormTextField
          control={control}
          name="amplitudeStart"
          type="time"
          label="Premier rendez-vous à partir de"
          slotProps={timeProps}
          sx={{ maxWidth: { sm: 260 } }}
        />
        <FormTextField
          control={control}
          name="amplitudeEnd"
          type="time"
          label="Dernier rendez-vous fini à"
          slotProps={timeProps}
          sx={{ maxWidth: { sm: 260 } }}
        />
        <Button
          type="submit"
          variant="contained"
          loading={formState.isSubmitting}
          disabled={!formState.isDirty}
          sx={{ mt: { sm: 1 } }}
        >
          Enregistrer
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Laissez les deux champs vides pour ne pas limiter vos horaires au-delà de vos plages d’ouverture.
      </Typography>
    </Box>
  );
}

/**
 * `/user/setting`: the professional's profile (what the public page shows, mail copies, search-engine
 * indexing), the agenda rules (opening-hours amplitude, visio and phone appointments on or off) and the
 * office's team messaging tool.
 */
/** The profile cards; they load on their own so the agenda settings never wait for them. */
function ProfileSettings({ onSaved }: { onSaved: () => void }) {
  const { userId, profile, update, remember } = useUserProfile();
  const save = async (payload: Parameters<typeof update.mutateAsync>[0]) => {
    await update.mutateAsync(payload);
    onSaved();
  };
  return (
    <QueryState
      isPending={profile.isPending}
      error={profile.error}
      onRetry={() => profile.refetch()}
      rows={3}
    >
      {profile.data ? (
        <Stack spacing={3} sx={{ mb: 3 }}>
          <ProfileCard
            profile={profile.data}
            onSave={save}
            photo={
              <PhotoField
                userId={userId}
                picture={profile.data.picture}
                name={[profile.data.first_name, profile.data.last_name].filter(Boolean).join(' ')}
                onChange={remember}
              />
            }
          />
          <PracticeCard profile={profile.data} onSave={save} />
          <SearchVisibilityCard
            indexable={profile.data.indexable}
            saving={update.isPending}
            error={update.error && update.variables?.indexable !== undefined ? update.error.message : null}
            onChange={(indexable) => update.mutate({ indexable }, { onSuccess: onSaved })}
          />
          <MailCopyCard profile={profile.data} onSave={save} />
          <AccountCard profile={profile.data} onSave={save} onAccountChange={remember} />
          <SettingsCard
            id="double-authentification"
            title="Double authentification"
            text={SECOND_FACTORS_TEXT}
          >
            <SecondFactorsPanel api={api} heading={false} />
          </SettingsCard>
        </Stack>
      ) : null}
    </QueryState>
  );
}

export function AgendaSettingsPage() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const key = ['availability-settings', userId];
  const settings = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => availabilityApi.settings(userId, signal),
  });
  const [notice, setNotice] = useState<string | null>(null);

  const update = useMutation({
    mutationFn: (payload: AvailabilitySettingsPayload) => availabilityApi.updateSettings(userId, payload),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      setNotice('Paramètres enregistrés');
    },
  });

  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader
        title="Paramètres"
        description="Votre profil public et les règles générales de votre agenda en ligne."
      />
      <ProfileSettings onSaved={() => setNotice('Profil enregistré')} />
      <QueryState
        isPending={settings.isPending}
        error={settings.error}
        onRetry={() => settings.refetch()}
        rows={2}
      >
        {settings.data ? (
          <Stack spacing={3}>
            <SettingsCard
              title="Amplitude horaire"
              text="L’heure du premier et du dernier rendez-vous possibles, quels que soient vos calendriers et vos motifs."
            >
              <AmplitudeForm settings={settings.data} onSave={(payload) => update.mutateAsync(payload)} />
            </SettingsCard>
            <SettingsCard
              title="Rendez-vous à distance"
              text="Proposez ou non la visio et le téléphone à vos clients ; chaque motif précise ensuite les modes qu’il permet."
            >
              {update.error && !update.isPending ? (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {update.error.message}
                </Alert>
              ) : null}
              <Stack divider={<Divider flexItem />} spacing={1}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={settings.data.visioEnabled}
                      disabled={update.isPending}
                      onChange={(e) => update.mutate({ visioEnabled: e.target.checked })}
                    />
                  }
                  label={
                    <Box>
                      <Typography>Rendez-vous en visio</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {settings.data.visioEnabled
                          ? 'Activé : un lien de visio est envoyé au client'
                          : 'Désactivé'}
                      </Typography>
                    </Box>
                  }
                  sx={{ alignItems: 'center', mx: 0, gap: 1 }}
                />
                <FormControlLabel
                  control={
                    <Switch
                      checked={settings.data.phoneEnabled}
                      disabled={update.isPending}
                      onChange={(e) => update.mutate({ phoneEnabled: e.target.checked })}
                    />
                  }
                  label={
                    <Box>
                      <Typography>Rendez-vous par téléphone</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {settings.data.phoneEnabled
                          ? 'Activé : vous appelez le client à l’heure du rendez-vous'
                          : 'Désactivé'}
                      </Typography>
                    </Box>
                  }
                  sx={{ alignItems: 'center', mx: 0, gap: 1 }}
                />
              </Stack>
            </SettingsCard>
            <CalendarSyncCard userId={userId} />
            <VisioCard userId={userId} />
          </Stack>
        ) : null}
      </QueryState>
      <Snackbar
        open={notice !== null}
        autoHideDuration={3000}
        onClose={() => setNotice(null)}
        message={notice}
      />
    </Box>
  );
}
