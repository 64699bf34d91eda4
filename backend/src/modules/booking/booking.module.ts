import { Module } from '@nestjs/common';
import { AppointmentsModule } from '../appointments';
import { AuditModule } from '../audit';
import { AvailabilityModule } from '../availability';
import { CalendarSyncModule } from '../calendar-sync';
import { ChatWebhookAddressModule } from '../notifications';
import { VisioModule } from '../visio';
import { OutboxModule } from '../outbox';
import { FeeAgreementsModule } from '../fee-agreements';
import { PaymentsModule, PaymentsWorkerModule } from '../payments';
import { AdminMailTemplatesController, ChatSettingsController } from './booking-settings.controller';
import { BookingSettingsRepository } from './booking-settings.repository';
import { BookingSettingsService } from './booking-settings.service';
import {
  AttendeeBookingController,
  ProfessionalBookingController,
  PublicBookingController,
} from './booking.controller';
import { AdminAppointmentsController } from './admin-appointments.controller';
import { AdminAppointmentsService } from './admin-appointments.service';
import { BookingRepository } from './booking.repository';
import { AvailabilityRequestsService } from './availability-requests.service';
import { BookingRefusal } from './booking-refusal';
import { BookingWrites } from './booking-writes';
import { UnansweredPaidRequests } from './unanswered-requests';
import { ClientBookingService } from './client-booking.service';
import { ProfessionalBookingService } from './professional-booking.service';
import { ReminderScheduler } from './reminder.scheduler';
import { IdempotencyModule } from '../idempotency';

/** Booking API: create-event, the professional's and the attendee's appointment actions. Notifications go through the outbox. */
@Module({
  imports: [
    AppointmentsModule,
    AuditModule,
    IdempotencyModule,
    AvailabilityModule,
    OutboxModule,
    ChatWebhookAddressModule,
    CalendarSyncModule,
    AuditModule,
    PaymentsModule,
    VisioModule,
    FeeAgreementsModule,
  ],
  controllers: [
    AttendeeBookingController,
    ProfessionalBookingController,
    PublicBookingController,
    AdminMailTemplatesController,
    ChatSettingsController,
    AdminAppointmentsController,
  ],
  providers: [
    ClientBookingService,
    ProfessionalBookingService,
    AvailabilityRequestsService,
    BookingWrites,
    BookingRefusal,
    BookingRepository,
    BookingSettingsService,
    BookingSettingsRepository,
    AdminAppointmentsService,
  ],
})
export class BookingModule {}

/**
 * Worker side: booking's crons (reminder scan; paid requests left unanswered, refused through the refusal path).
 * Import only in WorkerModule.
 */
@Module({
  imports: [OutboxModule, AppointmentsModule, PaymentsWorkerModule],
  providers: [ReminderScheduler, BookingRepository, BookingWrites, BookingRefusal, UnansweredPaidRequests],
  exports: [ReminderScheduler],
})
export class BookingWorkerModule {}
