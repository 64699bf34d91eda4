import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiBodyOptions } from '@nestjs/swagger';
import { Allow, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim, FreeTextName } from '../../common/dto-transforms';

/** OpenAPI description of a picture upload's multipart body. */
export const PICTURE_UPLOAD_BODY =
  'The image in the multipart part `file`: PNG, JPEG or WebP, 5 MB at most. The format is read from the ' +
  'bytes, never from the declared type or the file name.';

export class CreateImageDto {
  @ApiProperty({ example: 'Palais de justice de Lyon', maxLength: 200 })
  @Trim()
  @MaxLength(200, { message: 'Le titre fait au plus 200 caractères' })
  @MinLength(1, { message: 'Le titre est obligatoire' })
  @IsString({ message: 'Le titre est obligatoire' })
  @FreeTextName()
  title: string;

  @ApiProperty({
    description: 'Text read by screen readers',
    example: 'Façade du palais de justice',
    maxLength: 500,
  })
  @Trim()
  @MaxLength(500, { message: 'Le texte alternatif fait au plus 500 caractères' })
  @MinLength(1, { message: 'Le texte alternatif est obligatoire' })
  @IsString({ message: 'Le texte alternatif est obligatoire' })
  alt: string;
}

/** OpenAPI: POST /admin/images, the two text fields then the file, as one multipart form. */
export const CREATE_IMAGE_BODY: NonNullable<Extract<ApiBodyOptions, { schema?: unknown }>['schema']> = {
  type: 'object',
  required: ['title', 'alt', 'file'],
  properties: {
    title: { type: 'string', maxLength: 200, example: 'Palais de justice de Lyon' },
    alt: { type: 'string', maxLength: 500, description: 'Text read by screen readers' },
    file: {
      type: 'string',
      format: 'binary',
      description: `${PICTURE_UPLOAD_BODY} Send it after \`title\` and \`alt\`.`,
    },
  },
};

/**
 * PUT: title and alt (a new file goes to PUT /admin/images/{id}/file). react-admin sends the whole record back, so its
 * read-only fields are accepted and ignored rather than refused by the whitelist.
 */
export class UpdateImageDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @Trim()
  @MaxLength(200, { message: 'Le titre fait au plus 200 caractères' })
  @MinLength(1, { message: 'Le titre est obligatoire' })
  @IsString({ message: 'Le titre est obligatoire' })
  @FreeTextName()
  title?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @Trim()
  @MaxLength(500, { message: 'Le texte alternatif fait au plus 500 caractères' })
  @MinLength(1, { message: 'Le texte alternatif est obligatoire' })
  @IsString({ message: 'Le texte alternatif est obligatoire' })
  alt?: string;

  @ApiHideProperty() @Allow() id?: unknown;
  @ApiHideProperty() @Allow() src?: unknown;
  @ApiHideProperty() @Allow() thumbnail?: unknown;
  @ApiHideProperty() @Allow() width?: unknown;
  @ApiHideProperty() @Allow() height?: unknown;
  @ApiHideProperty() @Allow() createdAt?: unknown;
  @ApiHideProperty() @Allow() updatedAt?: unknown;
  /** The form's file input (admin-ui sends a new file on its own, to PUT /admin/images/{id}/file). */
  @ApiHideProperty() @Allow() picture?: unknown;
}

/** An admin image as react-admin shows it (`<ImageField source="src">`). */
export class AdminImageDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty()
  alt: string;

  @ApiProperty({
    example: '/api/v1/media/0f1e2d3c4b5a69788796a5b4c3d2e1f0.webp',
    description: 'Full image, at most 1600 px wide; immutable URL',
  })
  src: string;

  @ApiProperty({
    example: '/api/v1/media/0f1e2d3c4b5a69788796a5b4c3d2e1f0-400.webp',
    description: '400 px wide thumbnail; immutable URL',
  })
  thumbnail: string;

  @ApiProperty({ description: 'Width of `src` in pixels' })
  width: number;

  @ApiProperty({ description: 'Height of `src` in pixels' })
  height: number;

  @ApiProperty()
  createdAt: string;

  @ApiProperty()
  updatedAt: string;
}
