import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { REVIEW_STATUSES } from '../../database/schema';

/** A review in the moderation queue. */
export class AdminReviewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() professionalName: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) attendeeId: string | null;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating: number;
  @ApiProperty({ type: String, nullable: true }) comment: string | null;
  @ApiProperty({ type: String, nullable: true }) authorName: string | null;
  @ApiProperty({ enum: REVIEW_STATUSES }) status: (typeof REVIEW_STATUSES)[number];
  @ApiProperty({ type: String, nullable: true }) rejectionReason: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) publishedAt: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) moderatedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({
    description:
      'Left on a meeting the professional entered by hand, not booked by the client: never published nor counted',
  })
  handEntered: boolean;
}

/** POST /admin/reviews/{id}/reject */
export class RejectReviewDto {
  @ApiProperty({ minLength: 3, maxLength: 1000 })
  @MaxLength(1000, { message: 'Le motif ne peut pas dépasser 1000 caractères' })
  @MinLength(3, { message: 'Le motif du rejet est obligatoire' })
  @IsString({ message: 'Le motif du rejet est obligatoire' })
  reason: string;
}
