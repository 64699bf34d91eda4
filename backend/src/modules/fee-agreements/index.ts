// Public surface of the fee-agreements module: other modules import from '../fee-agreements' only.
// The lawyer's fee agreement (convention d'honoraires): terms per paid motive, acceptance and its evidence.
export { FeeAgreementsModule, FeeAgreementsWorkerModule } from './fee-agreements.module';
export { FeeAgreementsService } from './fee-agreements.service';
export { seedDemoFeeAgreement } from './demo-fee-agreement.seed';
export { latestVersionSql, motiveAgreementOf, type MotiveAgreement } from './fee-agreements.repository';
