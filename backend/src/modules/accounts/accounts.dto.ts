import { cleanFreeTextName } from '../../common/dto-transforms';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { FRENCH_BARS } from '@rdv/sectors';
import { PHONE_COUNTRIES, PhoneCountry } from './phone-numbers';
import { IsCompanySiret } from '../../common/office-identifier';
import { PASSWORD_MIN_LENGTH, CIVILITIES } from '@rdv/sectors';

/** The contract text of docs/product.md §8 (class-validator's own IsEmail message, kept verbatim). */
export const EMAIL_MESSAGE = 'email must be an email';
/** Long passphrases are welcome; the cap only bounds the hashing work per request. */
export const PASSWORD_MAX_LENGTH = 1024;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const normalizeEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** Decorators of a new password (min 8, max 1024 characters, any characters). */
function PasswordField(): PropertyDecorator {
  return (target, key) => {
    IsString({ message: 'Le mot de passe est obligatoire' })(target, key);
    MinLength(PASSWORD_MIN_LENGTH, {
      message: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
    })(target, key);
    MaxLength(PASSWORD_MAX_LENGTH, {
      message: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
    })(target, key);
  };
}

function EmailField(): PropertyDecorator {
  return (target, key) => {
    Transform(normalizeEmail)(target, key);
    IsEmail({}, { message: EMAIL_MESSAGE })(target, key);
    MaxLength(254, { message: EMAIL_MESSAGE })(target, key);
  };
}

function NameField(label: string): PropertyDecorator {
  return (target, key) => {
    // The free-text name rule shared by every DTO: bidi controls and invisible characters out, trimmed.
    Transform(({ value }: { value: unknown }) => cleanFreeTextName(value))(target, key);
    IsString({ message: `${label} est obligatoire` })(target, key);
    IsNotEmpty({ message: `${label} est obligatoire` })(target, key);
    MaxLength(100, { message: `${label} ne peut pas dépasser 100 caractères` })(target, key);
  };
}

const LANGUAGES = ['fr', 'en'] as const;

/** Fields of a professional that the professional (or an admin) may change. docs/product.md §3 names. */
export class UserProfileFields {
  @ApiPropertyOptional({ enum: CIVILITIES })
  @IsOptional()
  @IsIn(CIVILITIES, { message: 'La civilité doit être M., Mme ou Me' })
  civility?: string;

