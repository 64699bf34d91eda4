import { useState } from 'react';
import {
  Button,
  DateField,
  EmailField,
  FunctionField,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import CancelIcon from '@mui/icons-material/Cancel';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MuiButton from '@mui/material/Button';
import MuiTextField from '@mui/material/TextField';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Link } from 'react-router-dom';
import { ADMIN_API_URL, httpClient } from '../dataProvider';
import { planText, StatusChip } from './SubscriptionList';
import type { SubscriptionRecord } from './records';
import { useBillingAction } from './useBillingAction';

const url = (id: string, action: string) =>
  `${ADMIN_API_URL}/billing/subscriptions/${encodeURIComponent(id)}/${action}`;

/** Lengthens the introductory phase (69 € HT) by 1 to 12 months: the Stripe schedule's first phase ends later. */
function ExtendTrialButton() {
  const record = useRecordContext<SubscriptionRecord>();
  const { busy, run } = useBillingAction();
  const [open, setOpen] = useState(false);
  const [months, setMonths] = useState('1');
  if (!record || !record.introEndsAt || record.status === 'canceled') return null;
  const value = Number(months);
  const valid = Number.isInteger(value) && value >= 1 && value <= 12;
  return (
    <>
      <Button label="Prolonger le tarif de lancement" onClick={() => setOpen(true)}>
        <EventRepeatIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="extend-title">
        <DialogTitle id="extend-title">Prolonger le tarif de lancement</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Le tarif de lancement se termine aujourd’hui le{' '}
            {new Date(record.introEndsAt).toLocaleDateString('fr-FR', { dateStyle: 'long' })}.
          </DialogContentText>
          <MuiTextField
            label="Nombre de mois"
            type="number"
            value={months}
            onChange={(event) => setMonths(event.target.value)}
            error={!valid}
            helperText={valid ? ' ' : 'Entre 1 et 12 mois'}
            slotProps={{ htmlInput: { min: 1, max: 12 } }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Annuler</MuiButton>
          <MuiButton
            variant="contained"
            disabled={busy || !valid}
            onClick={() =>
              void run(async () => {
                await httpClient(url(record.id, 'extend-trial'), {
                  method: 'POST',
                  body: JSON.stringify({ months: value }),
                });
                setOpen(false);
                return `Tarif de lancement prolongé de ${value} mois.`;
              })
            }
          >
            Prolonger
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Cancels at the end of the paid month (as the professional would) or at once. */
function CancelSubscriptionButton() {
  const record = useRecordContext<SubscriptionRecord>();
  const { busy, run } = useBillingAction();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<'period_end' | 'now'>('period_end');
  if (!record || record.status === 'canceled') return null;
  return (
    <>
      <Button label="Résilier" color="error" onClick={() => setOpen(true)}>
        <CancelIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="cancel-title">
        <DialogTitle id="cancel-title">Résilier l’abonnement de {record.professional}</DialogTitle>
        <DialogContent>
          <RadioGroup value={when} onChange={(event) => setWhen(event.target.value as typeof when)}>
            <FormControlLabel
              value="period_end"
              control={<Radio />}
              label="À la fin du mois payé (le professionnel peut encore la reprendre)"
              disabled={record.cancelAtPeriodEnd}
            />
            <FormControlLabel value="now" control={<Radio />} label="Immédiatement" />
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Annuler</MuiButton>
          <MuiButton
            color="error"
            variant="contained"
            disabled={busy || (when === 'period_end' && record.cancelAtPeriodEnd)}
            onClick={() =>
              void run(async () => {
                await httpClient(url(record.id, 'cancel'), {
                  method: 'POST',
                  body: JSON.stringify({ when }),
                });
                setOpen(false);
                return when === 'now' ? 'Abonnement résilié.' : 'Abonnement résilié à la fin du mois payé.';
              })
            }
          >
            Résilier
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <ExtendTrialButton />
      <CancelSubscriptionButton />
    </TopToolbar>
  );
}

function SubscriptionTitle() {
  const record = useRecordContext<SubscriptionRecord>();
  return <>{record ? `Abonnement de ${record.professional}` : 'Abonnement'}</>;
}

export function SubscriptionShow() {
  return (
    <Show actions={<Actions />} title={<SubscriptionTitle />}>
      <SimpleShowLayout>
        <FunctionField
          source="professional"
          render={(record: SubscriptionRecord) => (
            <Link to={`/users/${encodeURIComponent(record.userId)}/show`}>{record.professional}</Link>
          )}
        />
        <EmailField source="email" />
        <FunctionField
          source="status"
          render={(record: SubscriptionRecord) => <StatusChip record={record} />}
        />
        <FunctionField source="plan" render={planText} />
        <DateField source="introEndsAt" emptyText="—" locales="fr-FR" />
        <DateField source="nextDebitAt" emptyText="—" locales="fr-FR" />
        <FunctionField
          source="cancelAtPeriodEnd"
          render={(record: SubscriptionRecord) => (record.cancelAtPeriodEnd ? 'Oui' : 'Non')}
        />
        <TextField source="paymentMethod" emptyText="—" />
        <NumberField source="failedPayments" />
        <DateField source="pastDueSince" emptyText="—" locales="fr-FR" />
        <DateField source="suspendedAt" emptyText="—" locales="fr-FR" />
        <TextField source="id" />
      </SimpleShowLayout>
    </Show>
  );
}
