import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { PositionField } from '../../common/position-fields';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { APPOINTMENT_MODES } from '@rdv/sectors';

/*
 * class-validator reports the BOTTOM decorator's failure first, and the error filter shows the first
 * message: validators are therefore listed from the most specific (top) to the most basic (bottom),
 * so `page=abc` says "must be an integer" rather than "must be <= 1000". Same order in every DTO of
 * the directory, content and geo modules.
 */

/** Slugs used in public URLs (cityUri, userUri, teamUri, speciality): lower-case words joined by '-'. */
export const URI_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_PER_PAGE = 50;

/** The radius choices of "nearby" (search and city pages). */
export const NEARBY_RADII_KM = [10, 20, 50] as const;
/**
 * How far "nearby" goes on its own when the widest radius a visitor can choose (50 km) holds fewer than a page:
 * most French communes have nobody within 50 km, and a page that stops there leaves the visitor with nothing.
 */
export const WIDER_RADII_KM = [100, 200] as const;
/** Remote professionals shown under a listing. */
export const REMOTE_SECTION_SIZE = 6;
/**
 * Up to this many remote professionals are counted for the search's "n sur N" (a count of the whole country's,
 * 34,000 at 80,000 professionals, read every one of them at each search of an empty commune); above, the answer
 * says "more than" (RemoteResultDto.totalCapped).
 */
export const REMOTE_TOTAL_CAP = 1000;

export class SearchQueryDto {
  @ApiProperty({ example: 'lyon', description: 'cityUri of the city' })
  @Matches(URI_SLUG, { message: 'La ville est invalide' })
  @MaxLength(120, { message: 'La ville est invalide' })
  @IsString({ message: 'La ville est obligatoire' })
  cityUri: string;

  @ApiPropertyOptional({
    example: 'droit-de-la-famille-des-personnes-et-de-leur-patrimoine',
    description: 'Speciality slug',
  })
  @IsOptional()
  @Matches(URI_SLUG, { message: 'La spécialité est invalide' })
  @MaxLength(120, { message: 'La spécialité est invalide' })
  @IsString({ message: 'La spécialité est invalide' })
  speciality?: string;

  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: 1000 })
  @IsOptional()
  @Type(() => Number)
  @Max(1000, { message: 'La page ne peut pas dépasser 1000' })
  @Min(1, { message: 'La page doit être supérieure ou égale à 1' })
  @IsInt({ message: 'La page doit être un nombre entier' })
  page: number = 1;

  @ApiPropertyOptional({
    default: 20,
    minimum: 1,
    maximum: MAX_PER_PAGE,
    description: '20 on desktop, 10 on mobile (chosen by the UI)',
  })
  @IsOptional()
  @Type(() => Number)
  @Max(MAX_PER_PAGE, { message: `Le nombre de résultats par page ne peut pas dépasser ${MAX_PER_PAGE}` })
  @Min(1, { message: 'Le nombre de résultats par page doit être au moins 1' })
  @IsInt({ message: 'Le nombre de résultats par page doit être un nombre entier' })
  perPage: number = 20;

  @ApiPropertyOptional({ enum: APPOINTMENT_MODES, description: 'Only who offers this kind of appointment' })
  @IsOptional()
  @IsIn(APPOINTMENT_MODES, { message: 'Le type de rendez-vous doit être in_person, visio ou phone' })
  mode?: (typeof APPOINTMENT_MODES)[number];

  @ApiPropertyOptional({ example: 'en', description: 'ISO 639-1 code of a spoken language' })
  @IsOptional()
  @Matches(/^[a-z]{2}$/, { message: 'La langue doit être un code à deux lettres (ex. en)' })
  language?: string;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'Only who takes legal aid (aide juridictionnelle)',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'legalAid doit valoir true ou false' })
  legalAid?: 'true' | 'false';

  @ApiPropertyOptional({
    example: '2026-12-01',
    description: 'Only who has a free slot on or before this day',
  })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'La date doit être au format AAAA-MM-JJ' })
  availableBefore?: string;

  @ApiPropertyOptional({
    enum: ['relevance', 'soonest', 'nearest'],
    default: 'relevance',
    description:
      "nearest: the commune's professionals and those within `radius` in one list, nearest first from lat/lng (the visitor's position) or else the commune's centre, each with its distanceKm; nearby is then null",
  })
  @IsOptional()
  @IsIn(['relevance', 'soonest', 'nearest'], { message: 'Le tri doit être relevance, soonest ou nearest' })
  sort?: 'relevance' | 'soonest' | 'nearest';

  @ApiPropertyOptional({ example: 48.39, description: "The visitor's latitude, for sort=nearest (with lng)" })
  @PositionField('lat')
  lat?: number;

  @ApiPropertyOptional({
    example: -4.49,
    description: "The visitor's longitude, for sort=nearest (with lat)",
  })
  @PositionField('lng')
  lng?: number;

  @ApiPropertyOptional({
    enum: [...NEARBY_RADII_KM],
    default: 50,
    description: 'How far "nearby" reaches, km',
  })
  @IsOptional()
  @Type(() => Number)
  @IsIn([...NEARBY_RADII_KM], { message: 'Le rayon doit être de 10, 20 ou 50 km' })
  radius: number = 50;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    default: 'true',
    description: 'false: cards without their next free slots (faster)',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'withSlots doit valoir true ou false' })
  withSlots?: string;
}

