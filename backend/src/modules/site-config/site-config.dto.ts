import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export const SITE_LOCALES = ['fr', 'en'] as const;
export const SITE_PHONE_COUNTRIES = ['FR', 'BE', 'CH'] as const;

/** A free text of the configuration: a string of at most 300 characters, or null (not filled). */
function OptionalText(label: string, max = 300) {
  return (target: object, key: string) => {
    IsOptional()(target, key);
    MaxLength(max, { message: `${label} ne peut pas dépasser ${max} caractères` })(target, key);
    IsString({ message: `${label} doit être un texte` })(target, key);
  };
}

export class SiteFlagsDto {
  @ApiProperty({ description: 'Specialities shown on the public site' })
  @IsBoolean({ message: 'Le réglage « domaines de compétences » doit être vrai ou faux' })
  specialities_enabled: boolean;

  @ApiProperty({ description: 'Default of the professional card option (off by default)' })
  @IsBoolean({ message: 'Le réglage « carte de visite » doit être vrai ou faux' })
  user_card_default: boolean;

  @ApiProperty({ description: 'Sponsorship shown in the professional space' })
  @IsBoolean({ message: 'Le réglage « parrainage » doit être vrai ou faux' })
  sponsorship: boolean;

  @ApiProperty({ description: 'Client folders shown in the professional space' })
  @IsBoolean({ message: 'Le réglage « dossiers clients » doit être vrai ou faux' })
  client_folders: boolean;
}

export class SitePageSizesDto {
  @ApiProperty({ minimum: 1, maximum: 100 })
  @Max(100, { message: 'La taille de page doit être comprise entre 1 et 100' })
  @Min(1, { message: 'La taille de page doit être comprise entre 1 et 100' })
  @IsInt({ message: 'La taille de page doit être un nombre entier' })
  professionals_desktop: number;

  @ApiProperty({ minimum: 1, maximum: 100 })
  @Max(100, { message: 'La taille de page doit être comprise entre 1 et 100' })
  @Min(1, { message: 'La taille de page doit être comprise entre 1 et 100' })
  @IsInt({ message: 'La taille de page doit être un nombre entier' })
  professionals_mobile: number;
}

const URL_OPTIONS = { protocols: ['https', 'http'], require_protocol: true };
const URL_MESSAGE = { message: 'Le lien doit être une adresse web complète (https://…)' };

export class SiteSocialDto {
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @MaxLength(300, URL_MESSAGE)
  @IsUrl(URL_OPTIONS, URL_MESSAGE)
  facebook?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @MaxLength(300, URL_MESSAGE)
  @IsUrl(URL_OPTIONS, URL_MESSAGE)
  linkedin?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @MaxLength(300, URL_MESSAGE)
  @IsUrl(URL_OPTIONS, URL_MESSAGE)
  x?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @MaxLength(300, URL_MESSAGE)
  @IsUrl(URL_OPTIONS, URL_MESSAGE)
  instagram?: string | null;
}

export class SiteContactDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: '+33 1 99 00 00 00' })
  @OptionalText('Le téléphone de contact', 40)
  phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'contact@example.fr' })
  @IsOptional()
  @MaxLength(254, { message: 'L’email de contact est invalide' })
  @IsEmail({}, { message: 'L’email de contact est invalide' })
  email?: string | null;

  @ApiProperty({ type: SiteSocialDto })
  @ValidateNested()
  @Type(() => SiteSocialDto)
  @IsObject({ message: 'Les réseaux sociaux sont invalides' })
  social: SiteSocialDto;
}

/** The publisher's identity the legal pages need (LCEN, GDPR, consumer mediation). */
export class SiteCompanyDto {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Raison sociale' })
  @OptionalText('La raison sociale')
  name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Forme juridique (SAS, SARL...)' })
  @OptionalText('La forme juridique')
  legal_form?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Capital social, en euros' })
  @OptionalText('Le capital social', 40)
  share_capital?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Ville du greffe (RCS)' })
  @OptionalText('La ville du greffe')
  rcs_city?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Numéro RCS / SIREN' })
  @OptionalText('Le numéro RCS / SIREN', 60)
  registration_number?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Numéro de TVA intracommunautaire' })
  @OptionalText('Le numéro de TVA', 60)
  vat_number?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Adresse du siège social' })
  @OptionalText('L’adresse du siège')
  address?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Ville du siège (juridiction)' })
  @OptionalText('La ville du siège')
  city?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Directeur de la publication' })
  @OptionalText('Le directeur de la publication')
  publication_director?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Fonction du directeur de la publication',
  })
  @OptionalText('La fonction du directeur de la publication')
  publication_director_role?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Hébergeur' })
  @OptionalText('Le nom de l’hébergeur')
  host_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalText('L’adresse de l’hébergeur')
  host_address?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalText('Le téléphone de l’hébergeur', 40)
  host_phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Médiateur de la consommation' })
  @OptionalText('Le médiateur', 500)
  mediator?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Contact du délégué à la protection des données',
  })
  @IsOptional()
  @MaxLength(254, { message: 'L’email du DPO est invalide' })
  @IsEmail({}, { message: 'L’email du DPO est invalide' })
  dpo_email?: string | null;
}

