import { Module } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { AvailabilityModule } from '../availability/availability.module';
import { CalendarSyncModule } from '../calendar-sync/calendar-sync.module';
import { ChatWebhookAddressModule } from '../notifications/chat-webhook-address';
import { VisioLinks, visioLinksFromEnv } from '../notifications/visio-links';
import { OutboxModule } from '../outbox/outbox.module';
import { AdminMailTemplatesController, ChatSettingsController } from './booking-settings.controller';
import { BookingSettingsRepository } from './booking-settings.repository';
import { BookingSettingsService } from './booking-settings.service';
import {
  AttendeeBookingController,
  ProfessionalBookingController,
  PublicBookingController,
} from './booking.controller';
import { BookingRepository } from './booking.repository';
import { BookingService } from './booking.service';

/** Booking API: create-event, the professional's and the attendee's appointment actions. Notifications go through the outbox. */
@Module({
  imports: [AvailabilityModule, OutboxModule, ChatWebhookAddressModule, CalendarSyncModule],
  controllers: [
    AttendeeBookingController,
    ProfessionalBookingController,
    PublicBookingController,
    AdminMailTemplatesController,
    ChatSettingsController,
  ],
  providers: [
    BookingService,
    BookingRepository,
    BookingSettingsService,
    BookingSettingsRepository,
    { provide: VisioLinks, inject: [ENV], useFactory: (env: Env) => visioLinksFromEnv(env) },
  ],
  exports: [BookingService],
})
export class BookingModule {}
