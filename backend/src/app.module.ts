import { IdentityModule } from './modules/identity';
import { Module } from '@nestjs/common';
import { LoggerModule } from './common/logger.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AccountsModule } from './modules/accounts/accounts.module';
import { AdminConsoleModule } from './modules/admin-console/admin-console.module';
import { AuditModule } from './modules/audit/audit.module';
import { AuthModule } from './modules/auth/auth.module';
import { AvailabilityModule } from './modules/availability/availability.module';
import { BookingModule } from './modules/booking';
import { CalendarSyncModule } from './modules/calendar-sync/calendar-sync.module';
import { ClientFoldersModule } from './modules/client-folders/client-folders.module';
import { ContentModule } from './modules/content/content.module';
import { DirectoryModule } from './modules/directory/directory.module';
import { GeoModule } from './modules/geo/geo.module';
import { HealthModule } from './modules/health/health.module';
import { MediaModule } from './modules/media/media.module';
import { OfficesModule } from './modules/offices';
import { SlotAlertsModule } from './modules/slot-alerts';
import { VisioModule } from './modules/visio';
import { UnsubscribeModule } from './modules/unsubscribe';
import { SponsorshipModule } from './modules/sponsorship';
import { BillingModule } from './modules/billing';
import { FeeNotesModule } from './modules/fee-notes';
import { OutboxModule } from './modules/outbox/outbox.module';
import { PhoneVerificationModule } from './modules/phone-verification/phone-verification.module';
import { PrivacyModule } from './modules/privacy/privacy.module';
import { ReferenceModule } from './modules/reference/reference.module';
import { ReviewsModule } from './modules/reviews/reviews.module';
import { SeoModule } from './modules/seo/seo.module';
import { SiteConfigModule } from './modules/site-config/site-config.module';
import { RedisModule } from './redis/redis.module';

/** The HTTP API. Feature modules are listed here; the worker has its own root module. */
@Module({
  imports: [
    ConfigModule,
    LoggerModule,
    DatabaseModule,
    RedisModule,
    IdentityModule,
    OutboxModule,
    HealthModule,
    ReferenceModule,
    ReviewsModule,
    AvailabilityModule,
    BookingModule,
    DirectoryModule,
    ContentModule,
    AuditModule,
    SiteConfigModule,
    AdminConsoleModule,
    SeoModule,
    GeoModule,
    AccountsModule,
    AuthModule,
    PhoneVerificationModule,
    MediaModule,
    OfficesModule,
    SlotAlertsModule,
    VisioModule,
    UnsubscribeModule,
    SponsorshipModule,
    BillingModule,
    FeeNotesModule,
    CalendarSyncModule,
    ClientFoldersModule,
    PrivacyModule,
  ],
})
export class AppModule {}
