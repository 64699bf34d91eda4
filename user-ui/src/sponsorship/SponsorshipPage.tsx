import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { bankDetailsProblems, type BankDetails } from '@rdv/sectors';
import { sponsorshipApi, type Referral, type Sponsorship } from '../api/sponsorship';
import { useUserId } from '../auth/useUserId';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FormDialog } from '../components/FormDialog';
import { FormTextField } from '../components/FormTextField';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { useDialogFormError, useFormError } from '../components/useFormError';
import { sector } from '../sector';
import { SettingsCard } from '../settings/SettingsCard';

const STATE_LABELS: Record<Referral['state'], { label: string; color: 'default' | 'info' | 'success' }> = {
  invited: { label: 'Invité', color: 'default' },
  signed_up: { label: 'Inscrit', color: 'info' },
  subscribed: { label: 'Abonné', color: 'success' },
};
/** On a phone the table keeps who and where they stand; the dates come back on wider screens. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium' });
const dateOf = (value: string | null) => (value ? day.format(new Date(value)) : '—');

/** `/user/parrainage` (docs/product.md §1, §9): the referral link, invitations and their state, where rewards are paid. */
export function SponsorshipPage() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const key = ['sponsorship', userId];
  const sponsorship = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => sponsorshipApi.get(userId, signal),
    enabled: Boolean(userId),
  });
  const remember = (next: Sponsorship) => queryClient.setQueryData(key, next);
  return (
    <>
      <PageHeader
        title="Parrainage"
        description={`Invitez vos confrères : chaque ${sector.words.singular} qui s’abonne grâce à vous vous rapporte une récompense.`}
      />
      <QueryState
        isPending={sponsorship.isPending}
        error={sponsorship.error}
        onRetry={() => sponsorship.refetch()}
        rows={4}
      >
        {sponsorship.data ? (
          <Stack spacing={3}>
            <LinkCard sponsorship={sponsorship.data} />
            <InviteCard userId={userId} onChange={remember} />
            <ReferralsCard referrals={sponsorship.data.referrals} />
            <BankDetailsCard userId={userId} sponsorship={sponsorship.data} onChange={remember} />
          </Stack>
        ) : null}
      </QueryState>
    </>
  );
}

function LinkCard({ sponsorship }: { sponsorship: Sponsorship }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sponsorship.link);
      setCopied('Lien copié');
    } catch {
      setCopied('Copie impossible : sélectionnez le lien pour le copier.');
    }
  };
  return (
    <SettingsCard id="lien" title="Votre lien de parrainage" text={sponsorship.reward_rule}>
      <Stack spacing={2}>
        <Typography>
          Votre code : <strong aria-label="Code de parrainage">{sponsorship.code}</strong>
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label="Lien de parrainage"
            value={sponsorship.link}
            slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
            onFocus={(event) => event.target.select()}
            fullWidth
          />
          <Button variant="outlined" onClick={() => void copy()} sx={{ flexShrink: 0 }}>
            Copier le lien
          </Button>
        </Stack>
        <div aria-live="polite">
          {copied ? <Typography color="text.secondary">{copied}</Typography> : null}
        </div>
      </Stack>
    </SettingsCard>
  );
}

function InviteCard({ userId, onChange }: { userId: string; onChange: (next: Sponsorship) => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { formError, attempt } = useFormError();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSent(null);
    const address = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      await attempt(() => Promise.reject(new Error('Veuillez renseigner un email valide')));
      return;
    }
    setSending(true);
    await attempt(async () => {
      onChange(await sponsorshipApi.invite(userId, address));
      setSent(`Invitation envoyée à ${address}`);
      setEmail('');
    });
    setSending(false);
  };
  return (
    <SettingsCard
      id="inviter"
      title="Inviter un confrère"
      text="Il reçoit votre lien par email ; son inscription vous est comptée dès qu’il l’utilise."
    >
      <Stack
        component="form"
        noValidate
        aria-label="Inviter un confrère"
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Email du confrère"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(formError)}
          helperText={formError ?? sent ?? ' '}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          loading={sending}
          disabled={!email.trim()}
          sx={{ mt: { sm: 1 }, flexShrink: 0 }}
        >
          Envoyer l’invitation
        </Button>
      </Stack>
    </SettingsCard>
  );
}

