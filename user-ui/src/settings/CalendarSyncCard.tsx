import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  calendarSyncApi,
  type CalendarConnection,
  type ConnectCalDavPayload,
  type ExternalCalendar,
} from '../api/calendar-sync';
import { QueryState } from '../components/QueryState';
import { useFormError } from '../components/useFormError';
import { formatLongDate, formatTime } from '../dates';
import { ExchangeOnlineNotice, ExchangeReconnect, exchangeAddressError } from './ExchangeConnect';
import { CalendarConnectedDialog } from './CalendarConnectedDialog';
import {
  OAuthConnectButtons,
  OAuthReturnMessage,
  oauthSlugOf,
  useOAuthProviders,
  useStartOAuth,
} from './CalendarOAuthConnect';
import { SettingsCard } from './SettingsCard';

const PROVIDER_LABELS: Record<CalendarConnection['provider'], string> = {
  google: 'Google Agenda',
  apple: 'Apple iCloud',
  caldav: 'CalDAV',
  office365: 'Office 365',
  live: 'Outlook.com',
  exchange: 'Exchange',
};

const STATUS: Record<
  CalendarConnection['status'],
  { label: string; color: 'success' | 'warning' | 'error' }
> = {
  active: { label: 'Connecté', color: 'success' },
  needs_reauth: { label: 'À reconnecter', color: 'error' },
  error: { label: 'En erreur', color: 'warning' },
};

const when = (iso: string) => `${formatLongDate(iso)} à ${formatTime(iso)}`;

/** "Synchronisation de vos calendriers": connected accounts, their calendars and the lawyer's choices. */
export function CalendarSyncCard({ userId }: { userId: string }) {
  const key = ['calendar-connections', userId];
  const queryClient = useQueryClient();
  const connections = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => calendarSyncApi.list(userId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  // The account just connected (OAuth return's `connexion`, or the CalDAV / Exchange form's answer): the
  // dialog asks what blocks and where appointments are written.
  const [params] = useSearchParams();
  const [justConnected, setJustConnected] = useState<string | null>(() =>
    params.get('calendrier') === 'connecte' ? params.get('connexion') : null,
  );
  const connected = connections.data?.find((c) => c.id === justConnected);
  const currentTarget =
    connections.data
      ?.filter((c) => c.id !== justConnected)
      .flatMap((c) => c.calendars)
      .find((c) => c.isWriteTarget) ?? null;
  useScrollToCardOnArrival(connections.isSuccess);
  return (
    <Box id="synchronisation-calendriers" sx={{ scrollMarginTop: 80 }}>
      {connected ? (
        <CalendarConnectedDialog
          userId={userId}
          connection={connected}
          currentTarget={currentTarget}
          onClose={(changed) => {
            setJustConnected(null);
            if (changed) void refresh();
          }}
        />
      ) : null}
      <SettingsCard
        title="Synchronisation de vos calendriers"
        text="Les événements de vos calendriers bloquent vos créneaux en ligne, et vos rendez-vous validés s’y inscrivent."
      >
        <OAuthReturnMessage />
        <QueryState
          isPending={connections.isPending}
          error={connections.error}
          onRetry={() => connections.refetch()}
          rows={2}
        >
          <Stack spacing={3} divider={<Divider flexItem />}>
            {(connections.data ?? []).map((connection) => (
              <ConnectionView
                key={connection.id}
                userId={userId}
                connection={connection}
                onChange={refresh}
              />
            ))}
            <OAuthConnectButtons userId={userId} />
            <ConnectForm
              userId={userId}
              onConnected={(connection) => {
                void refresh();
                setJustConnected(connection.id);
              }}
            />
            <FeedSection userId={userId} />
          </Stack>
        </QueryState>
      </SettingsCard>
    </Box>
  );
}

/**
 * A link to /setting#synchronisation-calendriers (the dashboard, the calendars page) lands on the card: the
 * browser's own jump happens before the page's cards have loaded, so the card scrolls itself into view once
 * its content is there.
 */
function useScrollToCardOnArrival(ready: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || hash !== '#synchronisation-calendriers') return;
    done.current = true;
    // The next frame: the cards above have laid out with their data.
    requestAnimationFrame(() => {
      const card = document.getElementById('synchronisation-calendriers');
      if (typeof card?.scrollIntoView === 'function') card.scrollIntoView({ block: 'start' });
    });
  }, [ready, hash]);
}

