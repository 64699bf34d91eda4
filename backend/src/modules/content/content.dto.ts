import { FreeTextName } from '../../common/dto-transforms';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { SchemaRatingDto } from '../reviews';
import { IsOfficeIdentifier } from '../../common/office-identifier';
import { CIVILITIES } from '@rdv/sectors';

/** Trims strings; an empty string counts as "not given" (HTML forms post empty fields). */
const TrimToUndefined = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  });

export class PageQueryDto {
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: 1000 })
  @IsOptional()
  @Type(() => Number)
  @Max(1000, { message: 'La page ne peut pas dépasser 1000' })
  @Min(1, { message: 'La page doit être supérieure ou égale à 1' })
  @IsInt({ message: 'La page doit être un nombre entier' })
  page: number = 1;

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: 50 })
  @IsOptional()
  @Type(() => Number)
  @Max(50, { message: 'Le nombre de résultats par page ne peut pas dépasser 50' })
  @Min(1, { message: 'Le nombre de résultats par page doit être au moins 1' })
  @IsInt({ message: 'Le nombre de résultats par page doit être un nombre entier' })
  perPage: number = 10;
}

export class ArticleSummaryDto {
  @ApiProperty({ example: 3 })
  _id: number;

  @ApiProperty({ example: 'combien-coute-un-avocat' })
  slug: string;

  @ApiProperty({ example: 'Combien coûte un avocat ?' })
  title: string;

  @ApiProperty({ nullable: true, type: String })
  excerpt: string | null;

  @ApiProperty({ nullable: true, type: String })
  author: string | null;

  @ApiProperty({ example: '2026-01-15T09:00:00.000Z' })
  publishedAt: string;

  @ApiProperty({ example: '2026-01-15T09:00:00.000Z' })
  updatedAt: string;
}

export class ArticleDto extends ArticleSummaryDto {
  @ApiProperty({ description: 'HTML' })
  content: string;

  @ApiProperty({ nullable: true, type: String, description: 'Meta description' })
  seoDescription: string | null;
}

export class ArticleListDto {
  @ApiProperty({ type: ArticleSummaryDto, isArray: true })
  items: ArticleSummaryDto[];

  @ApiProperty()
  total: number;

  @ApiProperty()
  page: number;

  @ApiProperty()
  perPage: number;
}

export class ArticleParamDto {
  @ApiProperty({ example: 'combien-coute-un-avocat', description: 'Numeric id or slug' })
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'Article invalide' })
  @MaxLength(160, { message: 'Article invalide' })
  idOrSlug: string;
}

export class ReviewProfessionalDto {
  @ApiProperty()
  userUri: string;

  @ApiProperty()
  first_name: string;

  @ApiProperty()
  last_name: string;
}

export class PublishedReviewDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ minimum: 1, maximum: 5 })
  rating: number;

  @ApiProperty({ nullable: true, type: String })
  comment: string | null;

  @ApiProperty({ nullable: true, type: String, example: 'Claire D.' })
  authorName: string | null;

  @ApiProperty()
  publishedAt: string;

  @ApiProperty({
    type: ReviewProfessionalDto,
    nullable: true,
    description: 'Null when the professional is no longer listed',
  })
  professional: ReviewProfessionalDto | null;
}

export class ReviewListDto {
  @ApiProperty({ type: PublishedReviewDto, isArray: true })
  items: PublishedReviewDto[];

  @ApiProperty()
  total: number;

  @ApiProperty()
  page: number;

  @ApiProperty()
  perPage: number;

  @ApiProperty({ type: SchemaRatingDto })
  aggregate: SchemaRatingDto;
}

export class CreateRegistrationRequestDto {
  @ApiProperty({ enum: CIVILITIES })
  @IsIn(CIVILITIES, { message: 'Veuillez choisir une civilité' })
  civility: string;

  @ApiProperty({ example: 'Marie' })
  @TrimToUndefined()
  @MaxLength(100, { message: 'Le prénom ne doit pas dépasser 100 caractères' })
  @IsString({ message: 'Veuillez renseigner votre prénom' })
  @FreeTextName()
  first_name: string;

  @ApiProperty({ example: 'Martin' })
  @TrimToUndefined()
  @MaxLength(100, { message: 'Le nom ne doit pas dépasser 100 caractères' })
  @IsString({ message: 'Veuillez renseigner votre nom' })
  @FreeTextName()
  last_name: string;

  @ApiProperty({ example: 'marie.martin@example.fr' })
  @TrimToUndefined()
  @MaxLength(254, { message: 'email must be an email' })
  @IsEmail({}, { message: 'email must be an email' })
  email: string;

  @ApiProperty({ example: '+33 4 78 00 00 00', description: 'FR, BE or CH number' })
  @TrimToUndefined()
  @MaxLength(30, { message: 'Veuillez renseigner un numéro de téléphone valide' })
  @IsString({ message: 'Veuillez renseigner un numéro de téléphone valide' })
  phone: string;

  @ApiPropertyOptional({ example: 'Cabinet Martin' })
  @TrimToUndefined()
  @IsOptional()
  @MaxLength(200, { message: 'Le nom du cabinet ne doit pas dépasser 200 caractères' })
  @IsString({ message: 'Le nom du cabinet est invalide' })
  officeName?: string;

  @ApiPropertyOptional({
    example: '73282932000074',
    description: 'The office’s registration number in the sector’s terms (SIRET; crpcen for notaries)',
  })
  @TrimToUndefined()
  @IsOptional()
  @IsOfficeIdentifier()
  officeNumber?: string;

  @ApiProperty({ example: 'Lyon' })
  @TrimToUndefined()
  @MaxLength(120, { message: 'La ville ne doit pas dépasser 120 caractères' })
  @IsString({ message: 'Veuillez renseigner votre ville' })
  city: string;

  @ApiPropertyOptional()
  @TrimToUndefined()
  @IsOptional()
  @MaxLength(2000, { message: 'Le message ne doit pas dépasser 2000 caractères' })
  @IsString({ message: 'Le message est invalide' })
  message?: string;

  @ApiPropertyOptional({
    example: 'CMAR-7K2P',
    description: 'Code of the referral link the applicant came from',
  })
  @TrimToUndefined()
  @IsOptional()
  @Matches(/^[A-Za-z0-9-]{4,20}$/, { message: 'Le code de parrainage est invalide' })
  referral_code?: string;
}

export class RegistrationRequestCreatedDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    example: 'Votre demande d’inscription a bien été envoyée. Notre équipe vous recontacte très rapidement.',
  })
  message: string;
}

/** A path of this site: starts with '/', no query string, no fragment, no spaces. */
export const SITE_PATH = /^\/[^\s?#]*$/;
/** A redirect target: a path of this site (query allowed) or an absolute http(s) URL. */
export const REDIRECT_TARGET = /^(\/[^\s#]*|https?:\/\/[^\s]+)$/;

export class ResolveRedirectQueryDto {
  @ApiProperty({ example: '/ancienne-page' })
  @Matches(SITE_PATH, { message: 'Le chemin doit commencer par / et ne contenir ni espace, ni ? ni #' })
  @MaxLength(2000, { message: 'Le chemin est trop long' })
  @IsString({ message: 'Le chemin est obligatoire' })
  path: string;
}

export class ResolvedRedirectDto {
  @ApiProperty({ example: '/avocats/lyon' })
  to: string;

  @ApiProperty({ example: 301, enum: [301, 302, 307, 308] })
  status: number;
}
