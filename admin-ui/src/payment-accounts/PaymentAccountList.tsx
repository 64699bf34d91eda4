import { BooleanField, DateField, Datagrid, EmailField, List, type RaRecord, TextField } from 'react-admin';
import { ResponsiveList } from '../layout/ResponsiveList';

interface PaymentAccountRecord extends RaRecord {
  name: string;
  email: string;
  stripeAccountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

const state = (record: PaymentAccountRecord) =>
  `${record.chargesEnabled ? 'Encaissement actif' : 'Encaissement inactif'} · ${
    record.payoutsEnabled ? 'virements actifs' : 'virements inactifs'
  }`;

/**
 * Each professional's connected account (Stripe Connect) as the provider last reported it: can it take the
 * clients' payments, are payouts enabled. Refunds are made from the appointment's payment (audited). A one-line
 * list on a phone, as every console list.
 */
export function PaymentAccountList() {
  return (
    <List title="Comptes de paiement" sort={{ field: 'name', order: 'ASC' }} exporter={false}>
      <ResponsiveList<PaymentAccountRecord>
        primaryText={(record) => record.name}
        secondaryText={state}
        tertiaryText={(record) => record.stripeAccountId}
        linkType={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" label="Professionnel" />
          <EmailField source="email" label="Email" sortable={false} />
          <TextField source="stripeAccountId" label="Compte Stripe" sortable={false} />
          <BooleanField source="chargesEnabled" label="Encaissement" sortable={false} />
          <BooleanField source="payoutsEnabled" label="Virements" sortable={false} />
          <DateField source="updatedAt" label="Mis à jour" showTime sortable={false} />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
