import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { AdminReviewsController } from './admin-reviews.controller';
import { AdminReviewsService } from './admin-reviews.service';
import { ReviewInvitations } from './review-invitations';
import { ReviewsController } from './reviews.controller';
import { ReviewsRepository } from './reviews.repository';
import { ReviewsService } from './reviews.service';

@Module({
  imports: [AuditModule],
  controllers: [ReviewsController, AdminReviewsController],
  providers: [ReviewsService, ReviewsRepository, AdminReviewsService, ReviewInvitations],
  exports: [ReviewsService],
})
export class ReviewsModule {}