  @ApiPropertyOptional({
    example: '+33612345678',
    description: 'FR, BE or CH number; stored in E.164. Changing it clears the verification.',
  })
  @IsOptional()
  @IsString({ message: 'Le numéro de téléphone doit être une chaîne de caractères' })
  telephone?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '+33142000000',
    description:
      'The number the public profile reveals (firm switchboard or a published line), FR, BE or CH, stored in E.164; null or empty: no number shown. Never the account’s own mobile unless typed here.',
  })
  @IsOptional()
  @IsString({ message: 'Le numéro de téléphone public doit être une chaîne de caractères' })
  public_phone?: string | null;

  @ApiPropertyOptional({ enum: PHONE_COUNTRIES, example: 'FR' })
  @IsOptional()
  @IsIn(PHONE_COUNTRIES, { message: 'Le pays doit être FR, BE ou CH' })
  country?: PhoneCountry;

  @ApiPropertyOptional({ example: 'Europe/Paris' })
  @IsOptional()
  @IsString({ message: 'Le fuseau horaire doit être une chaîne de caractères' })
  timezone?: string;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES, { message: 'La langue doit être fr ou en' })
  language?: string;

  @ApiPropertyOptional({ type: [String], example: ['fr', 'en'], description: 'ISO 639-1 codes' })
  @IsOptional()
  @ArrayMaxSize(20, { message: 'Au plus 20 langues parlées' })
  @Matches(/^[a-z]{2}$/, {
    each: true,
    message: 'Chaque langue parlée doit être un code ISO à deux lettres (ex. fr)',
  })
  @IsArray({ message: 'Les langues parlées doivent être une liste' })
  spoken_languages?: string[];

  @ApiPropertyOptional({ example: 'Avocate en droit de la famille' })
  @IsOptional()
  @MaxLength(200, { message: 'Le titre de présentation ne peut pas dépasser 200 caractères' })
  @IsString({ message: 'Le titre de présentation doit être une chaîne de caractères' })
  presentation_title?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(10_000, { message: 'La présentation ne peut pas dépasser 10 000 caractères' })
  @IsString({ message: 'La présentation doit être une chaîne de caractères' })
  presentation?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'mail_copy_activated doit être vrai ou faux' })
  mail_copy_activated?: boolean;

  @ApiPropertyOptional({ type: [String], example: ['secretariat@example.fr'] })
  @IsOptional()
  @ArrayMaxSize(10, { message: 'Au plus 10 emails en copie' })
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)) : value,
  )
  @IsEmail({}, { each: true, message: EMAIL_MESSAGE })
  @IsArray({ message: 'Les emails en copie doivent être une liste' })
  copy_emails?: string[];

  @ApiPropertyOptional({
    description:
      'False takes the profile out of search engines: noindex meta + X-Robots-Tag, left out of the sitemap',
  })
  @IsOptional()
  @IsBoolean({ message: 'Le référencement doit être vrai ou faux' })
  indexable?: boolean;

  @ApiPropertyOptional({ description: 'Takes cases under legal aid (aide juridictionnelle)' })
  @IsOptional()
  @IsBoolean({ message: 'L’aide juridictionnelle doit être vrai ou faux' })
  accepts_legal_aid?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'lyon',
    description: 'A lawyer’s bar (barreau): a key of the French bars list; null removes it',
  })
  @IsOptional()
  @IsIn(FRENCH_BARS.map((bar) => bar.key), { message: 'Choisissez votre barreau dans la liste' })
  bar?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'lyon',
    description: 'Practice commune (`cityUri` from GET /cities/autocomplete); null removes it',
  })
  @IsOptional()
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'Commune inconnue' })
  @MaxLength(120, { message: 'Commune inconnue' })
  city_uri?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '12 rue de la République' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(200, { message: 'L’adresse ne peut pas dépasser 200 caractères' })
  @IsString({ message: 'L’adresse doit être une chaîne de caractères' })
  street?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '69002' })
  @IsOptional()
  @Transform(trim)
  @Matches(/^(\d{5}|\d{4})$/, {
    message: 'Le code postal doit contenir 5 chiffres (4 en Belgique et en Suisse)',
  })
  postal_code?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'Première consultation : 90 € TTC. Aide juridictionnelle acceptée.',
  })
  @IsOptional()
  @MaxLength(2000, { message: 'Les honoraires ne peuvent pas dépasser 2 000 caractères' })
  @IsString({ message: 'Les honoraires doivent être une chaîne de caractères' })
  fees_info?: string | null;

  @ApiPropertyOptional({
    type: [Number],
    example: [12, 3],
    description: 'Speciality ids in the professional’s order (the first is the main one); replaces the list',
  })
  @IsOptional()
  @ArrayMaxSize(10, { message: 'Au plus 10 domaines de compétence' })
  @IsInt({ each: true, message: 'Domaine de compétence inconnu' })
  @IsArray({ message: 'Les domaines de compétence doivent être une liste' })
  speciality_ids?: number[];
}

/** The fields only an administrator may set (the service refuses them from a professional: 403 ADMIN_ONLY_FIELD). */
class AdminManagedUserFields extends UserProfileFields {
  @ApiPropertyOptional({ description: 'Admin only', example: 'camille.durand' })
  @IsOptional()
  @Transform(normalizeEmail)
  @Matches(/^[a-z0-9._-]{3,64}$/, {
    message: "Le nom d'utilisateur doit faire 3 à 64 caractères parmi a-z, 0-9, point, tiret et tiret bas",
  })
  username?: string;

  @ApiPropertyOptional({ description: 'Admin only' })
  @IsOptional()
  @IsBoolean({ message: 'is_active doit être vrai ou faux' })
  is_active?: boolean;

  @ApiPropertyOptional({
    description: 'Admin only: the office (team) id, or null',
    type: String,
    format: 'uuid',
    nullable: true,
  })
  @IsOptional()
  @IsUUID('all', { message: "L'identifiant d'étude est invalide" })
  team_id?: string | null;

