import { useState } from 'react';
import { useSearchParams } from 'react-router';
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
import Typography from '@mui/material/Typography';
import { billingApi, type Billing, type BillingInvoice } from '../api/billing';
import { useUserId } from '../auth/useUserId';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { useFormError } from '../components/useFormError';
import { SettingsCard } from '../settings/SettingsCard';
import { FirmCard } from './FirmCard';

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });
const dateOf = (value: string | null | undefined) => (value ? day.format(new Date(value)) : '—');

const STATUS: Record<string, { label: string; color: 'default' | 'success' | 'warning' | 'error' }> = {
  active: { label: 'Actif', color: 'success' },
  trialing: { label: 'Actif', color: 'success' },
  past_due: { label: 'Paiement en retard', color: 'warning' },
  unpaid: { label: 'Impayé', color: 'error' },
  incomplete: { label: 'Paiement en attente', color: 'warning' },
  canceled: { label: 'Résilié', color: 'default' },
};

/** `/user/abonnement` ("Mon abonnement"): plan, phase, next debit, payment method, invoices and the actions. */
export function BillingPage() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const key = ['billing', userId];
  const billing = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => billingApi.get(userId, signal),
    enabled: Boolean(userId),
    // Back from Checkout, the webhook may land a moment after the browser: look again for a little while.
    refetchInterval: (query) =>
      params.get('checkout') === 'success' && !query.state.data?.invoices.length ? 1_000 : false,
  });
  const remember = (next: Billing) => queryClient.setQueryData(key, next);
  return (
    <>
      <PageHeader title="Mon abonnement" description="Votre formule, vos prélèvements et vos factures." />
      {params.get('checkout') === 'success' ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          Merci ! Votre abonnement est enregistré ; votre première facture apparaît ci-dessous dès le paiement
          reçu.
        </Alert>
      ) : null}
      <QueryState
        isPending={billing.isPending}
        error={billing.error}
        onRetry={() => billing.refetch()}
        rows={4}
      >
        {billing.data ? (
          <Stack spacing={3}>
            <SubscriptionCard userId={userId} billing={billing.data} onChange={remember} />
            <FirmCard
              billing={billing.data}
              onSave={async (profile) => {
                const next = await billingApi.saveProfile(userId, profile);
                remember(next);
                return next;
              }}
            />
            <InvoicesCard userId={userId} invoices={billing.data.invoices} />
          </Stack>
        ) : null}
      </QueryState>
    </>
  );
}