function ConnectionView({
  userId,
  connection,
  onChange,
}: {
  userId: string;
  connection: CalendarConnection;
  onChange: () => void;
}) {
  const { formError, attempt } = useFormError();
  const run = (work: () => Promise<unknown>) =>
    attempt(async () => {
      await work();
      onChange();
    });
  const status = STATUS[connection.status];
  const oauth = oauthSlugOf(connection.provider);
  const reconnect = useStartOAuth(userId);
  return (
    <Stack
      spacing={1.5}
      component="section"
      aria-label={`${PROVIDER_LABELS[connection.provider]} ${connection.accountLabel}`}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {PROVIDER_LABELS[connection.provider]} · {connection.accountLabel}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} variant="outlined" />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {connection.lastOkAt
          ? `Dernière synchronisation réussie : ${when(connection.lastOkAt)}`
          : 'Pas encore synchronisé'}
      </Typography>
      {connection.status !== 'active' && connection.lastError ? (
        <Alert severity={connection.status === 'needs_reauth' ? 'error' : 'warning'}>
          {connection.lastError}
        </Alert>
      ) : null}
      {connection.status === 'needs_reauth' && oauth ? (
        <Box>
          <Button
            variant="contained"
            loading={reconnect.pending === oauth}
            onClick={() => void reconnect.start(oauth)}
          >
            Reconnecter ce compte
          </Button>
        </Box>
      ) : null}
      {connection.status === 'needs_reauth' && connection.provider === 'exchange' ? (
        <ExchangeReconnect userId={userId} connection={connection} onReconnected={onChange} />
      ) : null}
      {formError || reconnect.formError ? (
        <Alert severity="error">{formError ?? reconnect.formError}</Alert>
      ) : null}
      {connection.calendars.length === 0 ? (
        <Typography variant="body2">Aucun calendrier dans ce compte.</Typography>
      ) : (
        connection.calendars.map((calendar) => (
          <CalendarChoices
            key={calendar.id}
            calendar={calendar}
            onChoose={(choices) =>
              run(() => calendarSyncApi.updateCalendar(userId, connection.id, calendar.id, choices))
            }
          />
        ))
      )}
      <FormControlLabel
        control={
          <Switch
            checked={connection.pauseBookingWhenBroken}
            onChange={(e) =>
              run(() => calendarSyncApi.setPauseBookingWhenBroken(userId, connection.id, e.target.checked))
            }
          />
        }
        label="Suspendre la prise de rendez-vous en ligne si ce compte ne répond plus"
        sx={{ mx: 0, gap: 1 }}
      />
      <Box>
        <Button
          color="error"
          variant="outlined"
          onClick={() => run(() => calendarSyncApi.disconnect(userId, connection.id))}
        >
          Déconnecter
        </Button>
      </Box>
    </Stack>
  );
}

function CalendarChoices({
  calendar,
  onChoose,
}: {
  calendar: ExternalCalendar;
  onChoose: (
    choices: Partial<Pick<ExternalCalendar, 'useForBusy' | 'isWriteTarget' | 'allDayBlocks'>>,
  ) => void;
}) {
  return (
    <Box
      role="group"
      aria-label={`Calendrier ${calendar.displayName}`}
      sx={{ pl: 2, borderLeft: 4, borderColor: calendar.color ?? 'divider' }}
    >
      <Typography>{calendar.displayName}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch
              checked={calendar.useForBusy}
              onChange={(e) => onChoose({ useForBusy: e.target.checked })}
            />
          }
          label="Ses événements bloquent mes créneaux"
        />
        <FormControlLabel
          control={
            <Switch
              checked={calendar.isWriteTarget}
              onChange={(e) => onChoose({ isWriteTarget: e.target.checked })}
            />
          }
          label="Y inscrire mes rendez-vous validés"
        />
        <FormControlLabel
          control={
            <Switch
              checked={calendar.allDayBlocks}
              disabled={!calendar.useForBusy}
              onChange={(e) => onChoose({ allDayBlocks: e.target.checked })}
            />
          }
          label="Les événements « journée entière » bloquent la journée"
        />
      </Stack>
    </Box>
  );
}

/** The password accounts: CalDAV (iCloud or another server) and Exchange on-premise (EWS). */
type ConnectFormValues = Omit<ConnectCalDavPayload, 'provider'> & {
  provider: ConnectCalDavPayload['provider'] | 'exchange';
};

