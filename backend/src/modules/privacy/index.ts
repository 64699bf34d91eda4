// Public surface of the privacy module (GDPR rights of attendees): other modules import from '../privacy' only.
export { AttendeePrivacyService } from './attendee-privacy.service';
export type { AttendeeDataExport } from './attendee-privacy.service';
export { PrivacyModule } from './privacy.module';
export { PrivacyWorkerModule } from './account-deleted.mail';