function ReferralsCard({ referrals }: { referrals: Referral[] }) {
  return (
    <SettingsCard
      id="filleuls"
      title="Vos parrainages"
      text="Invité : l’email est parti. Inscrit : son compte est créé. Abonné : votre récompense est acquise."
    >
      {referrals.length === 0 ? (
        <Typography color="text.secondary">Vous n’avez encore parrainé personne.</Typography>
      ) : (
        <Table size="small" aria-label="Vos parrainages">
          <TableHead>
            <TableRow>
              <TableCell>Confrère</TableCell>
              <TableCell>État</TableCell>
              <TableCell sx={WIDE_ONLY}>Invité le</TableCell>
              <TableCell sx={WIDE_ONLY}>Abonné le</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {referrals.map((referral) => (
              <TableRow key={referral.email}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {referral.name ? (
                    <>
                      {referral.name}
                      <Typography variant="body2" color="text.secondary">
                        {referral.email}
                      </Typography>
                    </>
                  ) : (
                    referral.email
                  )}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATE_LABELS[referral.state].color}
                    label={STATE_LABELS[referral.state].label}
                  />
                </TableCell>
                <TableCell sx={WIDE_ONLY}>
                  {referral.invited_at ? dateOf(referral.invited_at) : 'Par votre lien'}
                </TableCell>
                <TableCell sx={WIDE_ONLY}>{dateOf(referral.subscribed_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SettingsCard>
  );
}

function BankDetailsCard({
  userId,
  sponsorship,
  onChange,
}: {
  userId: string;
  sponsorship: Sponsorship;
  onChange: (next: Sponsorship) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const bank = sponsorship.bank_details;
  return (
    <SettingsCard
      id="iban"
      title="Recevoir vos récompenses"
      text="Le compte sur lequel nous versons vos récompenses. Votre IBAN est chiffré et n’est plus jamais affiché en entier."
    >
      <Stack spacing={2}>
        <div aria-live="polite">{notice ? <Alert severity="success">{notice}</Alert> : null}</div>
        {bank ? (
          <Typography>
            IBAN : <strong>{bank.masked_iban}</strong>{' '}
            <Typography component="span" color="text.secondary" variant="body2">
              (enregistré le {dateOf(bank.updated_at)})
            </Typography>
          </Typography>
        ) : (
          <Typography color="text.secondary">Aucun compte enregistré.</Typography>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => setEditing(true)}>
            {bank ? 'Changer de compte' : 'Renseigner mon IBAN'}
          </Button>
          {bank ? (
            <Button color="error" onClick={() => setRemoving(true)}>
              Supprimer
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <IbanDialog
        open={editing}
        onClose={() => setEditing(false)}
        onSave={async (details) => {
          onChange(await sponsorshipApi.saveBankDetails(userId, details));
          setEditing(false);
          setNotice('Vos coordonnées bancaires sont enregistrées.');
        }}
      />
      <ConfirmDialog
        open={removing}
        title="Supprimer le compte"
        text="Nous ne pourrons plus vous verser de récompense tant que vous n’aurez pas renseigné un autre IBAN."
        confirmLabel="Supprimer"
        destructive
        onClose={() => setRemoving(false)}
        onConfirm={async () => {
          onChange(await sponsorshipApi.removeBankDetails(userId));
          setRemoving(false);
          setNotice('Vos coordonnées bancaires sont supprimées.');
        }}
      />
    </SettingsCard>
  );
}

/** The IBAN dialog: checked here with ibantools (same rules and French messages as the API), then sent. */
function IbanDialog({
  open,
  onClose,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  onSave: (details: BankDetails) => Promise<void>;
}) {
  const { control, handleSubmit, reset, formState, setError } = useForm<BankDetails>({
    defaultValues: { iban: '', bic: '', holder: '' },
  });
  const { formError, attempt } = useDialogFormError(open, reset);
  const submit = handleSubmit((values) => {
    const problems = bankDetailsProblems(values);
    const fields = Object.keys(problems) as (keyof BankDetails)[];
    if (fields.length > 0) {
      fields.forEach((field, index) =>
        setError(field, { message: problems[field] }, { shouldFocus: index === 0 }),
      );
      return;
    }
    return attempt(() => onSave(values));
  });
  return (
    <FormDialog
      open={open}
      title="Coordonnées bancaires"
      intro={`Le compte doit être à votre nom ou à celui de votre ${sector.words.office}.`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Enregistrer"
      submitting={formState.isSubmitting}
      formError={formError}
    >
      <FormTextField
        control={control}
        name="iban"
        label="IBAN"
        autoComplete="off"
        placeholder="FR76 3000 6000 0112 3456 7890 189"
        helperText="Avec ou sans espaces"
      />
      <FormTextField control={control} name="bic" label="BIC" autoComplete="off" placeholder="BNPAFRPPXXX" />
      <FormTextField control={control} name="holder" label="Titulaire du compte" autoComplete="name" />
    </FormDialog>
  );
}
