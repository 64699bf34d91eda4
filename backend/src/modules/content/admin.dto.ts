import { ApiHideProperty, ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  IsDateString,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { EmptyToNull, FreeTextName, Trim } from '../../common/dto-transforms';
import { IsOfficeIdentifier } from '../../common/office-identifier';
import { REDIRECT_TARGET, SITE_PATH } from './content.dto';

const URI_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Read-only fields react-admin sends back on PUT (the whole record): accepted and ignored. */
class ReadOnlyFields {
  @ApiHideProperty()
  @Allow()
  id?: unknown;

  @ApiHideProperty()
  @Allow()
  createdAt?: unknown;

  @ApiHideProperty()
  @Allow()
  updatedAt?: unknown;
}

// ---- redirects ----

export class AdminRedirectDto {
  @ApiProperty()
  id: number;

  @ApiProperty({ example: '/ancienne-page' })
  fromPath: string;

  @ApiProperty({ example: '/avocats/lyon' })
  toPath: string;

  @ApiProperty({ example: 301, enum: [301, 302, 307, 308] })
  status: number;

  @ApiProperty()
  createdAt: string;

  @ApiProperty()
  updatedAt: string;
}

export class CreateRedirectDto extends ReadOnlyFields {
  @ApiProperty({ example: '/ancienne-page' })
  @Trim()
  @Matches(SITE_PATH, {
    message: 'Le chemin d’origine doit commencer par / et ne contenir ni espace, ni ? ni #',
  })
  @MaxLength(2000, { message: 'Le chemin d’origine est trop long' })
  @IsString({ message: 'Le chemin d’origine est obligatoire' })
  fromPath: string;

  @ApiProperty({ example: '/avocats/lyon' })
  @Trim()
  @Matches(REDIRECT_TARGET, {
    message: 'La destination doit être un chemin commençant par / ou une adresse http(s)',
  })
  @MaxLength(2000, { message: 'La destination est trop longue' })
  @IsString({ message: 'La destination est obligatoire' })
  toPath: string;

  @ApiPropertyOptional({ default: 301, enum: [301, 302, 307, 308] })
  @IsOptional()
  @Type(() => Number)
  @IsIn([301, 302, 307, 308], { message: 'Le code de redirection doit être 301, 302, 307 ou 308' })
  status?: number;
}

export class UpdateRedirectDto extends PartialType(CreateRedirectDto) {}

// ---- teams ----

export class AdminTeamDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'cabinet-martin' })
  teamUri: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ description: 'Registration number: SIRET, or crpcen for notaries' })
  ext_id: string;

  @ApiProperty({ nullable: true, type: String })
  presentation: string | null;

  @ApiProperty({ nullable: true, type: String })
  street: string | null;

  @ApiProperty({ nullable: true, type: String })
  postalCode: string | null;

  @ApiProperty({ nullable: true, type: String })
  cityUri: string | null;

  @ApiProperty({ nullable: true, type: String })
  cityName: string | null;

  @ApiProperty({ nullable: true, type: String })
  phone: string | null;

  @ApiProperty({ nullable: true, type: String })
  email: string | null;

  @ApiProperty()
  professionalsCount: number;

  @ApiProperty()
  createdAt: string;

  @ApiProperty()
  updatedAt: string;
}

export class CreateTeamDto extends ReadOnlyFields {
  @ApiProperty({ example: 'Cabinet Martin' })
  @Trim()
  @MaxLength(200, { message: 'Le nom du cabinet ne doit pas dépasser 200 caractères' })
  @MinLength(2, { message: 'Le nom du cabinet est obligatoire' })
  @IsString({ message: 'Le nom du cabinet est obligatoire' })
  @FreeTextName()
  name: string;

  @ApiProperty({
    example: '73282932000074',
    description: 'Registration number (SIRET; crpcen for notaries), unique',
  })
  @IsOfficeIdentifier()
  ext_id: string;

