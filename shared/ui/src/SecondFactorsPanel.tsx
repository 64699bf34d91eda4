import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { startRegistration } from '@simplewebauthn/browser';
import { ApiError, unwrap, type ApiClient, type Schemas } from '@rdv/api-client';

type Factors = Schemas['SecondFactorsDto'];

export const SECOND_FACTORS_TEXT =
  'Après votre mot de passe, un code de votre application d’authentification ou une clé d’accès vous sera demandé. Une clé d’accès permet aussi de se connecter sans mot de passe.';
type TotpEnrolment = Schemas['TotpEnrolmentDto'];

function message(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'La clé d’accès n’a pas été créée (opération annulée ou expirée).';
  return 'Une erreur inattendue est survenue. Réessayez.';
}

/**
 * The signed-in account's second factors ("Mon compte" of /user and of the console): an authenticator app
 * (TOTP: the key to type or the otpauth link, then a first code), passkeys, the recovery codes shown once.
 * Removing a factor or renewing the codes asks for the current password. Enrolling renews the session
 * cookie with one that passed a second factor (the API does it).
 */
export function SecondFactorsPanel({
  api,
  onEnrolled,
  heading = true,
}: {
  api: ApiClient;
  onEnrolled?: () => void;
  /** False inside a card that already has the title and the explanation. */
  heading?: boolean;
}) {
  const [factors, setFactors] = useState<Factors | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [totp, setTotp] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      setFactors(await unwrap(api.GET('/api/v1/auth/second-factors')));
    } catch (cause) {
      setError(message(cause));
    }
  }, [api]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (cause) {
      setError(message(cause));
    } finally {
      setBusy(false);
    }
  };

  const enrolled = async (answer: Schemas['FactorEnrolledDto'], what: string) => {
    setRecoveryCodes(answer.recoveryCodes ?? null);
    setNotice(`${what} est activée.`);
    await reload();
    onEnrolled?.();
  };

  const startTotp = () =>
    run(async () => {
      setRecoveryCodes(null);
      setCode('');
      setTotp(await unwrap(api.POST('/api/v1/auth/second-factors/totp')));
    });

  const confirmTotp = () =>
    run(async () => {
      if (!totp) return;
      const answer = await unwrap(
        api.POST('/api/v1/auth/second-factors/totp/{id}/confirm', {
          params: { path: { id: totp.id } },
          body: { code: code.trim() },
        }),
      );
      setTotp(null);
      await enrolled(answer, 'L’application d’authentification');
    });

  const addPasskey = () =>
    run(async () => {
      setRecoveryCodes(null);
      const { options, ticket } = await unwrap(api.POST('/api/v1/auth/second-factors/passkeys/options'));
      const response = await startRegistration({ optionsJSON: options as never });
      const answer = await unwrap(
        api.POST('/api/v1/auth/second-factors/passkeys', {
          body: { ticket, response: response as unknown as Record<string, never> },
        }),
      );
      await enrolled(answer, 'La clé d’accès');
    });

  const remove = (id: string) =>
    run(async () => {
      await unwrap(
        api.DELETE('/api/v1/auth/second-factors/{id}', {
          params: { path: { id } },
          body: { current_password: password },
        }),
      );
      setRemoving(null);
      setPassword('');
      setNotice('Le moyen d’authentification a été supprimé.');
      await reload();
    });

  return (
    <Stack spacing={2} aria-label="Double authentification" component="section">
      {heading ? (
        <>
          <Typography variant="h6" component="h2">
            Double authentification
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {SECOND_FACTORS_TEXT}
          </Typography>
        </>
      ) : null}
      {factors?.required && !factors.sessionHasSecondFactor ? (
        <Alert severity="warning">
          La double authentification est obligatoire pour les administrateurs : activez-en une pour utiliser
          la console.
        </Alert>
      ) : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      {notice ? (
        <Alert severity="success" role="status">
          {notice}
        </Alert>
      ) : null}
      {recoveryCodes ? (
        <Alert severity="info">
          <Typography variant="subtitle2" component="p">
            Codes de secours : conservez-les en lieu sûr, chacun ne sert qu’une fois et ils ne seront plus
            affichés.
          </Typography>
          <Box component="ul" aria-label="Codes de secours" sx={{ fontFamily: 'monospace', m: 0, pl: 2 }}>
            {recoveryCodes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <List dense aria-label="Moyens d’authentification">
        {factors?.factors.length === 0 ? (
          <ListItem>
            <ListItemText primary="Aucun second facteur n’est activé." />
          </ListItem>
        ) : null}
        {factors?.factors.map((factor) => (
          <ListItem
            key={factor.id}
            secondaryAction={
              removing === factor.id ? null : (
                <Button size="small" color="error" onClick={() => setRemoving(factor.id)}>
                  Supprimer
                </Button>
              )
            }
          >
            <ListItemText
              primary={factor.label}
              secondary={factor.type === 'totp' ? 'Application d’authentification' : 'Clé d’accès'}
            />
            {removing === factor.id ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  type="password"
                  label="Mot de passe actuel"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <Button size="small" color="error" disabled={busy} onClick={() => remove(factor.id)}>
                  Confirmer la suppression
                </Button>
                <Button size="small" onClick={() => setRemoving(null)}>
                  Annuler
                </Button>
              </Stack>
            ) : null}
          </ListItem>
        ))}
      </List>
      {factors ? (
        <Typography variant="body2" color="text.secondary">
          Codes de secours restants : {factors.recoveryCodesLeft}
        </Typography>
      ) : null}
      {totp ? (
        <Stack spacing={1.5}>
          <Typography variant="body2">
            Ajoutez ce compte dans votre application d’authentification avec la clé ci-dessous (ou ouvrez le{' '}
            <a href={totp.otpauthUrl}>lien otpauth</a> sur votre téléphone), puis saisissez le code à 6
            chiffres affiché.
          </Typography>
          <Typography
            variant="body1"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
            aria-label="Clé de l’application"
          >
            {totp.secret}
          </Typography>
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              label="Code à 6 chiffres"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
            />
            <Button variant="contained" disabled={busy} onClick={confirmTotp}>
              Activer
            </Button>
          </Stack>
        </Stack>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" disabled={busy} onClick={startTotp}>
          Ajouter une application d’authentification
        </Button>
        <Button variant="outlined" disabled={busy} onClick={addPasskey}>
          Ajouter une clé d’accès
        </Button>
      </Stack>
    </Stack>
  );
}
