import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import { InvoiceList } from './InvoiceList';
import { SubscriptionList } from './SubscriptionList';
import { SubscriptionShow } from './SubscriptionShow';

/** Subscriptions (state, plan, next debit, failed payments) and their operator actions. */
export const subscriptions = { list: SubscriptionList, show: SubscriptionShow, icon: CardMembershipIcon };
/** Invoices and credit notes (PDF, refund with a credit note). */
export const invoices = { list: InvoiceList, icon: ReceiptLongIcon };