export class SpecialityRefDto {
  @ApiProperty({ example: 'droit-penal' })
  slug: string;

  @ApiProperty({ example: 'Droit pénal' })
  name: string;
}

export class CityRefDto {
  @ApiProperty({ example: 'lyon' })
  cityUri: string;

  @ApiProperty({ example: 'Lyon' })
  name: string;

  @ApiProperty({ example: '69' })
  departmentCode: string;
}

export class TeamRefDto {
  @ApiProperty({ example: 'cabinet-martin-associes' })
  teamUri: string;

  @ApiProperty({ example: 'Cabinet Martin & Associés' })
  name: string;
}

export class ModesDto {
  @ApiProperty({ description: 'Appointments at the office' })
  in_person: boolean;

  @ApiProperty({ description: 'Video appointments (Visio-RDV)' })
  visio: boolean;

  @ApiProperty({ description: 'Phone appointments' })
  phone: boolean;
}

export class NextSlotDto {
  @ApiProperty({
    example: '2026-11-24T09:00:00+01:00',
    description: "ISO 8601 with the professional's offset",
  })
  start: string;

  @ApiProperty({ example: '2026-11-24T09:30:00+01:00' })
  end: string;
}

/** A motive as a listing or the profile shows it: what it is and what it costs. */
export class CardMotiveDto {
  @ApiProperty({ example: 'Première consultation' })
  title: string;

  @ApiProperty({
    enum: ['free', 'at_booking'],
    description: 'at_booking: the client pays online when booking',
  })
  paymentRule: 'free' | 'at_booking';

  @ApiProperty({
    example: 8000,
    nullable: true,
    type: Number,
    description:
      'Price including VAT, in cents (the booking dialog shows the same); null for a free motive, which shows no price',
  })
  priceCents: number | null;
}

/** A professional as listed in search results and on an office page. */
export class ProfessionalCardDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ example: 'marie-martin' })
  userUri: string;

  @ApiProperty({ example: 'Marie' })
  first_name: string;

  @ApiProperty({ example: 'Martin' })
  last_name: string;

  @ApiProperty({ example: 'Mme', nullable: true, type: String })
  civility: string | null;

  @ApiProperty({ example: '/uploads/pictures/abc.webp', nullable: true, type: String })
  picture: string | null;

  @ApiProperty({ type: TeamRefDto, nullable: true })
  team: TeamRefDto | null;

  @ApiProperty({ type: CityRefDto, nullable: true })
  city: CityRefDto | null;

  @ApiProperty({ type: SpecialityRefDto, isArray: true })
  specialities: SpecialityRefDto[];

  @ApiProperty({
    type: CardMotiveDto,
    isArray: true,
    description: 'Active motives, in the professional’s order',
  })
  motives: CardMotiveDto[];

  @ApiProperty({ type: ModesDto })
  modes: ModesDto;

  @ApiProperty()
  accepts_online_booking: boolean;

  @ApiProperty({ example: 'Avocate en droit de la famille', nullable: true, type: String })
  presentation_title: string | null;

  @ApiProperty({
    type: NextSlotDto,
    isArray: true,
    description:
      'Up to 3 next free slots (first active motive, default calendar); empty when the professional does not take online booking or has no opening hours',
  })
  nextSlots: NextSlotDto[];

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 48.3904,
    description:
      'The practice’s latitude (WGS 84): its geocoded address, or its commune’s centre (see locationPrecision)',
  })
  latitude: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: -4.4861,
    description: 'The practice’s longitude (WGS 84)',
  })
  longitude: number | null;

  @ApiProperty({
    enum: ['address', 'commune'],
    example: 'address',
    description:
      '`address`: latitude / longitude are the practice’s (the professional’s own, else their office’s) address as the national address base placed it; `commune`: only its commune’s centre (distances then say "≈")',
  })
  locationPrecision: 'address' | 'commune';
}

