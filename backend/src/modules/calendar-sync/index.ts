// Public surface of the calendar-sync module: other modules import from '../calendar-sync' only (eslint enforces it).
// External calendars: busy times in, appointments out.
export { WRITE_BACK_EVENTS, WRITE_BACK_JOB } from './calendar-sync.jobs';
export { CalendarSyncModule } from './calendar-sync.module';
export { LiveBusyCheck } from './live-busy-check.service';
