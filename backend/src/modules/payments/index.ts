// Public surface of the payments module: other modules import from '../payments' only (eslint enforces it).
// Paid motives: the slot held while the client pays, capture at validation, refunds, "Mes paiements".
export { PaymentsModule, PaymentsWorkerModule } from './payments.module';
export { PaymentsService } from './payments.service';
export { PaymentChanges } from './payment-changes';
export type { MotiveTerms } from './payments.repository';
