import { ApiProperty } from '@nestjs/swagger';

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