function SubscriptionCard({
  userId,
  billing,
  onChange,
}: {
  userId: string;
  billing: Billing;
  onChange: (next: Billing) => void;
}) {
  const { formError, attempt } = useFormError();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const { plan, subscription } = billing;
  const goTo = async (load: () => Promise<{ url: string }>) => {
    const { url } = await load();
    window.location.assign(url);
  };
  const live = subscription && subscription.status !== 'canceled';
  return (
    <SettingsCard
      id="formule"
      title={plan.name}
      text={`${euros(plan.introPriceHt)} HT par mois pendant ${plan.introMonths} mois, puis ${euros(plan.standardPriceHt)} HT par mois (TVA ${plan.vatRate} %), sans engagement. Prélèvement SEPA ou carte bancaire.`}
    >
      <Stack spacing={2}>
        {billing.suspended ? (
          <Alert severity="error">
            Votre profil est suspendu pour impayé : il n’apparaît plus dans l’annuaire. Réglez votre
            abonnement pour le rétablir.
          </Alert>
        ) : null}
        {subscription?.pastDueSince && !billing.suspended ? (
          <Alert severity="warning">
            Le dernier prélèvement a échoué. Vérifiez votre moyen de paiement : une nouvelle tentative aura
            lieu automatiquement.
          </Alert>
        ) : null}
        {live ? (
          <dl style={{ margin: 0 }}>
            <Row label="État">
              <Chip
                size="small"
                {...(STATUS[subscription.status] ?? { label: subscription.status, color: 'default' })}
              />
            </Row>
            <Row label="Tarif actuel">
              {euros(subscription.priceHt)} HT / mois{subscription.intro ? ' (tarif de lancement)' : ''}
            </Row>
            {subscription.intro && subscription.introEndsAt ? (
              <Row label="Fin du tarif de lancement">{dateOf(subscription.introEndsAt)}</Row>
            ) : null}
            <Row label="Prochain prélèvement">
              {subscription.nextDebitAt && subscription.nextDebitTtc !== null
                ? `${dateOf(subscription.nextDebitAt)} — ${euros(subscription.nextDebitTtc)} TTC`
                : `Aucun : l’abonnement prend fin le ${dateOf(subscription.currentPeriodEnd)}`}
            </Row>
            <Row label="Moyen de paiement">{subscription.paymentMethod ?? '—'}</Row>
          </dl>
        ) : (
          <Typography>Vous n’avez pas d’abonnement en cours.</Typography>
        )}
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {!live ? (
            <Button
              variant="contained"
              disabled={!billing.enabled}
              onClick={() => void attempt(() => goTo(() => billingApi.checkout(userId)))}
            >
              S’abonner
            </Button>
          ) : (
            <>
              <Button
                variant="outlined"
                onClick={() => void attempt(() => goTo(() => billingApi.paymentMethod(userId)))}
              >
                Changer de moyen de paiement
              </Button>
              {subscription.cancelAtPeriodEnd ? (
                <Button
                  variant="contained"
                  onClick={() => void attempt(async () => onChange(await billingApi.resume(userId)))}
                >
                  Reprendre l’abonnement
                </Button>
              ) : (
                <Button color="error" variant="outlined" onClick={() => setConfirmCancel(true)}>
                  Résilier
                </Button>
              )}
            </>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmCancel}
        title="Résilier l’abonnement ?"
        text={`La résiliation prend effet à la fin du mois payé, le ${dateOf(subscription?.currentPeriodEnd)}. Vous pouvez la reprendre d’ici là.`}
        confirmLabel="Résilier"
        destructive
        onClose={() => setConfirmCancel(false)}
        onConfirm={async () => {
          onChange(await billingApi.cancel(userId));
          setConfirmCancel(false);
        }}
      />
    </SettingsCard>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.5 }}>
      <Typography component="dt" color="text.secondary" sx={{ minWidth: 200 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Stack>
  );
}

function InvoicesCard({ userId, invoices }: { userId: string; invoices: BillingInvoice[] }) {
  const { formError, attempt } = useFormError();
  return (
    <SettingsCard id="factures" title="Factures" text="Vos factures et avoirs, au format PDF Factur-X.">
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      {invoices.length === 0 ? (
        <Typography color="text.secondary">Aucune facture pour l’instant.</Typography>
      ) : (
        <Table size="small" aria-label="Factures">
          <TableHead>
            <TableRow>
              <TableCell>Numéro</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Période</TableCell>
              <TableCell align="right">Montant TTC</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {invoices.map((invoice) => (
              <TableRow key={invoice.id}>
                <TableCell>
                  {invoice.kind === 'credit_note' ? 'Avoir ' : ''}
                  {invoice.number}
                </TableCell>
                <TableCell>{dateOf(invoice.issuedOn)}</TableCell>
                <TableCell>
                  {invoice.periodStart
                    ? `${dateOf(invoice.periodStart)} – ${dateOf(invoice.periodEnd)}`
                    : '—'}
                </TableCell>
                <TableCell align="right">
                  {euros(invoice.kind === 'credit_note' ? -invoice.totalTtc : invoice.totalTtc)}
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    onClick={() => void attempt(() => billingApi.downloadPdf(userId, invoice))}
                  >
                    Télécharger le PDF
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SettingsCard>
  );
}
