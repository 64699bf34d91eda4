import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { teamMessagingApi, type ChatSettings } from '../api/teamMessaging';
import { FormTextField } from '../components/FormTextField';
import { QueryState } from '../components/QueryState';
import { useFormError } from '../components/useFormError';
import { sector } from '../sector';
import { SettingsCard, SettingsForm } from './SettingsCard';
import { teamMessagingSchema, type TeamMessagingFormValues } from './validation';

const formValues = (settings: ChatSettings): TeamMessagingFormValues => ({
  webhookUrl: settings.webhookUrl ?? '',
  messageTemplate: settings.messageTemplate ?? '',
  // Off until the office has a webhook: nothing could be sent anyway, and a switch that says "on" would mislead.
  enabled: settings.webhookUrl ? settings.enabled : false,
});

/**
 * The default message as a person reads it: each placeholder by its label, « Nom du client » (the API names what
 * the message may contain; a click on one puts its placeholder into the message).
 */
function readable(template: string, variables: ChatSettings['variables']): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const label = variables.find((p) => p.name === name)?.label;
    return label ? `« ${label} »` : whole;
  });
}

function TeamMessagingForm({
  userId,
  settings,
  onSaved,
}: {
  userId: string;
  settings: ChatSettings;
  onSaved: (next: ChatSettings) => void;
}) {
  const { formError, attempt } = useFormError();
  const [saved, setSaved] = useState(false);
  const { control, handleSubmit, reset, formState, watch, setValue, getValues } =
    useForm<TeamMessagingFormValues>({
      resolver: zodResolver(teamMessagingSchema),
      defaultValues: formValues(settings),
    });
  useEffect(() => reset(formValues(settings)), [settings, reset]);
  const hasWebhook = watch('webhookUrl').trim() !== '';
  // Typing the office's first webhook means sending to it: the switch turns on with it (and can be turned off).
  const firstWebhook = !settings.webhookUrl && hasWebhook;
  useEffect(() => {
    if (firstWebhook) setValue('enabled', true, { shouldDirty: true });
  }, [firstWebhook, setValue]);
  const insert = (name: string) =>
    setValue('messageTemplate', `${getValues('messageTemplate')}{{${name}}}`, { shouldDirty: true });

  const submit = handleSubmit((values) => {
    setSaved(false);
    return attempt(async () => {
      onSaved(
        await teamMessagingApi.update(userId, {
          webhookUrl: values.webhookUrl.trim(),
          messageTemplate: values.messageTemplate.trim() || null,
          enabled: values.enabled,
        }),
      );
      setSaved(true);
    });
  });

  return (
    <SettingsForm
      label="Messagerie d’équipe"
      onSubmit={submit}
      formError={formError}
      success={saved ? 'Messagerie d’équipe enregistrée' : null}
      submitting={formState.isSubmitting}
      dirty={formState.isDirty}
    >
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={field.value && hasWebhook}
                disabled={!hasWebhook}
                onChange={(e) => field.onChange(e.target.checked)}
              />
            }
            label={
              hasWebhook
                ? 'Prévenir l’équipe à chaque nouvelle demande de rendez-vous'
                : 'Prévenir l’équipe à chaque nouvelle demande (renseignez d’abord l’adresse du webhook)'
            }
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
        placeholder={readable(settings.defaultTemplate, settings.variables)}
        helperText="Laissez vide pour le message par défaut."
      />
      <Box role="group" aria-label="Variables à insérer">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          Insérer dans le message :
        </Typography>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {settings.variables.map((placeholder) => (
            <Chip
              key={placeholder.name}
              label={placeholder.label}
              size="small"
              variant="outlined"
              onClick={() => insert(placeholder.name)}
            />
          ))}
        </Stack>
      </Box>
    </SettingsForm>
  );
}

/** docs/product.md §3 "chat-message template for a team messaging tool": the office's incoming webhook. */
export function TeamMessagingCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const key = ['chat-settings', userId];
  const settings = useQuery({ queryKey: key, queryFn: ({ signal }) => teamMessagingApi.get(userId, signal) });
  return (
    <SettingsCard
      title="Messagerie d’équipe"
      text={`Un message dans l’outil de discussion de votre ${sector.words.office} (Slack, Teams…) à chaque nouvelle demande.`}
    >
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
    </SettingsCard>
  );
}
