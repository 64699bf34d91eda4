import { SponsorshipModule } from '../sponsorship';
import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { AuditModule } from '../audit';
import { GeocodingModule } from '../geocoding';
import { OfficesModule } from '../offices';
import { OutboxModule } from '../outbox';
import { ReferenceModule } from '../reference';
import { ReviewsModule } from '../reviews';
import { AdminContentController } from './admin-content.controller';
import { AdminContentService } from './admin-content.service';
import { AdminContentRepository } from './admin.repository';
import { ContentController } from './content.controller';
import { ContentRepository } from './content.repository';
import { ContentService } from './content.service';
import { RegistrationRequestsController } from './registration-requests.controller';
import { RegistrationRequestsRepository } from './registration-requests.repository';
import { RegistrationRequestsService } from './registration-requests.service';

/** Articles, published reviews, registration requests, configured redirects, and their admin resources (posts, teams, redirects). */
@Module({
  imports: [
    OutboxModule,
    ReviewsModule,
    AccountsModule,
    AuditModule,
    ReferenceModule,
    SponsorshipModule,
    OfficesModule,
    GeocodingModule,
  ],
  controllers: [ContentController, AdminContentController, RegistrationRequestsController],
  providers: [
    ContentService,
    ContentRepository,
    AdminContentService,
    AdminContentRepository,
    RegistrationRequestsService,
    RegistrationRequestsRepository,
  ],
  exports: [ContentService],
})
export class ContentModule {}
