import { DataTable, DateField, List, NumberField, SearchInput, SelectInput } from 'react-admin';
import Chip from '@mui/material/Chip';
import { ResponsiveList } from '../layout/ResponsiveList';
import { PLAN_LABEL, SUBSCRIPTION_STATUS, euros } from './format';
import type { SubscriptionRecord } from './records';
import { frenchCsvExporter } from '../layout/frenchCsvExporter';

const exporter = frenchCsvExporter('billing/subscriptions', 'abonnements', [
  'id',
  'professional',
  'email',
  'status',
  'plan',
  'introEndsAt',
  'nextDebitAt',
  'failedPayments',
  'suspendedAt',
]);

export function StatusChip({ record }: { record: SubscriptionRecord }) {
  const status = SUBSCRIPTION_STATUS[record.status] ?? { label: record.status, color: 'default' as const };
  return <Chip size="small" label={status.label} color={status.color} />;
}

export const planText = (record: SubscriptionRecord) =>
  `${PLAN_LABEL[record.plan] ?? record.plan} — ${euros(record.priceHt)} HT / mois`;

/** Stripe's states an operator filters on, once each (the list shows "trialing" as active too). */
const STATUS_CHOICES = Object.entries(SUBSCRIPTION_STATUS)
  .filter(([id]) => id !== 'trialing')
  .map(([id, { label }]) => ({ id, name: label }));

const filters = [
  <SearchInput key="q" source="q" placeholder="Nom ou email" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

/**
 * The professionals' subscriptions, newest first, a page at a time (the API pages, filters and sorts them): state,
 * plan, next debit, failed payments, suspension.
 */
export function SubscriptionList() {
  return (
    <List exporter={exporter} filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <ResponsiveList<SubscriptionRecord>
        primaryText={(record) => record.professional}
        secondaryText={planText}
        tertiaryText={(record) => SUBSCRIPTION_STATUS[record.status]?.label ?? record.status}
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="professional" disableSort />
          <DataTable.Col
            source="status"
            render={(record: SubscriptionRecord) => <StatusChip record={record} />}
          />
          <DataTable.Col source="plan" disableSort render={planText} />
          <DataTable.Col
            // The next debit is the end of the paid period: the API sorts on that.
            source="currentPeriodEnd"
            label="resources.billing/subscriptions.fields.nextDebitAt"
            render={(record: SubscriptionRecord) =>
              record.nextDebitAt ? (
                <DateField source="nextDebitAt" record={record} locales="fr-FR" />
              ) : record.cancelAtPeriodEnd ? (
                'Résiliation en fin de mois'
              ) : (
                '—'
              )
            }
          />
          <DataTable.Col source="failedPayments" field={NumberField} />
          <DataTable.Col
            source="suspendedAt"
            disableSort
            render={(record: SubscriptionRecord) =>
              record.suspendedAt ? <DateField source="suspendedAt" record={record} locales="fr-FR" /> : '—'
            }
          />
        </DataTable>
      </ResponsiveList>
    </List>
  );
}
