export { SlotAlertsModule } from './slot-alerts.module';
export { SlotAlertsWorkerModule } from './slot-alerts.worker';