  @ApiPropertyOptional({
    description:
      'Admin only: start of the paid subscription (a sponsor’s referral counts from then), or null',
    type: String,
    format: 'date-time',
    nullable: true,
  })
  @IsOptional()
  @IsISO8601({}, { message: 'La date d’abonnement est invalide' })
  subscribed_at?: string | null;
}

/** PUT /users/{id}. `username`, `is_active` and `team_id` are for administrators only. */
export class UpdateUserDto extends AdminManagedUserFields {
  @ApiPropertyOptional({ example: 'Camille' })
  @IsOptional()
  @NameField('Le prénom')
  first_name?: string;

  @ApiPropertyOptional({ example: 'Durand' })
  @IsOptional()
  @NameField('Le nom')
  last_name?: string;

  @ApiPropertyOptional({ example: 'camille.durand@example.fr' })
  @IsOptional()
  @EmailField()
  email?: string;
}

/** POST /users (administrators): a professional account. Without a password, the professional finishes at /user/inscription/{userId}. */
export class CreateUserDto extends AdminManagedUserFields {
  @ApiProperty({ example: 'Camille' })
  @NameField('Le prénom')
  first_name: string;

  @ApiProperty({ example: 'Durand' })
  @NameField('Le nom')
  last_name: string;

  @ApiProperty({ example: 'camille.durand@example.fr' })
  @EmailField()
  email: string;