export class NearbyCardDto extends ProfessionalCardDto {
  @ApiProperty({
    example: 8.4,
    description:
      'Distance from the searched commune’s centre, km, to a tenth (at least 0.1); approximate ("≈") when locationPrecision is commune',
  })
  distanceKm: number;
}

export class NearbyResultDto {
  @ApiProperty({
    enum: [...NEARBY_RADII_KM, ...WIDER_RADII_KM],
    example: 50,
    description: 'How far the list reaches: the radius asked, or 100 / 200 km when the search widened',
  })
  radiusKm: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 50,
    description:
      'The radius asked (50 km) when it held fewer than a page with the commune and the search went further; null otherwise',
  })
  widenedFromKm: number | null;

  @ApiProperty({ example: 0, description: 'How many professionals the radius asked held (at most a page)' })
  countWithinAsked: number;

  @ApiProperty({
    type: NearbyCardDto,
    isArray: true,
    description: 'Professionals of other communes, nearest first',
  })
  items: NearbyCardDto[];
}

export class RemoteResultDto {
  @ApiProperty({
    enum: ['visio', 'phone'],
    isArray: true,
    description: 'The remote ways listed: the one asked (mode filter), else video and phone',
  })
  modes: Array<'visio' | 'phone'>;

  @ApiProperty({
    example: 14,
    description: `How many such professionals there are in the directory, counted up to ${REMOTE_TOTAL_CAP.toLocaleString('en')}: when totalCapped, there are more than that`,
  })
  total: number;

  @ApiProperty({
    example: false,
    description: `True when there are more than total (${REMOTE_TOTAL_CAP.toLocaleString('en')}) such professionals: the count stops there`,
  })
  totalCapped: boolean;

  @ApiProperty({
    type: ProfessionalCardDto,
    isArray: true,
    description: `Up to ${REMOTE_SECTION_SIZE} professionals taking online booking who consult by video or phone, wherever they practise, soonest free slot first; none of those listed above`,
  })
  items: ProfessionalCardDto[];
}

/** A card of the search: with sort=nearest, also its distance. */
export class SearchCardDto extends ProfessionalCardDto {
  @ApiPropertyOptional({
    example: 3,
    description:
      'With sort=nearest: distance from the visitor (or the commune\'s centre), km, to a tenth; approximate ("≈") when locationPrecision is commune',
  })
  distanceKm?: number;
}

export class SearchResultDto {
  @ApiProperty({ type: SearchCardDto, isArray: true })
  items: SearchCardDto[];

  @ApiProperty({ example: 57 })
  total: number;

  @ApiProperty({ example: 1 })
  page: number;

  @ApiProperty({ example: 20 })
  perPage: number;

  @ApiProperty({ example: 3 })
  totalPages: number;

  @ApiProperty({
    example: 41,
    description:
      'How many of the matching professionals take online booking (for the "other professionals of the city do" message)',
  })
  onlineCount: number;

  @ApiProperty({ type: CityRefDto })
  city: CityRefDto;

  @ApiProperty({ type: SpecialityRefDto, nullable: true })
  speciality: SpecialityRefDto | null;

  @ApiProperty({
    type: NearbyResultDto,
    nullable: true,
    description:
      'On the last page of the commune (or when it has nobody): the nearest professionals of other communes',
  })
  nearby: NearbyResultDto | null;

  @ApiProperty({
    type: RemoteResultDto,
    nullable: true,
    description:
      'On the last page: professionals who consult by video or phone anywhere in France, with the same speciality and filters; null with mode=in_person or in a trade without remote appointments',
  })
  remote: RemoteResultDto | null;
}

export class CitiesQueryDto {
  @ApiPropertyOptional({
    default: true,
    description: 'Only cities with active professionals (the only listing offered)',
  })
  @IsOptional()
  @IsIn(['true', '1'], {
    message: 'Seules les villes ayant des professionnels peuvent être listées (withProfessionals=true)',
  })
  withProfessionals?: string;
}

export class DepartmentRefDto {
  @ApiProperty({ example: '69' })
  code: string;

  @ApiProperty({ example: 'Rhône' })
  name: string;
}

export class CityCountDto {
  @ApiProperty({ example: 'lyon' })
  cityUri: string;

  @ApiProperty({ example: 'Lyon' })
  name: string;

  @ApiProperty({ example: 42, description: 'Active professionals in the city' })
  count: number;
}

export class DepartmentCitiesDto {
  @ApiProperty({ type: DepartmentRefDto })
  department: DepartmentRefDto;

