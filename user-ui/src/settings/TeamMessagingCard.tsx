import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { teamMessagingApi, type ChatSettings } from '../api/teamMessaging';
import { FormTextField } from '../components/FormTextField';
import { QueryState } from '../components/QueryState';
import { SectionTitle } from '../components/SectionTitle';
import { sector } from '../sector';
import { teamMessagingSchema, type TeamMessagingFormValues } from './validation';

const formValues = (settings: ChatSettings): TeamMessagingFormValues => ({
  webhookUrl: settings.webhookUrl ?? '',
  messageTemplate: settings.messageTemplate ?? '',
  enabled: settings.webhookUrl ? settings.enabled : true,
});

/** The placeholders the message template may use (see backend notifications/mail-templates.ts). */
const PLACEHOLDERS = [
  '{{professional.name}}',
  '{{attendee.name}}',
  '{{appointment.date}}',
  '{{appointment.time}}',
  '{{appointment.modeLabel}}',
  '{{appointment.motive}}',
  '{{links.userEvents}}',
];

function TeamMessagingForm({
  userId,
  settings,
  onSaved,
}: {
  userId: string;
  settings: ChatSettings;
  onSaved: (next: ChatSettings) => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { control, handleSubmit, reset, formState } = useForm<TeamMessagingFormValues>({
    resolver: zodResolver(teamMessagingSchema),
    defaultValues: formValues(settings),
  });
  useEffect(() => reset(formValues(settings)), [settings, reset]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    try {
      onSaved(
        await teamMessagingApi.update(userId, {
          webhookUrl: values.webhookUrl.trim(),
          messageTemplate: values.messageTemplate.trim() || null,
          enabled: values.enabled,
        }),
      );
      setSaved(true);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Messagerie d’équipe">
      <Box aria-live="polite">
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : saved ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            Messagerie d’équipe enregistrée
          </Alert>
        ) : null}
      </Box>
      <Stack spacing={2}>
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Prévenir l’équipe à chaque nouvelle demande de rendez-vous"
              sx={{ mx: 0, gap: 1 }}
            />
          )}
        />
        <FormTextField
          control={control}
          name="webhookUrl"
          label="URL du webhook entrant"
          type="url"
          placeholder="https://hooks.slack.com/services/…"
          fullWidth
          helperText="Créez un « webhook entrant » dans Slack, Microsoft Teams, Mattermost ou Google Chat et collez son adresse ici."
        />
        <FormTextField
          control={control}
          name="messageTemplate"
          label="Message"
          multiline
          minRows={3}
          fullWidth
          placeholder={settings.defaultTemplate}
          helperText={`Laissez vide pour le message par défaut. Variables : ${PLACEHOLDERS.join(', ')}`}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            loading={formState.isSubmitting}
            disabled={!formState.isDirty}
          >
            Enregistrer
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** Spec §3 "chat-message template for a team messaging tool": the office's incoming webhook. */
export function TeamMessagingCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const key = ['chat-settings', userId];
  const settings = useQuery({ queryKey: key, queryFn: ({ signal }) => teamMessagingApi.get(userId, signal) });
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: 3 }}>
        <SectionTitle
          title="Messagerie d’équipe"
          text={`Un message dans l’outil de discussion de votre ${sector.words.office} (Slack, Teams…) à chaque nouvelle demande.`}
        />
        <QueryState
          isPending={settings.isPending}
          error={settings.error}
          onRetry={() => settings.refetch()}
          rows={2}
        >
          {settings.data ? (
            settings.data.teamId ? (
              <TeamMessagingForm
                userId={userId}
                settings={settings.data}
                onSaved={(next) => queryClient.setQueryData(key, next)}
              />
            ) : (
              <Typography color="text.secondary">
                {`Ce réglage appartient à votre ${sector.words.office}, et votre compte n’y est pas encore rattaché : contactez-nous pour le faire.`}
              </Typography>
            )
          ) : null}
        </QueryState>
      </CardContent>
    </Card>
  );
}