  @ApiPropertyOptional({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsOptional()
  @PasswordField()
  password?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(PASSWORD_MAX_LENGTH, {
    message: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
  })
  @IsString({ message: 'La confirmation du mot de passe est obligatoire' })
  password_confirmation?: string;
}

/** POST /users/{userId}/complete-registration */
export class CompleteRegistrationDto {
  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @PasswordField()
  password: string;

  @ApiProperty()
  @MaxLength(PASSWORD_MAX_LENGTH, {
    message: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
  })
  @IsString({ message: 'La confirmation du mot de passe est obligatoire' })
  password_confirmation: string;

  @ApiProperty({ example: '06 12 34 56 78', description: 'FR, BE or CH number' })
  @IsString({ message: 'Le numéro de téléphone est obligatoire' })
  telephone: string;

  @ApiProperty({ example: true })
  @Equals(true, { message: "Vous devez accepter les conditions générales d'utilisation" })
  cgu_accepted: boolean;

  @ApiProperty({ example: true })
  @Equals(true, { message: 'Vous devez accepter la politique de protection des données' })
  privacy_accepted: boolean;
}

/** Optional fields of an attendee. */
export class AttendeeProfileFields {
  @ApiPropertyOptional({ enum: CIVILITIES })
  @IsOptional()
  @IsIn(CIVILITIES, { message: 'La civilité doit être M., Mme ou Me' })
  civility?: string;

  @ApiPropertyOptional({ example: '1990-05-17', format: 'date' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'La date de naissance doit être au format AAAA-MM-JJ' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'La date de naissance doit être au format AAAA-MM-JJ' })
  birthdate?: string;

  @ApiPropertyOptional({
    example: '0612345678',
    description:
      'National or international number of phone_country_code; changing it clears the verification',
  })
  @IsOptional()
  @IsString({ message: 'Le numéro de téléphone doit être une chaîne de caractères' })
  phone?: string;

  @ApiPropertyOptional({ enum: PHONE_COUNTRIES })
  @IsOptional()
  @IsIn(PHONE_COUNTRIES, { message: 'Le pays du téléphone doit être FR, BE ou CH' })
  phone_country_code?: PhoneCountry;

  @ApiPropertyOptional({
    example: 'ACME SAS',
    nullable: true,
    type: String,
    description:
      'A client booking for their company: its name, printed on their fee notes (issued as Factur-X with company_siret); given with company_siret, blank or null clears both',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') || null : value,
  )
  @IsString({ message: 'Le nom de l’entreprise doit être un texte' })
  @MaxLength(200, { message: 'Le nom de l’entreprise ne peut pas dépasser 200 caractères' })
  company_name?: string | null;

  @ApiPropertyOptional({
    example: '732 829 320 00074',
    nullable: true,
    type: String,
    description: 'The company’s SIRET (14 digits, Luhn key; printed spaces accepted, stored bare)',
  })
  @IsOptional()
  @IsCompanySiret()
  company_siret?: string | null;
}

/** PUT /attendees/{id} */
export class UpdateAttendeeDto extends AttendeeProfileFields {
  @ApiPropertyOptional({ example: 'Alex' })
  @IsOptional()
  @NameField('Le prénom')
  first_name?: string;

  @ApiPropertyOptional({ example: 'Martin' })
  @IsOptional()
  @NameField('Le nom')
  last_name?: string;

  @ApiPropertyOptional({ example: 'alex.martin@example.fr' })
  @IsOptional()
  @EmailField()
  email?: string;
}

/** POST /attendees: public sign-up. Both acceptances are required and stored with their date. */
export class CreateAttendeeDto extends AttendeeProfileFields {
  @ApiProperty({ example: 'Alex' })
  @NameField('Le prénom')
  first_name: string;

  @ApiProperty({ example: 'Martin' })
  @NameField('Le nom')
  last_name: string;

  @ApiProperty({ example: 'alex.martin@example.fr' })
  @EmailField()
  email: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @PasswordField()
  password: string;

  @ApiProperty()
  @MaxLength(PASSWORD_MAX_LENGTH, {
    message: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
  })
  @IsString({ message: 'La confirmation du mot de passe est obligatoire' })
  password_confirmation: string;

  @ApiProperty({ example: true })
  @Equals(true, { message: "Vous devez accepter les conditions générales d'utilisation" })
  cgu_accepted: boolean;

  @ApiProperty({ example: true })
  @Equals(true, { message: 'Vous devez accepter la politique de protection des données' })
  privacy_accepted: boolean;
}

// ---------------------------------------------------------------- responses

export class AdminDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;
  @ApiProperty()
  email: string;
  @ApiProperty({ nullable: true, type: String })
  first_name: string | null;
  @ApiProperty({ nullable: true, type: String })
  last_name: string | null;
}

/** A professional, without secrets. */
export class UserCityDto {
  @ApiProperty({ example: 'lyon' }) cityUri: string;
  @ApiProperty({ example: 'Lyon' }) name: string;
  @ApiProperty({ type: [String], example: ['69001'] }) postalCodes: string[];
}

export class UserSpecialityDto {
  @ApiProperty() _id: number;
  @ApiProperty() slug: string;
  @ApiProperty() name: string;
}

/** What the dashboard shows: what keeps the profile out of the directory, and what would make it better. */
export class ProfileCompletenessDto {
  @ApiProperty({ description: 'Shown in search and on its city page now' }) listed: boolean;
  @ApiProperty({
    type: [String],
    description: 'French labels of what is missing to be listed (empty once listed)',
    example: ['Ville d’exercice'],
  })
  missing_for_listing: string[];
  @ApiProperty({
    type: [String],
    description: 'French labels of what a complete profile still lacks',
    example: ['Photo', 'Honoraires'],
  })
  missing: string[];
  @ApiProperty({ description: 'Share of the profile filled in, 0 to 100' }) percent: number;
}

export class UserDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;
  @ApiProperty()
  username: string;
  @ApiProperty()
  email: string;
  @ApiProperty({ nullable: true, type: String, enum: CIVILITIES })
  civility: string | null;
  @ApiProperty()
  first_name: string;
  @ApiProperty()
  last_name: string;
  @ApiProperty({ nullable: true, type: String, description: 'E.164' })
  telephone: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  phoneVerifiedAt: string | null;
  @ApiProperty()
  userUri: string;
  @ApiProperty({ example: 'FR', enum: PHONE_COUNTRIES })
  country: string;
  @ApiProperty({ example: '+33' })
  country_code: string;
  @ApiProperty({ example: 'Europe/Paris' })
  timezone: string;
  @ApiProperty({ example: 'fr', enum: LANGUAGES })
  language: string;
  @ApiProperty({ type: [String] })
  spoken_languages: string[];
  @ApiProperty({ nullable: true, type: String })
  picture: string | null;
  @ApiProperty({ nullable: true, type: String })
  presentation_title: string | null;
  @ApiProperty({ nullable: true, type: String })
  presentation: string | null;
  @ApiProperty()
  mail_copy_activated: boolean;
  @ApiProperty({ type: [String] })
  copy_emails: string[];
  @ApiProperty({ description: 'Whether search engines may index the public profile' })
  indexable: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' })
  teamId: string | null;
  @ApiProperty()
  isActive: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'Paid subscription since' })
  subscribedAt: string | null;
  @ApiProperty({ description: 'False until the professional has set a password' })
  registrationComplete: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  cguAcceptedAt: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  privacyAcceptedAt: string | null;
  @ApiProperty({ type: UserCityDto, nullable: true, description: 'Practice commune' })
  city: UserCityDto | null;
  @ApiProperty({ type: String, nullable: true })
  street: string | null;
  @ApiProperty({ type: String, nullable: true })
  postal_code: string | null;
  @ApiProperty({ type: String, nullable: true })
  fees_info: string | null;
  @ApiProperty({ description: 'Takes cases under legal aid (aide juridictionnelle)' })
  accepts_legal_aid: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'A lawyer’s bar (key of the French bars list)' })
  bar: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The number the public profile reveals (E.164)' })
  public_phone: string | null;
  @ApiProperty({ type: [UserSpecialityDto], description: 'In the professional’s order' })
  specialities: UserSpecialityDto[];
  @ApiProperty({ type: ProfileCompletenessDto })
  profile_completeness: ProfileCompletenessDto;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