  @ApiProperty({ type: CityCountDto, isArray: true })
  cities: CityCountDto[];
}

/** GET /departments/{code}: a department's page of professionals. */
export class DepartmentQueryDto extends PickType(SearchQueryDto, [
  'speciality',
  'page',
  'perPage',
  'withSlots',
] as const) {}

export class DepartmentCodeParamDto {
  @ApiProperty({ example: '29', description: 'Department code (01-95, 2A, 2B, 971-976)' })
  @Matches(/^(?:\d{2}|2[AB]|97\d)$/, { message: 'Département inconnu' })
  code: string;
}

export class DepartmentPageDto {
  @ApiProperty({ type: DepartmentRefDto })
  department: DepartmentRefDto;

  @ApiProperty({
    type: CityCountDto,
    isArray: true,
    description: 'Its communes with professionals, most first',
  })
  cities: CityCountDto[];

  @ApiProperty({ type: ProfessionalCardDto, isArray: true })
  items: ProfessionalCardDto[];

  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() perPage: number;
  @ApiProperty() totalPages: number;
  @ApiProperty() onlineCount: number;

  @ApiProperty({ type: SpecialityRefDto, nullable: true })
  speciality: SpecialityRefDto | null;
}

export class AutocompleteQueryDto {
  @ApiProperty({
    example: 'lyo',
    description: 'Start of a city name (accents and hyphens ignored) or of a postal code',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(60, { message: 'La recherche ne peut pas dépasser 60 caractères' })
  @MinLength(2, { message: 'Veuillez saisir au moins 2 caractères' })
  @IsString({ message: 'Veuillez saisir au moins 2 caractères' })
  q: string;

  @ApiPropertyOptional({ default: 8, minimum: 1, maximum: 20 })
  @IsOptional()
  @Type(() => Number)
  @Max(20, { message: 'La limite ne peut pas dépasser 20' })
  @Min(1, { message: 'La limite doit être au moins 1' })
  @IsInt({ message: 'La limite doit être un nombre entier' })
  limit: number = 8;
}

export class CitySuggestionDto {
  @ApiProperty({ example: 'lyon' })
  cityUri: string;

  @ApiProperty({ example: 'Lyon' })
  name: string;

  @ApiProperty({ example: '69' })
  departmentCode: string;

  @ApiProperty({ example: ['69001', '69002'], type: String, isArray: true })
  postalCodes: string[];

  @ApiProperty({ example: 522250, nullable: true, type: Number })
  population: number | null;

  @ApiProperty({ example: 42, description: 'Active professionals in the city' })
  count: number;
}

export class CityDetailDto {
  @ApiProperty({ example: 'lyon' })
  cityUri: string;

  @ApiProperty({ example: 'Lyon' })
  name: string;

  @ApiProperty({ example: '69123' })
  inseeCode: string;

  @ApiProperty({ type: DepartmentRefDto })
  department: DepartmentRefDto;

  @ApiProperty({ example: ['69001'], type: String, isArray: true })
  postalCodes: string[];

  @ApiProperty({ nullable: true, type: Number })
  population: number | null;

  @ApiProperty({ nullable: true, type: Number })
  latitude: number | null;

  @ApiProperty({ nullable: true, type: Number })
  longitude: number | null;

  @ApiProperty({ example: 42, description: 'Active professionals in the city' })
  count: number;
}

export class CityUriParamDto {
  @ApiProperty({ example: 'lyon' })
  @Matches(URI_SLUG, { message: 'La ville est invalide' })
  @MaxLength(120, { message: 'La ville est invalide' })
  cityUri: string;
}

export class UserUriParamDto {
  @ApiProperty({ example: 'marie-martin' })
  @Matches(URI_SLUG, { message: 'Le professionnel est invalide' })
  @MaxLength(160, { message: 'Le professionnel est invalide' })
  userUri: string;
}

export class TeamUriParamDto {
  @ApiProperty({ example: 'cabinet-martin' })
  @Matches(URI_SLUG, { message: 'Le cabinet est invalide' })
  @MaxLength(160, { message: 'Le cabinet est invalide' })
  teamUri: string;
}

export class TeamQueryDto {
  @ApiPropertyOptional({ description: 'Only the professionals of this speciality' })
  @IsOptional()
  @Matches(URI_SLUG, { message: 'La spécialité est invalide' })
  @MaxLength(120, { message: 'La spécialité est invalide' })
  @IsString({ message: 'La spécialité est invalide' })
  speciality?: string;
}

export class OfficeDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ example: 'cabinet-martin' })
  teamUri: string;

  @ApiProperty({ example: 'Cabinet Martin' })
  name: string;

  @ApiProperty({
    example: '73282932000074',
    description: 'Registration number: SIRET, or crpcen for notaries',
  })
  ext_id: string;

  @ApiProperty({ nullable: true, type: String })
  presentation: string | null;

  @ApiProperty({ nullable: true, type: String, example: '12 rue de la République' })
  street: string | null;

  @ApiProperty({ nullable: true, type: String, example: '69002' })
  postalCode: string | null;

  @ApiProperty({ type: CityRefDto, nullable: true })
  city: CityRefDto | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 48.3904,
    description:
      'The office’s latitude (WGS 84): its geocoded address, or its commune’s centre (see locationPrecision)',
  })
  latitude: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: -4.4861,
    description: 'The office’s longitude (WGS 84)',
  })
  longitude: number | null;

  @ApiProperty({
    enum: ['address', 'commune'],
    example: 'address',
    description:
      '`address`: latitude / longitude are the office’s address as the national address base placed it; `commune`: only its commune’s centre (distances then say "≈")',
  })
  locationPrecision: 'address' | 'commune';
}