function ConnectForm({
  userId,
  onConnected,
}: {
  userId: string;
  onConnected: (connection: CalendarConnection) => void;
}) {
  const office365Offered = useOAuthProviders(userId).data?.providers.includes('office365') ?? false;
  const [values, setValues] = useState<ConnectFormValues>({
    provider: 'apple',
    serverUrl: '',
    username: '',
    password: '',
  });
  const { formError, attempt } = useFormError();
  const connect = useMutation({
    mutationFn: (payload: ConnectFormValues) =>
      payload.provider === 'exchange'
        ? calendarSyncApi.connectExchange(userId, {
            serverUrl: payload.serverUrl ?? '',
            username: payload.username,
            password: payload.password,
          })
        : calendarSyncApi.connectCalDav(userId, { ...payload, provider: payload.provider }),
  });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const set = (field: keyof ConnectFormValues) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    if (values.provider === 'caldav' && !/^https?:\/\/\S+$/.test(values.serverUrl?.trim() ?? '')) {
      setFieldError('Indiquez l’adresse du serveur CalDAV (https://…)');
      return;
    }
    const exchangeError = values.provider === 'exchange' ? exchangeAddressError(values.serverUrl) : null;
    if (exchangeError) {
      setFieldError(exchangeError);
      return;
    }
    if (!values.username.trim() || !values.password) {
      setFieldError('L’identifiant et le mot de passe sont obligatoires');
      return;
    }
    void attempt(async () => {
      const connection = await connect.mutateAsync({
        provider: values.provider,
        ...(values.provider !== 'apple' ? { serverUrl: values.serverUrl?.trim() } : {}),
        username: values.username.trim(),
        password: values.password,
      });
      setValues((v) => ({ ...v, password: '' }));
      onConnected(connection);
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Connecter un calendrier">
      <Typography sx={{ fontWeight: 600, mb: 0.5 }}>Connecter un calendrier</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Apple iCloud, un autre serveur CalDAV ou le serveur Exchange du cabinet : avec l’identifiant et le mot
        de passe du compte.
      </Typography>
      <Box aria-live="polite">
        {fieldError || formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {fieldError ?? formError}
          </Alert>
        ) : null}
      </Box>
      <Stack spacing={2}>
        <TextField
          select
          label="Fournisseur"
          value={values.provider}
          onChange={(e) =>
            setValues((v) => ({ ...v, provider: e.target.value as ConnectFormValues['provider'] }))
          }
        >
          <MenuItem value="apple">Apple iCloud</MenuItem>
          <MenuItem value="caldav">Autre serveur CalDAV</MenuItem>
          <MenuItem value="exchange">Exchange (serveur du cabinet)</MenuItem>
        </TextField>
        {values.provider === 'exchange' ? <ExchangeOnlineNotice office365Offered={office365Offered} /> : null}
        {values.provider === 'exchange' ? (
          <TextField
            label="Adresse du serveur Exchange"
            type="url"
            value={values.serverUrl}
            onChange={set('serverUrl')}
            helperText="Par exemple https://mail.cabinet.fr/EWS/Exchange.asmx"
          />
        ) : null}
        {values.provider === 'caldav' ? (
          <TextField
            label="Adresse du serveur CalDAV"
            type="url"
            value={values.serverUrl}
            onChange={set('serverUrl')}
          />
        ) : null}
        <TextField
          label={values.provider === 'apple' ? 'Identifiant Apple' : 'Identifiant'}
          value={values.username}
          onChange={set('username')}
          autoComplete="off"
          helperText={
            values.provider === 'exchange' ? 'DOMAINE\\utilisateur ou votre adresse de connexion' : undefined
          }
        />
        <TextField
          label={values.provider === 'apple' ? 'Mot de passe pour application' : 'Mot de passe'}
          type="password"
          value={values.password}
          onChange={set('password')}
          autoComplete="new-password"
          helperText={
            values.provider === 'apple'
              ? 'Créez-le sur appleid.apple.com › Connexion et sécurité › Mots de passe pour application.'
              : undefined
          }
        />
        <Box>
          <Button type="submit" variant="contained" loading={connect.isPending}>
            Connecter
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The private ICS feed: an address any calendar app can subscribe to; a new one retires the old. */
function FeedSection({ userId }: { userId: string }) {
  const key = ['calendar-feed', userId];
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: key, queryFn: ({ signal }) => calendarSyncApi.feed(userId, signal) });
  const regenerate = useMutation({
    mutationFn: () => calendarSyncApi.regenerateFeed(userId),
    onSuccess: (next) => queryClient.setQueryData(key, next),
  });
  return (
    <Stack spacing={1.5} component="section" aria-label="Abonnement ICS">
      <Typography sx={{ fontWeight: 600 }}>Abonnement à vos rendez-vous (ICS)</Typography>
      <Typography variant="body2" color="text.secondary">
        Ajoutez cette adresse privée dans n’importe quel agenda (« s’abonner à un calendrier ») : vos
        rendez-vous y apparaissent. Ne la partagez pas.
      </Typography>
      {feed.error ? <Alert severity="error">{feed.error.message}</Alert> : null}
      {regenerate.error ? <Alert severity="error">{regenerate.error.message}</Alert> : null}
      <TextField
        label="Adresse de l’abonnement"
        value={feed.data?.url ?? ''}
        slotProps={{ input: { readOnly: true } }}
        fullWidth
      />
      <Box>
        <Button variant="outlined" loading={regenerate.isPending} onClick={() => regenerate.mutate()}>
          Générer une nouvelle adresse
        </Button>
      </Box>
    </Stack>
  );
}
