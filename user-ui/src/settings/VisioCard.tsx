import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { visioApi, type VisioProvider, type VisioSettings } from '../api/visio';
import { FormTextField } from '../components/FormTextField';
import { QueryState } from '../components/QueryState';
import { useFormError } from '../components/useFormError';
import { SettingsCard, SettingsForm } from './SettingsCard';
import { visioSchema, type VisioFormValues } from './validation';

export const VISIO_LABELS: Record<VisioProvider, string> = {
  google_meet: 'Google Meet (créé avec l’événement de votre agenda Google)',
  teams: 'Microsoft Teams (créé avec l’événement de votre agenda Office 365)',
  jitsi: 'Jitsi du site (une salle unique par rendez-vous)',
  own_link: 'Mon propre lien de salle de visioconférence',
};

const UNAVAILABLE: Partial<Record<VisioProvider, string>> = {
  google_meet: 'connectez un agenda Google et choisissez-le pour y écrire vos rendez-vous',
  teams:
    'connectez un agenda Office 365 (compte professionnel) et choisissez-le pour y écrire vos rendez-vous',
  jitsi: 'ce site n’a pas de serveur Jitsi',
};

const formValues = (settings: VisioSettings): VisioFormValues => ({
  provider: settings.provider ?? 'auto',
  ownLinkUrl: settings.ownLinkUrl ?? '',
});

function VisioForm({
  userId,
  settings,
  onSaved,
}: {
  userId: string;
  settings: VisioSettings;
  onSaved: (next: VisioSettings) => void;
}) {
  const { formError, attempt } = useFormError();
  const [saved, setSaved] = useState(false);
  const { control, handleSubmit, reset, formState, setValue } = useForm<VisioFormValues>({
    resolver: zodResolver(visioSchema),
    defaultValues: formValues(settings),
  });
  useEffect(() => reset(formValues(settings)), [settings, reset]);
  const provider = useWatch({ control, name: 'provider' });
  const submit = handleSubmit((values) => {
    setSaved(false);
    return attempt(async () => {
      onSaved(
        await visioApi.update(userId, {
          provider: values.provider === 'auto' ? null : values.provider,
          ownLinkUrl: values.ownLinkUrl.trim() || null,
        }),
      );
      setSaved(true);
    });
  });
  const automatic = settings.effectiveProvider
    ? `Automatique : ${VISIO_LABELS[settings.effectiveProvider]}`
    : 'Automatique (aucun fournisseur disponible pour l’instant)';
  return (
    <SettingsForm
      label="Visioconférence"
      onSubmit={submit}
      formError={formError}
      success={saved ? 'Visioconférence enregistrée' : null}
      submitting={formState.isSubmitting}
      dirty={formState.isDirty}
    >
      {settings.acceptsVisio ? null : (
        <Alert severity="warning">
          Aucun lien de visioconférence n’est configuré : vos clients ne peuvent pas réserver de rendez-vous
          en visio. Indiquez le lien de votre salle (ou connectez un agenda Google ou Office 365) pour les
          accepter.
        </Alert>
      )}
      <RadioGroup
        aria-label="Fournisseur de visioconférence"
        value={provider}
        onChange={(event) =>
          setValue('provider', event.target.value as VisioFormValues['provider'], { shouldDirty: true })
        }
      >
        <FormControlLabel value="auto" control={<Radio />} label={automatic} />
        {(Object.keys(VISIO_LABELS) as VisioProvider[]).map((key) => (
          <FormControlLabel
            key={key}
            value={key}
            disabled={!settings.available[key]}
            control={<Radio />}
            label={
              settings.available[key]
                ? VISIO_LABELS[key]
                : `${VISIO_LABELS[key]} — indisponible : ${UNAVAILABLE[key]}`
            }
          />
        ))}
      </RadioGroup>
      <FormTextField
        control={control}
        name="ownLinkUrl"
        label="Lien de votre salle de visioconférence"
        type="url"
        placeholder="https://…"
        fullWidth
        helperText="Une adresse https:// (Zoom, Whereby, votre salle Teams…), donnée à tous vos rendez-vous en visio si vous la choisissez."
      />
    </SettingsForm>
  );
}

/** "Visioconférence": the link video appointments get, mailed at confirmation and shown on their page. */
export function VisioCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const key = ['visio-settings', userId];
  const settings = useQuery({ queryKey: key, queryFn: ({ signal }) => visioApi.get(userId, signal) });
  return (
    <SettingsCard
      id="visioconference"
      title="Visioconférence"
      text="Le lien de vos rendez-vous en visio, envoyé au client à la confirmation et affiché sur la page du rendez-vous."
    >
      <QueryState
        isPending={settings.isPending}
        error={settings.error}
        onRetry={() => settings.refetch()}
        rows={3}
      >
        {settings.data ? (
          <VisioForm
            userId={userId}
            settings={settings.data}
            onSaved={(next) => queryClient.setQueryData(key, next)}
          />
        ) : null}
      </QueryState>
    </SettingsCard>
  );
}