/** docs/product.md §3 site configuration plus the company identity (GET /site-config, GET / PUT /admin/site-config). */
export class SiteConfigDto {
  @ApiProperty({ example: 'Europe/Paris' })
  default_timezone: string;

  @ApiProperty({ enum: SITE_LOCALES, isArray: true })
  locales: Array<(typeof SITE_LOCALES)[number]>;

  @ApiProperty({ enum: SITE_LOCALES })
  default_locale: (typeof SITE_LOCALES)[number];

  @ApiProperty({ enum: SITE_PHONE_COUNTRIES, isArray: true })
  allowed_phone_countries: Array<(typeof SITE_PHONE_COUNTRIES)[number]>;

  @ApiProperty({ type: SitePageSizesDto })
  page_sizes: SitePageSizesDto;

  @ApiProperty({ type: SiteFlagsDto })
  flags: SiteFlagsDto;

  @ApiProperty({ type: SiteContactDto })
  contact: SiteContactDto;

  @ApiProperty({ type: SiteCompanyDto })
  company: SiteCompanyDto;

  @ApiProperty({
    example: 0,
    minimum: 0,
    maximum: 30,
    description: 'Platform commission on paid consultations, percent of the price TTC (0 by default)',
  })
  payment_commission_percent: number;
}

/** The console's record: the configuration with react-admin's `id` (always `current`). */
export class AdminSiteConfigDto extends SiteConfigDto {
  @ApiProperty({ enum: ['current'] })
  id: 'current';
}

/** PUT /admin/site-config: any section, each replaced whole. */
export class UpdateSiteConfigDto {
  @ApiPropertyOptional({ example: 'Europe/Paris' })
  @IsOptional()
  @MaxLength(64, { message: 'Fuseau horaire inconnu' })
  @IsString({ message: 'Fuseau horaire inconnu' })
  default_timezone?: string;

  @ApiPropertyOptional({ enum: SITE_LOCALES, isArray: true })
  @IsOptional()
  @IsIn(SITE_LOCALES, { each: true, message: 'Langue inconnue (fr ou en)' })
  @ArrayMaxSize(2, { message: 'Langue inconnue (fr ou en)' })
  @ArrayMinSize(1, { message: 'Choisissez au moins une langue' })
  @IsArray({ message: 'Les langues doivent être une liste' })
  locales?: Array<(typeof SITE_LOCALES)[number]>;

  @ApiPropertyOptional({ enum: SITE_LOCALES })
  @IsOptional()
  @IsIn(SITE_LOCALES, { message: 'Langue inconnue (fr ou en)' })
  default_locale?: (typeof SITE_LOCALES)[number];

  @ApiPropertyOptional({ enum: SITE_PHONE_COUNTRIES, isArray: true })
  @IsOptional()
  @IsIn(SITE_PHONE_COUNTRIES, { each: true, message: 'Pays de téléphone non pris en charge (FR, BE ou CH)' })
  @ArrayMaxSize(3, { message: 'Pays de téléphone non pris en charge (FR, BE ou CH)' })
  @ArrayMinSize(1, { message: 'Choisissez au moins un pays de téléphone' })
  @IsArray({ message: 'Les pays de téléphone doivent être une liste' })
  allowed_phone_countries?: Array<(typeof SITE_PHONE_COUNTRIES)[number]>;

  @ApiPropertyOptional({ type: SitePageSizesDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SitePageSizesDto)
  @IsObject({ message: 'Les tailles de page sont invalides' })
  page_sizes?: SitePageSizesDto;

  @ApiPropertyOptional({ type: SiteFlagsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SiteFlagsDto)
  @IsObject({ message: 'Les réglages sont invalides' })
  flags?: SiteFlagsDto;

  @ApiPropertyOptional({ type: SiteContactDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SiteContactDto)
  @IsObject({ message: 'Le contact est invalide' })
  contact?: SiteContactDto;

  @ApiPropertyOptional({ type: SiteCompanyDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SiteCompanyDto)
  @IsObject({ message: 'L’identité de la société est invalide' })
  company?: SiteCompanyDto;

  @ApiPropertyOptional({ minimum: 0, maximum: 30, example: 10 })
  @IsOptional()
  @Max(30, { message: 'La commission doit être comprise entre 0 et 30 %' })
  @Min(0, { message: 'La commission doit être comprise entre 0 et 30 %' })
  @IsNumber(
    { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false },
    { message: 'La commission doit être un nombre (au plus deux décimales)' },
  )
  payment_commission_percent?: number;
}
