import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import { PaymentAccountList } from './PaymentAccountList';

/** Professionals' connected accounts (Stripe Connect): onboarding state, charges and payouts enabled. */
export default {
  list: PaymentAccountList,
  icon: AccountBalanceIcon,
  options: { label: 'Comptes de paiement' },
};
