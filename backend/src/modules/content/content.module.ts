import { Module } from '@nestjs/common';
import { AuthRateLimiter } from '../auth/auth-rate-limiter';
import { OutboxModule } from '../outbox/outbox.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { AdminContentController } from './admin-content.controller';
import { AdminContentService } from './admin-content.service';
import { AdminContentRepository } from './admin.repository';
import { ContentController } from './content.controller';
import { ContentRepository } from './content.repository';
import { ContentService } from './content.service';

/** Articles, published reviews, registration requests, configured redirects, and their admin resources (posts, teams, redirects). */
@Module({
  imports: [OutboxModule, ReviewsModule],
  controllers: [ContentController, AdminContentController],
  providers: [
    ContentService,
    ContentRepository,
    AdminContentService,
    AdminContentRepository,
    // Registration requests per address; its state is in Redis, shared with the auth module's.
    AuthRateLimiter,
  ],
  exports: [ContentService],
})
export class ContentModule {}
