import { DataTable, DateField, List, NumberField } from 'react-admin';
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

/**
 * The professionals' subscriptions, newest first (the API answers them all, in that order: no paging, no
 * sorting here): state, plan, next debit, failed payments, suspension.
 */
export function SubscriptionList() {
  return (
    <List exporter={exporter} pagination={false} perPage={1000}>
      <ResponsiveList<SubscriptionRecord>
        primaryText={(record) => record.professional}
        secondaryText={planText}
        tertiaryText={(record) => SUBSCRIPTION_STATUS[record.status]?.label ?? record.status}
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="professional" disableSort />
          <DataTable.Col
            source="status"
            disableSort
            render={(record: SubscriptionRecord) => <StatusChip record={record} />}
          />
          <DataTable.Col source="plan" disableSort render={planText} />
          <DataTable.Col
            source="nextDebitAt"
            disableSort
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
          <DataTable.Col source="failedPayments" disableSort field={NumberField} />
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
