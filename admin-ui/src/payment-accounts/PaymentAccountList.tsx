import { BooleanField, DateField, Datagrid, EmailField, List, TextField } from 'react-admin';

/**
 * Each professional's connected account (Stripe Connect) as the provider last reported it: can it take the
 * clients' payments, are payouts enabled. Refunds are made from the appointment's payment (audited).
 */
export function PaymentAccountList() {
  return (
    <List title="Comptes de paiement" sort={{ field: 'name', order: 'ASC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" label="Professionnel" />
        <EmailField source="email" label="Email" sortable={false} />
        <TextField source="stripeAccountId" label="Compte Stripe" sortable={false} />
        <BooleanField source="chargesEnabled" label="Encaissement" sortable={false} />
        <BooleanField source="payoutsEnabled" label="Virements" sortable={false} />
        <DateField source="updatedAt" label="Mis à jour" showTime sortable={false} />
      </Datagrid>
    </List>
  );
}
