// Public surface of the appointments module: other modules import from '../appointments' only (eslint enforces it).
// The one read model of an appointment, used by booking, notifications and calendar sync.
export type { AppointmentMode, AppointmentRecord, AppointmentStatus } from './appointment-records.repository';
export { AppointmentRecords } from './appointment-records.service';
export { insertedRecordSql, recordSql, toRecord } from './appointment-records.repository';
export { AppointmentsModule } from './appointments.module';
export { lockAgenda } from './agenda-lock.repository';
