// Public surface of the booking module: other modules import from '../booking' only (eslint enforces it).
// Appointments: booking, validation, cancellation, moves.
export { BookingModule, BookingWorkerModule } from './booking.module';
export { UnansweredPaidRequests, UNANSWERED_REASON } from './unanswered-requests';
