// Public surface of the booking module: other modules import from '../booking' only (eslint enforces it).
// Appointments: booking, validation, cancellation, moves.
export { AdminAppointmentDto } from './admin-appointments.dto';
export { BookingModule, BookingWorkerModule } from './booking.module';
