import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SchemaRatingDto } from './reviews.dto';
import { ReviewsService } from './reviews.service';

@ApiTags('reviews')
@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get('schema-rating')
  @ApiOkResponse({
    type: SchemaRatingDto,
    description: 'Aggregate of published reviews (schema.org AggregateRating)',
  })
  schemaRating(): Promise<SchemaRatingDto> {
    return this.reviews.schemaRating();
  }
}