/** An attendee, without secrets. */
export class AttendeeDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;
  @ApiProperty({ nullable: true, type: String, enum: CIVILITIES })
  civility: string | null;
  @ApiProperty()
  email: string;
  @ApiProperty({ nullable: true, type: String })
  first_name: string | null;
  @ApiProperty({ nullable: true, type: String })
  last_name: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date' })
  birthdate: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'E.164' })
  phone: string | null;
  @ApiProperty({ nullable: true, type: String, enum: PHONE_COUNTRIES })
  phone_country_code: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  phoneVerifiedAt: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The client’s company, on their fee notes' })
  company_name: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Its SIRET (14 digits)' })
  company_siret: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  cguAcceptedAt: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  privacyAcceptedAt: string | null;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class UserTokenDto {
  @ApiProperty({ description: 'JWT, audience "user"' })
  token: string;
  @ApiProperty({ type: UserDto })
  user: UserDto;
}

export class AttendeeTokenDto {
  @ApiProperty({ description: 'JWT, audience "attendee"' })
  token: string;
  @ApiProperty({ type: AttendeeDto })
  attendee: AttendeeDto;
}

export class AdminTokenDto {
  @ApiProperty({ description: 'JWT, audience "admin"' })
  token: string;
  @ApiProperty({ type: AdminDto })
  admin: AdminDto;
}

/** GET /users/{userId}/registration */
export class RegistrationDto {
  @ApiProperty()
  first_name: string;
  @ApiProperty()
  last_name: string;
  @ApiProperty()
  email: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The number already known (E.164, from the registration request), pre-filled',
  })
  telephone: string | null;
  @ApiProperty({ enum: PHONE_COUNTRIES, description: 'The country national numbers are read in' })
  country: PhoneCountry;
  @ApiProperty({ type: UserCityDto, nullable: true, description: 'Practice commune already set' })
  city: UserCityDto | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The office the professional belongs to or asked to join',
  })
  office_name: string | null;
}

export class FutureEventsCountItemDto {
  @ApiProperty({ format: 'uuid' })
  user_id: string;
  @ApiProperty()
  count: number;
}

/** GET /users/{id}/events-futur-count */
export class EventsFuturCountDto {
  @ApiProperty({
    type: [FutureEventsCountItemDto],
    description: 'Future appointments holding a slot (pending or confirmed), per user',
  })
  u_f_e_c: FutureEventsCountItemDto[];
  @ApiProperty({ description: 'Sum over the requested users' })
  count: number;
}

export class MessageDto {
  @ApiProperty()
  message: string;
}