  @ApiPropertyOptional({ description: 'Generated from the name when absent', type: String, nullable: true })
  @EmptyToNull()
  @IsOptional()
  @Matches(URI_SLUG, {
    message: 'L’adresse du cabinet ne doit contenir que des minuscules, des chiffres et des tirets',
  })
  @MaxLength(160, { message: 'L’adresse du cabinet est invalide' })
  teamUri?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @EmptyToNull()
  @IsOptional()
  @MaxLength(10_000, { message: 'La présentation ne doit pas dépasser 10 000 caractères' })
  @IsString({ message: 'La présentation est invalide' })
  presentation?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @EmptyToNull()
  @IsOptional()
  @MaxLength(300, { message: 'L’adresse est trop longue' })
  @IsString({ message: 'L’adresse est invalide' })
  street?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @EmptyToNull()
  @IsOptional()
  @Matches(/^[0-9]{4,5}$/, { message: 'Le code postal est invalide' })
  postalCode?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'cityUri of the office city' })
  @EmptyToNull()
  @IsOptional()
  @Matches(URI_SLUG, { message: 'La ville est invalide' })
  cityUri?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @EmptyToNull()
  @IsOptional()
  @Matches(/^\+?[0-9 .()-]{9,20}$/, { message: 'Veuillez renseigner un numéro de téléphone valide' })
  phone?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @EmptyToNull()
  @IsOptional()
  @IsEmail({}, { message: 'email must be an email' })
  email?: string | null;

  @ApiHideProperty()
  @Allow()
  cityName?: unknown;

  @ApiHideProperty()
  @Allow()
  professionalsCount?: unknown;
}

export class UpdateTeamDto extends PartialType(CreateTeamDto) {}

// ---- posts ----

export class AdminPostDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  slug: string;

  @ApiProperty()
  title: string;

  @ApiProperty({ nullable: true, type: String })
  excerpt: string | null;

  @ApiProperty()
  content: string;

  @ApiProperty({ nullable: true, type: String })
  author: string | null;

  @ApiProperty({ nullable: true, type: String })
  seoDescription: string | null;

  @ApiProperty({ nullable: true, type: String, description: 'Null: draft' })
  publishedAt: string | null;

  @ApiProperty()
  createdAt: string;

  @ApiProperty()
  updatedAt: string;
}

export class CreatePostDto extends ReadOnlyFields {
  @ApiProperty()
  @Trim()
  @MaxLength(200, { message: 'Le titre ne doit pas dépasser 200 caractères' })
  @MinLength(3, { message: 'Le titre doit contenir au moins 3 caractères' })
  @IsString({ message: 'Le titre est obligatoire' })
  @FreeTextName()
  title: string;

  @ApiPropertyOptional({ description: 'Generated from the title when absent', type: String, nullable: true })
  @EmptyToNull()
  @IsOptional()
  @Matches(URI_SLUG, { message: 'Le slug ne doit contenir que des minuscules, des chiffres et des tirets' })
  @MaxLength(160, { message: 'Le slug est trop long' })
  slug?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @EmptyToNull()
  @IsOptional()
  @MaxLength(1000, { message: 'Le chapeau ne doit pas dépasser 1000 caractères' })
  @IsString({ message: 'Le chapeau est invalide' })
  excerpt?: string | null;

  @ApiProperty({ description: 'HTML' })
  @MaxLength(200_000, { message: 'Le contenu est trop long' })
  @MinLength(1, { message: 'Le contenu est obligatoire' })
  @IsString({ message: 'Le contenu est obligatoire' })
  content: string;

  @ApiPropertyOptional({ nullable: true, type: String })
  @EmptyToNull()
  @IsOptional()
  @MaxLength(120, { message: 'L’auteur est trop long' })
  @IsString({ message: 'L’auteur est invalide' })
  author?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @EmptyToNull()
  @IsOptional()
  @MaxLength(320, { message: 'La description ne doit pas dépasser 320 caractères' })
  @IsString({ message: 'La description est invalide' })
  seoDescription?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'ISO date; null keeps the article as a draft',
  })
  @EmptyToNull()
  @IsOptional()
  @ValidateIf((_o, value) => value !== null)
  @IsDateString({}, { message: 'La date de publication est invalide' })
  publishedAt?: string | null;
}

export class UpdatePostDto extends PartialType(CreatePostDto) {}
