import { Injectable } from '@nestjs/common';
import type { SchemaRatingDto } from './reviews.dto';
import { ReviewsRepository } from './reviews.repository';

@Injectable()
export class ReviewsService {
  constructor(private readonly repository: ReviewsRepository) {}

  async schemaRating(): Promise<SchemaRatingDto> {
    const { average, ratings } = await this.repository.publishedAggregate();
    return {
      ratingValue: average === null ? 0 : Math.round(average * 10) / 10,
      ratingCount: ratings,
      reviewCount: ratings,
      bestRating: 5,
      worstRating: 1,
    };
  }
}
