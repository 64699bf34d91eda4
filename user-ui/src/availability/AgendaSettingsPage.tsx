import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import Person from '@mui/icons-material/PersonOutlined';
import {
  availabilityApi,
  type AvailabilitySettings,
  type AvailabilitySettingsPayload,
} from '../api/availability';
import { useUserId } from '../auth/useUserId';
import { ComingSoon } from '../components/ComingSoon';
import { FormTextField } from '../components/FormTextField';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { amplitudeSchema, type AmplitudeFormValues } from './validation';

function SectionTitle({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      <Typography color="text.secondary" variant="body2">
        {text}
      </Typography>
    </Box>
  );
}

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
 * `/user/setting`: the agenda settings (opening-hours amplitude, visio and phone appointments on or off) and,
 * with a later issue, the profile.
 */
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
      <PageHeader title="Paramètres" description="Les règles générales de votre agenda en ligne." />
      <QueryState
        isPending={settings.isPending}
        error={settings.error}
        onRetry={() => settings.refetch()}
        rows={2}
      >
        {settings.data ? (
          <Stack spacing={3}>
            <Card variant="outlined">
              <CardContent sx={{ p: 3 }}>
                <SectionTitle
                  title="Amplitude horaire"
                  text="L’heure du premier et du dernier rendez-vous possibles, quels que soient vos calendriers et vos motifs."
                />
                <AmplitudeForm settings={settings.data} onSave={(payload) => update.mutateAsync(payload)} />
              </CardContent>
            </Card>
            <Card variant="outlined">
              <CardContent sx={{ p: 3 }}>
                <SectionTitle
                  title="Rendez-vous à distance"
                  text="Proposez ou non la visio et le téléphone à vos clients ; chaque motif précise ensuite les modes qu’il permet."
                />
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
              </CardContent>
            </Card>
            <Card variant="outlined">
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: 3 }}>
                <Person color="action" />
                <Box sx={{ flex: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>Mon profil</Typography>
                  <Typography color="text.secondary" variant="body2">
                    Vos informations personnelles, votre photo, vos langues et votre présentation.
                  </Typography>
                </Box>
                <ComingSoon />
              </CardContent>
            </Card>
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
