import { useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { officesApi, type MyOffice, type Office, type OfficePayload } from '../api/offices';
import { useSession } from '../auth/session';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { useFormError } from '../components/useFormError';
import { ImageUploadField } from '../profile/PhotoField';
import { formatOfficeIdentifier, officeIdentifierOf } from '@rdv/sectors';
import { sector } from '../sector';
import { SettingsCard } from '../settings/SettingsCard';
import { TeamMessagingCard } from '../settings/TeamMessagingCard';
import { OfficeMembersCard } from './OfficeMembersCard';
import { EMPTY_OFFICE, OfficeForm, officeFormValues } from './OfficeForm';

export const officeQueryKey = (userId: string) => ['office', userId] as const;

const OFFICE = sector.words.office;
const IDENTIFIER = officeIdentifierOf(sector);
const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });

/**
 * "Mon cabinet" (/user/mon-etude): create an office or ask to join one by its registration number; once in
 * one, its details, photo and members, managed by the member who manages it (docs/product.md §1, §2).
 */
export function OfficePage() {
  const session = useSession();
  const userId = session.data?._id ?? '';
  const office = useQuery({
    queryKey: officeQueryKey(userId),
    queryFn: ({ signal }) => officesApi.get(userId, signal),
    enabled: Boolean(userId),
  });
  const queryClient = useQueryClient();
  const remember = (next: MyOffice) => queryClient.setQueryData(officeQueryKey(userId), next);

  return (
    <>
      <PageHeader
        title={`Mon ${OFFICE}`}
        description={`La présentation et les coordonnées de votre ${OFFICE}, et les confrères qui y exercent.`}
      />
      <QueryState isPending={office.isPending} error={office.error} onRetry={() => office.refetch()} rows={4}>
        {office.data?.office ? (
          <OfficeView userId={userId} office={office.data.office} onChange={remember} />
        ) : office.data?.pending_request ? (
          <PendingRequestCard userId={userId} request={office.data.pending_request} onChange={remember} />
        ) : office.data ? (
          <Stack spacing={3}>
            <JoinOfficeCard userId={userId} onChange={remember} />
            <CreateOfficeCard userId={userId} onChange={remember} />
          </Stack>
        ) : null}
      </QueryState>
    </>
  );
}

function CreateOfficeCard({ userId, onChange }: { userId: string; onChange: (next: MyOffice) => void }) {
  // One key per payload: a double submit (or a retry after a lost answer) creates one office, and a
  // corrected form (another number after a refusal) is a new request with a new key.
  const lastAttempt = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (payload: OfficePayload) => {
    const body = JSON.stringify(payload);
    if (lastAttempt.current?.body !== body) lastAttempt.current = { body, key: crypto.randomUUID() };
    return lastAttempt.current.key;
  };
  return (
    <SettingsCard
      id="creer"
      title={`Créer mon ${OFFICE}`}
      text={`Vous en devenez le gestionnaire : vous acceptez les confrères qui demandent à le rejoindre.`}
    >
      <OfficeForm
        label={`Créer mon ${OFFICE}`}
        initial={EMPTY_OFFICE}
        alwaysSubmittable
        onSubmit={async (payload) => onChange(await officesApi.create(userId, payload, keyFor(payload)))}
      />
    </SettingsCard>
  );
}

function JoinOfficeCard({ userId, onChange }: { userId: string; onChange: (next: MyOffice) => void }) {
  const [officeNumber, setOfficeNumber] = useState('');
  const { formError, attempt } = useFormError();
  const [sending, setSending] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    await attempt(async () => onChange(await officesApi.requestToJoin(userId, officeNumber.trim())));
    setSending(false);
  };
  return (
    <SettingsCard
      id="rejoindre"
      title={`Rejoindre un ${OFFICE}`}
      text={`Votre ${OFFICE} existe déjà : saisissez son ${IDENTIFIER.name}, son gestionnaire reçoit votre demande par email.`}
    >
      <Stack
        component="form"
        noValidate
        aria-label={`Rejoindre un ${OFFICE}`}
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label={IDENTIFIER.label}
          value={officeNumber}
          onChange={(event) => setOfficeNumber(event.target.value)}
          required
          error={Boolean(formError)}
          helperText={formError ?? ' '}
        />
        <Button
          type="submit"
          variant="contained"
          loading={sending}
          disabled={!officeNumber.trim()}
          sx={{ mt: { sm: 1 } }}
        >
          Envoyer ma demande
        </Button>
      </Stack>
    </SettingsCard>
  );
}

