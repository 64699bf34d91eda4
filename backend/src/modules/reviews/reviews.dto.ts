import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EmptyToNull, Trim, FreeTextName } from '../../common/dto-transforms';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

/** schema.org AggregateRating of the published reviews. */
export class SchemaRatingDto {
  @ApiProperty({
    example: 4.6,
    description: 'Average rating of published reviews, one decimal; 0 when there is none',
  })
  ratingValue: number;

  @ApiProperty({ example: 128 })
  ratingCount: number;

  @ApiProperty({ example: 128 })
  reviewCount: number;

  @ApiProperty({ example: 5 })
  bestRating: number;

  @ApiProperty({ example: 1 })
  worstRating: number;
}

/** GET /reviews/invitations/{token}: what the review page shows of the meeting. */
export class ReviewInvitationDto {
  @ApiProperty({ example: 'Me Camille Durand' }) professional_name: string;
  @ApiProperty({ description: 'Start of the meeting' }) starts_at: string;
  @ApiProperty({ example: 'Europe/Paris' }) timezone: string;
  @ApiProperty({ example: 'Julien M.', description: 'How the review is signed unless the client changes it' })
  suggested_author_name: string;
  @ApiProperty({ description: 'The client already reviewed this meeting' }) already_reviewed: boolean;
}

const INVALID_LINK = 'Ce lien d’avis est invalide ou a expiré.';

/** The signed token of the link mailed after the meeting (`/avis?token=`). */
export class ReviewLinkQueryDto {
  @ApiProperty({ description: 'Token of the link mailed after the meeting' })
  @MaxLength(500, { message: INVALID_LINK })
  @MinLength(1, { message: INVALID_LINK })
  @IsString({ message: INVALID_LINK })
  token: string;
}

export class LeaveReviewDto extends ReviewLinkQueryDto {
  @ApiProperty({ minimum: 1, maximum: 5, example: 5 })
  @Max(5, { message: 'La note doit être comprise entre 1 et 5' })
  @Min(1, { message: 'La note doit être comprise entre 1 et 5' })
  @IsInt({ message: 'La note doit être comprise entre 1 et 5' })
  rating: number;

  @ApiPropertyOptional({ maxLength: 2000, nullable: true, type: String })
  @EmptyToNull()
  @IsOptional()
  @MaxLength(2000, { message: 'Votre avis ne doit pas dépasser 2000 caractères' })
  @IsString({ message: 'Votre avis est invalide' })
  comment?: string | null;

  @ApiProperty({ example: 'Julien M.', maxLength: 80 })
  @Trim()
  @MaxLength(80, { message: 'Le nom affiché ne doit pas dépasser 80 caractères' })
  @MinLength(2, { message: 'Indiquez le nom affiché avec votre avis (par exemple Julien M.)' })
  @IsString({ message: 'Indiquez le nom affiché avec votre avis (par exemple Julien M.)' })
  @FreeTextName()
  author_name: string;
}

export class ReviewLeftDto {
  @ApiProperty({ example: 'Merci ! Votre avis sera publié après relecture.' }) message: string;
}