export class OtherOnlineDto {
  @ApiProperty({
    example: 12,
    description: 'Other active professionals of the same city who take online booking',
  })
  count: number;

  @ApiProperty({ type: CityRefDto })
  city: CityRefDto;

  @ApiProperty({ type: ProfessionalCardDto, isArray: true, description: 'Up to 3 of them' })
  items: ProfessionalCardDto[];
}

export class PracticeAddressDto {
  @ApiProperty({ nullable: true, type: String }) street: string | null;
  @ApiProperty({ nullable: true, type: String }) postalCode: string | null;
  @ApiProperty({ type: CityRefDto, nullable: true }) city: CityRefDto | null;
}

export class ProfileDto extends ProfessionalCardDto {
  @ApiProperty({ nullable: true, type: String, description: 'Presentation text' })
  presentation: string | null;

  @ApiProperty({ type: OfficeDto, nullable: true })
  office: OfficeDto | null;

  @ApiProperty({
    type: PracticeAddressDto,
    nullable: true,
    description:
      'Where in-person appointments take place: the professional’s own address, else their office’s',
  })
  address: PracticeAddressDto | null;

  @ApiProperty({ nullable: true, type: String, description: 'Fees in the professional’s words' })
  feesInfo: string | null;

  @ApiProperty({ description: 'Takes cases under legal aid (aide juridictionnelle)' })
  acceptsLegalAid: boolean;

  @ApiProperty({
    nullable: true,
    type: String,
    example: 'Barreau de Lyon',
    description: 'A lawyer’s bar, when given',
  })
  bar: string | null;

  @ApiProperty({ example: ['fr', 'en'], type: String, isArray: true })
  spoken_languages: string[];

  @ApiProperty({ description: 'false: the professional asked search engines not to index the profile' })
  indexable: boolean;

  @ApiProperty({ description: 'Whether a phone number can be revealed' })
  hasPhone: boolean;

  @ApiProperty({
    type: () => ProfessionalRatingDto,
    nullable: true,
    description: 'Aggregate of its published reviews (schema.org AggregateRating); null when there is none',
  })
  rating: ProfessionalRatingDto | null;

  @ApiProperty({
    type: OtherOnlineDto,
    nullable: true,
    description: 'Set when the professional does not take online booking',
  })
  otherOnlineInCity: OtherOnlineDto | null;
}

/** schema.org AggregateRating of the published reviews of one professional. */
export class ProfessionalRatingDto {
  @ApiProperty({ example: 4.7 })
  ratingValue: number;

  @ApiProperty({ example: 12 })
  ratingCount: number;

  @ApiProperty({ example: 5 })
  bestRating: number;

  @ApiProperty({ example: 1 })
  worstRating: number;
}

export class PhoneRevealDto {
  @ApiProperty({ example: '+33478000000' })
  telephone: string;
}

export class TeamPageDto extends OfficeDto {
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Office photo, 400 px WebP (160 px: ends in -160.webp)',
  })
  picture: string | null;

  @ApiProperty({ type: SpecialityRefDto, nullable: true, description: 'The speciality filter, when given' })
  speciality: SpecialityRefDto | null;

  @ApiProperty({
    type: SpecialityRefDto,
    isArray: true,
    description: 'Specialities of its active professionals',
  })
  specialities: SpecialityRefDto[];

  @ApiProperty({ type: ProfessionalCardDto, isArray: true })
  professionals: ProfessionalCardDto[];
}