function PendingRequestCard({
  userId,
  request,
  onChange,
}: {
  userId: string;
  request: NonNullable<MyOffice['pending_request']>;
  onChange: (next: MyOffice) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <SettingsCard
      id="demande"
      title="Demande envoyée"
      text={`Le gestionnaire du ${OFFICE} reçoit votre demande par email ; vous en recevrez un aussi dès sa réponse.`}
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        Vous avez demandé à rejoindre <strong>{request.name}</strong> ({IDENTIFIER.name}{' '}
        {formatOfficeIdentifier(sector, request.ext_id)}) le{' '}
        {dateFormat.format(new Date(request.requested_at))}.
      </Alert>
      <Button color="error" onClick={() => setConfirming(true)}>
        Retirer ma demande
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Retirer ma demande"
        text={`Votre demande pour rejoindre ${request.name} sera retirée.`}
        confirmLabel="Retirer"
        destructive
        onClose={() => setConfirming(false)}
        onConfirm={async () => onChange(await officesApi.cancelJoinRequest(userId))}
      />
    </SettingsCard>
  );
}

function OfficeView({
  userId,
  office,
  onChange,
}: {
  userId: string;
  office: Office;
  onChange: (next: MyOffice) => void;
}) {
  const initial = useMemo(() => officeFormValues(office), [office]);
  const publicPage = `/${sector.routes.office}/${office.teamUri}`;
  return (
    <Stack spacing={3}>
      <SettingsCard
        id="presentation"
        title={office.name}
        text={
          office.can_manage
            ? `Vous gérez ce ${OFFICE} : ce que vous enregistrez ici paraît sur sa page publique.`
            : `Le gestionnaire du ${OFFICE} tient ces informations à jour.`
        }
      >
        {office.can_manage ? (
          <Stack spacing={3}>
            <ImageUploadField
              picture={office.picture}
              name={office.name}
              upload={(file, onProgress) => officesApi.setPicture(userId, file, onProgress)}
              remove={() => officesApi.removePicture(userId)}
              onChange={onChange}
              messages={{
                uploaded: `La photo du ${OFFICE} est enregistrée.`,
                removed: `La photo du ${OFFICE} est supprimée.`,
              }}
            />
            <OfficeForm
              label={`Mon ${OFFICE}`}
              initial={initial}
              success="Modifications enregistrées"
              onSubmit={async (payload) => onChange(await officesApi.update(userId, payload))}
            />
          </Stack>
        ) : (
          <OfficeSummary office={office} />
        )}
        <Typography sx={{ mt: 2 }}>
          <Link href={publicPage} target="_blank" rel="noopener">
            Voir la page publique du {OFFICE}
          </Link>
        </Typography>
      </SettingsCard>
      <OfficeMembersCard userId={userId} office={office} onChange={onChange} />
      {office.can_manage ? <TeamMessagingCard userId={userId} /> : null}
    </Stack>
  );
}

function OfficeSummary({ office }: { office: Office }) {
  const address = [office.street, [office.postal_code, office.city?.name].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack spacing={1}>
      <Typography>
        {IDENTIFIER.name} : {formatOfficeIdentifier(sector, office.ext_id)}
      </Typography>
      {address ? <Typography>{address}</Typography> : null}
      {office.phone ? <Typography>Téléphone : {office.phone}</Typography> : null}
      {office.email ? <Typography>Email : {office.email}</Typography> : null}
      {office.presentation ? (
        <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          {office.presentation}
        </Typography>
      ) : null}
    </Stack>
  );
}
