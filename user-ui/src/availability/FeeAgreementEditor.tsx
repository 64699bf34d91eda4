import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { feeAgreementApi } from '../api/availability';
import { useUserId } from '../auth/useUserId';
import { useFormError } from '../components/useFormError';

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

/**
 * The fee agreement (convention d'honoraires) of a lawyer's paid motive: written once, from the model the
 * product ships, and accepted by each client at booking filled with both names, the service and the fee.
 * Saved on its own: each change is a new version; agreements already accepted keep the version they had.
 */
export function FeeAgreementEditor({ motiveId }: { motiveId: string }) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const key = ['fee-agreement', userId, motiveId];
  const current = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => feeAgreementApi.terms(userId, motiveId, signal),
  });
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const { formError, attempt } = useFormError();

  useEffect(() => {
    if (current.data) setText(current.data.terms ?? '');
  }, [current.data]);

  if (!current.data?.available) return null;
  const { model, versionHash, versionCreatedAt } = current.data;
  const changed = text.trim() !== (current.data.terms ?? '');

  const save = () =>
    attempt(async () => {
      setSaving(true);
      setSaved(false);
      try {
        const next = await feeAgreementApi.save(userId, motiveId, text.trim() || null);
        queryClient.setQueryData(key, next);
        setSaved(true);
      } finally {
        setSaving(false);
      }
    });

  return (
    <Box component="section" aria-labelledby={`fee-agreement-${motiveId}`}>
      <Typography id={`fee-agreement-${motiveId}`} variant="subtitle2" sx={{ mt: 1 }}>
        Convention d’honoraires
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Le client la lit et l’accepte en réservant. Les mots {'{client}'}, {'{avocat}'}, {'{prestation}'},{' '}
        {'{honoraires}'} et {'{date_rendez_vous}'} sont remplacés pour chaque rendez-vous.
      </Typography>
      <TextField
        label="Texte de la convention"
        multiline
        minRows={6}
        maxRows={16}
        fullWidth
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setSaved(false);
        }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
        {model ? (
          <Button onClick={() => setText(model)} disabled={saving}>
            Partir du modèle
          </Button>
        ) : null}
        <Button variant="outlined" onClick={save} disabled={saving || !changed}>
          Enregistrer la convention
        </Button>
      </Stack>
      {versionHash && versionCreatedAt ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {`Version du ${dateTime(versionCreatedAt)} (empreinte ${versionHash.slice(0, 12)}…). Une modification crée une nouvelle version ; les conventions déjà acceptées ne changent pas.`}
        </Typography>
      ) : null}
      {saved ? (
        <Alert severity="success" sx={{ mt: 1 }}>
          {versionHash ? 'Convention enregistrée' : 'Convention retirée'}
        </Alert>
      ) : null}
      {formError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {formError}
        </Alert>
      ) : null}
    </Box>
  );
}
