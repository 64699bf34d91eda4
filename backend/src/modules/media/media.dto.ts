import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Trim, FreeTextName } from '../../common/dto-transforms';

const DATA_URL_DESCRIPTION =
  'The image as a data URL (`data:image/png;base64,...`), PNG, JPEG or WebP, 5 MB at most once decoded. ' +
  'The format is read from the bytes, never from the declared type or a file name.';

/** Body of PUT /users/{id}/picture. JSON like the admin images, so one upload path and no multipart parser. */
export class SetPictureDto {
  @ApiProperty({ description: DATA_URL_DESCRIPTION, example: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ...' })
  @IsString({ message: 'Le champ data doit contenir l’image en data URL' })
  @IsDefined({ message: 'Le champ data doit contenir l’image en data URL' })
  data: string;
}

/** `{ data, filename }` as admin-ui's dataProvider (encodeImage) sends it. */
export class ImageFileDto {
  @ApiProperty({ description: DATA_URL_DESCRIPTION })
  @IsString({ message: 'Le champ file.data doit contenir l’image en data URL' })
  @IsDefined({ message: 'Le champ file.data doit contenir l’image en data URL' })
  data: string;

  @ApiPropertyOptional({
    description: 'Original file name, informative only (never used to name or type the file)',
  })
  @IsOptional()
  @MaxLength(255, { message: 'Nom de fichier trop long' })
  @IsString({ message: 'Nom de fichier invalide' })
  filename?: string;
}

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

  @ApiProperty({ type: ImageFileDto })
  @ValidateNested()
  @Type(() => ImageFileDto)
  @IsObject({ message: 'Le fichier image est obligatoire' })
  @IsDefined({ message: 'Le fichier image est obligatoire' })
  file: ImageFileDto;
}

/**
 * PUT: title, alt and optionally a new file. react-admin sends the whole record back, so its
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

  @ApiPropertyOptional({
    type: ImageFileDto,
    description: 'A new image replacing the current one (new URLs)',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => ImageFileDto)
  @IsObject({ message: 'Fichier image invalide' })
  file?: ImageFileDto;

  @ApiHideProperty() @Allow() id?: unknown;
  @ApiHideProperty() @Allow() src?: unknown;
  @ApiHideProperty() @Allow() thumbnail?: unknown;
  @ApiHideProperty() @Allow() width?: unknown;
  @ApiHideProperty() @Allow() height?: unknown;
  @ApiHideProperty() @Allow() createdAt?: unknown;
  @ApiHideProperty() @Allow() updatedAt?: unknown;
  /** The form's file input when no new file was chosen (admin-ui encodeImage only replaces real files). */
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
