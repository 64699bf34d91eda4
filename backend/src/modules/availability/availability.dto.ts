import { FreeTextName } from '../../common/dto-transforms';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsDivisibleBy,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsInstantInRange } from '../../common/instant-range';
import { HOLIDAY_COUNTRIES, type HolidayCountry } from './public-holidays';
import type { AppointmentMode } from './slot-calculator';

// French validation messages: the global ValidationPipe answers 400 { code: 'VALIDATION_FAILED', message }
// with the first one.

export const LOCAL_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
export const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const MODES: readonly AppointmentMode[] = ['in_person', 'visio', 'phone'];
const COLOR = /^#[0-9a-fA-F]{6}$/;
export const PAYMENT_RULES = ['free', 'at_booking'] as const;
export type PaymentRule = (typeof PAYMENT_RULES)[number];
export const LATE_REFUNDS = ['none', 'half', 'all'] as const;
export type LateRefund = (typeof LATE_REFUNDS)[number];

/** 'HH:mm:ss' from PostgreSQL -> 'HH:mm' */
export const toHhMm = (time: string | null): string | null => (time === null ? null : time.slice(0, 5));

// ---- calendars ---------------------------------------------------------------------------------------------

export class CalendarDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Cabinet' }) name: string;
  @ApiProperty({ example: '#c62828' }) color: string;
  @ApiProperty({ example: 0 }) position: number;
  @ApiProperty({ description: 'The agenda used when a request names no calendar' }) isDefault: boolean;
}

export class CreateCalendarDto {
  @ApiProperty({ example: 'Cabinet', maxLength: 100 })
  @Length(1, 100, { message: 'Le nom du calendrier doit faire entre 1 et 100 caractères' })
  @IsString({ message: 'Le nom du calendrier est obligatoire' })
  @FreeTextName()
  name: string;

  @ApiPropertyOptional({ example: '#c62828' })
  @IsOptional()
  @Matches(COLOR, { message: 'La couleur doit être au format #RRGGBB' })
  color?: string;

  @ApiPropertyOptional({ description: 'Make it the default agenda (the first calendar always is)' })
  @IsOptional()
  @IsBoolean({ message: 'isDefault doit être vrai ou faux' })
  isDefault?: boolean;
}

export class UpdateCalendarDto extends PartialType(CreateCalendarDto) {
  @ApiPropertyOptional({ example: 1 })
  @IsOptional()
  @IsInt({ message: 'La position doit être un entier' })
  @Min(0, { message: 'La position doit être positive' })
  position?: number;
}

// ---- motives -----------------------------------------------------------------------------------------------

export class MotiveDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Première consultation' }) title: string;
  @ApiProperty({ example: 60, description: 'Minutes, a multiple of 5' }) durationMinutes: number;
  @ApiProperty({ example: 1440, description: 'Minimum notice ("délai avant rendez-vous"), minutes' })
  noticeMinutes: number;
  @ApiProperty({
    example: 9,
    nullable: true,
    type: Number,
    description: 'No slot starting before this local hour',
  })
  notBeforeHour: number | null;
  @ApiProperty({ example: 3, description: 'Booking horizon, months' }) notAfterMonths: number;
  @ApiProperty() inPersonAllowed: boolean;
  @ApiProperty() visioAllowed: boolean;
  @ApiProperty() phoneAllowed: boolean;
  @ApiProperty() isActive: boolean;
  @ApiProperty({ example: 0 }) position: number;
  @ApiProperty({ example: 8000, nullable: true, type: Number, description: 'Price including VAT, cents' })
  priceCents: number | null;
  @ApiProperty({ enum: PAYMENT_RULES, description: 'free, or paid online at booking' })
  paymentRule: PaymentRule;
  @ApiProperty({ example: 48, description: 'Free cancellation until this many hours before the meeting' })
  cancellationDeadlineHours: number;
  @ApiProperty({
    enum: LATE_REFUNDS,
    description: 'Share refunded when the client cancels after the deadline',
  })
  lateCancellationRefund: LateRefund;
  @ApiProperty({ description: 'A client declaring full legal aid books without paying' })
  acceptsLegalAid: boolean;
}

export class CreateMotiveDto {
  @ApiProperty({ example: 'Première consultation', maxLength: 120 })
  // class-validator reports the decorator nearest the property first: the "missing" message must win.
  @Length(1, 120, { message: 'Le titre du motif doit faire entre 1 et 120 caractères' })
  @IsString({ message: 'Le titre du motif est obligatoire' })
  @FreeTextName()
  title: string;

  @ApiProperty({ example: 60, description: 'Minutes: a multiple of 5, from 5 to 480' })
  @IsInt({ message: 'La durée doit être un nombre entier de minutes' })
  @Min(5, { message: 'La durée doit être d’au moins 5 minutes' })
  @Max(480, { message: 'La durée ne peut pas dépasser 8 heures' })
  @IsDivisibleBy(5, { message: 'La durée doit être un multiple de 5 minutes' })
  durationMinutes: number;

  @ApiPropertyOptional({ example: 1440, description: 'Minimum notice in minutes (0 to 90 days); default 0' })
  @IsOptional()
  @IsInt({ message: 'Le délai avant rendez-vous doit être un nombre entier de minutes' })
  @Min(0, { message: 'Le délai avant rendez-vous ne peut pas être négatif' })
  @Max(90 * 24 * 60, { message: 'Le délai avant rendez-vous ne peut pas dépasser 90 jours' })
  noticeMinutes?: number;

  @ApiPropertyOptional({ example: 9, nullable: true, type: Number, description: '0-23, null = no limit' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsInt({ message: 'L’heure minimale doit être une heure entière entre 0 et 23' })
  @Min(0, { message: 'L’heure minimale doit être une heure entière entre 0 et 23' })
  @Max(23, { message: 'L’heure minimale doit être une heure entière entre 0 et 23' })
  notBeforeHour?: number | null;

  @ApiPropertyOptional({ example: 3, description: 'Booking horizon in months, 1 to 24; default 3' })
  @IsOptional()
  @IsInt({ message: 'L’horizon de réservation doit être un nombre entier de mois' })
  @Min(1, { message: 'L’horizon de réservation doit être d’au moins 1 mois' })
  @Max(24, { message: 'L’horizon de réservation ne peut pas dépasser 24 mois' })
  notAfterMonths?: number;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'inPersonAllowed doit être vrai ou faux' })
  inPersonAllowed?: boolean;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'visioAllowed doit être vrai ou faux' })
  visioAllowed?: boolean;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'phoneAllowed doit être vrai ou faux' })
  phoneAllowed?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'isActive doit être vrai ou faux' })
  isActive?: boolean;

  @ApiPropertyOptional({
    example: 8000,
    nullable: true,
    type: Number,
    description: 'TTC, cents: 1 € to 10 000 €',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsInt({ message: 'Le prix doit être un montant entier en centimes' })
  @Min(100, { message: 'Le prix doit être d’au moins 1 €' })
  @Max(1_000_000, { message: 'Le prix ne peut pas dépasser 10 000 €' })
  priceCents?: number | null;

  @ApiPropertyOptional({ enum: PAYMENT_RULES, default: 'free' })
  @IsOptional()
  @IsIn(PAYMENT_RULES, {
    message: 'Le règlement doit être « free » (gratuit) ou « at_booking » (à la réservation)',
  })
  paymentRule?: PaymentRule;

  @ApiPropertyOptional({ example: 48, description: '0 to 720 hours; default 24' })
  @IsOptional()
  @IsInt({ message: 'Le délai d’annulation doit être un nombre entier d’heures' })
  @Min(0, { message: 'Le délai d’annulation ne peut pas être négatif' })
  @Max(720, { message: 'Le délai d’annulation ne peut pas dépasser 30 jours' })
  cancellationDeadlineHours?: number;

  @ApiPropertyOptional({ enum: LATE_REFUNDS, default: 'none' })
  @IsOptional()
  @IsIn(LATE_REFUNDS, { message: 'Le remboursement après le délai doit être « none », « half » ou « all »' })
  lateCancellationRefund?: LateRefund;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'acceptsLegalAid doit être vrai ou faux' })
  acceptsLegalAid?: boolean;
}

export class UpdateMotiveDto extends PartialType(CreateMotiveDto) {}

export class ReorderMotivesDto {
  @ApiProperty({ type: [String], description: 'Every motive id of the professional, in the new order' })
  @IsArray({ message: 'La liste des motifs est obligatoire' })
  @ArrayMaxSize(200, { message: 'Trop de motifs' })
  @ArrayUnique({ message: 'Un motif apparaît deux fois' })
  @IsUUID('all', { each: true, message: 'Identifiant de motif invalide' })
  motiveIds: string[];
}

// ---- weekly availabilities ---------------------------------------------------------------------------------

export class WeeklyRangeDto {
  @ApiProperty({ example: 1, description: 'ISO weekday: 1 = Monday ... 7 = Sunday' })
  @IsInt({ message: 'Le jour doit être un entier de 1 (lundi) à 7 (dimanche)' })
  @Min(1, { message: 'Le jour doit être un entier de 1 (lundi) à 7 (dimanche)' })
  @Max(7, { message: 'Le jour doit être un entier de 1 (lundi) à 7 (dimanche)' })
  weekday: number;

  @ApiProperty({ example: '09:00', description: 'Local time HH:mm' })
  @Matches(LOCAL_TIME, { message: 'L’heure de début doit être au format HH:mm' })
  startTime: string;

  @ApiProperty({ example: '12:30', description: 'Local time HH:mm (24:00 = end of the day)' })
  @Matches(LOCAL_TIME, { message: 'L’heure de fin doit être au format HH:mm' })
  endTime: string;

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    description: 'Limit the range to these motives; null = all',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsArray({ message: 'motiveIds doit être une liste' })
  @ArrayMaxSize(50, { message: 'Trop de motifs sur une plage' })
  @IsUUID('all', { each: true, message: 'Identifiant de motif invalide' })
  motiveIds?: string[] | null;
}

export class ReplaceWeekDto {
  @ApiProperty({ type: [WeeklyRangeDto], description: 'The whole week: replaces every existing range' })
  @IsArray({ message: 'La liste des plages est obligatoire' })
  @ArrayMaxSize(200, { message: 'Trop de plages horaires' })
  @ValidateNested({ each: true })
  @Type(() => WeeklyRangeDto)
  ranges: WeeklyRangeDto[];
}

export class WeekDto {
  @ApiProperty({ format: 'uuid' }) calendarId: string;
  @ApiProperty({ type: [WeeklyRangeDto] }) ranges: WeeklyRangeDto[];
}

// ---- unavailability periods and holidays -------------------------------------------------------------------

export class UnavailabilityDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'null = every calendar' })
  calendarId: string | null;
  @ApiProperty({ example: '2026-03-10T14:00:00.000Z' }) startsAt: string;
  @ApiProperty({ example: '2026-03-10T18:00:00.000Z' }) endsAt: string;
  @ApiProperty({ nullable: true, type: String }) reason: string | null;
}

export class CreateUnavailabilityDto {
  @ApiProperty({ example: '2026-03-10T14:00:00+01:00', description: 'ISO 8601 instant with offset' })
  @IsISO8601({ strict: true }, { message: 'Le début doit être une date et heure ISO 8601' })
  @IsInstantInRange()
  startsAt: string;

  @ApiProperty({ example: '2026-03-10T18:00:00+01:00' })
  @IsISO8601({ strict: true }, { message: 'La fin doit être une date et heure ISO 8601' })
  @IsInstantInRange()
  endsAt: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only this calendar; absent = every calendar' })
  @IsOptional()
  @IsUUID('all', { message: 'Identifiant de calendrier invalide' })
  calendarId?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString({ message: 'Le motif d’indisponibilité doit être un texte' })
  @Length(0, 200, { message: 'Le motif d’indisponibilité ne peut pas dépasser 200 caractères' })
  reason?: string;
}

export class HolidayDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: '2026-08-03' }) startsOn: string;
  @ApiProperty({ example: '2026-08-21', description: 'Included' }) endsOn: string;
  @ApiProperty({ nullable: true, type: String }) label: string | null;
}

export class CreateHolidayDto {
  @ApiProperty({ example: '2026-08-03', description: 'First closed local date' })
  @Matches(LOCAL_DATE, { message: 'La date de début doit être au format AAAA-MM-JJ' })
  startsOn: string;

  @ApiProperty({ example: '2026-08-21', description: 'Last closed local date (included)' })
  @Matches(LOCAL_DATE, { message: 'La date de fin doit être au format AAAA-MM-JJ' })
  endsOn: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString({ message: 'Le libellé doit être un texte' })
  @Length(0, 200, { message: 'Le libellé ne peut pas dépasser 200 caractères' })
  label?: string;
}

// ---- public holidays ---------------------------------------------------------------------------------------

export class PublicHolidaysQueryDto {
  @ApiPropertyOptional({ example: 2026, description: 'Default: the current year' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'L’année doit être un entier' })
  @Min(2000, { message: 'L’année doit être comprise entre 2000 et 2100' })
  @Max(2100, { message: 'L’année doit être comprise entre 2000 et 2100' })
  year?: number;
}

export class PublicHolidayDto {
  @ApiProperty({ example: '2026-07-14' }) date: string;
  @ApiProperty({ example: 'Fête Nationale de la France' }) name: string;
  @ApiProperty({ example: '2026-07' }) month: string;
  @ApiProperty({ description: 'Worked (open for booking) because its month is marked worked' })
  worked: boolean;
}

export class PublicHolidaysDto {
  @ApiProperty({ enum: HOLIDAY_COUNTRIES }) country: HolidayCountry;
  @ApiProperty({ example: 2026 }) year: number;
  @ApiProperty({ type: [PublicHolidayDto] }) holidays: PublicHolidayDto[];
  @ApiProperty({ type: [String], example: ['2026-07'], description: 'Months of that year marked worked' })
  workedMonths: string[];
}

export class SetWorkedMonthDto {
  @ApiProperty({ description: 'true: public holidays of that month are worked (open); false: closed' })
  @IsBoolean({ message: 'worked doit être vrai ou faux' })
  worked: boolean;
}

export class WorkedMonthDto {
  @ApiProperty({ example: '2026-07' }) month: string;
  @ApiProperty() worked: boolean;
}

// ---- settings ----------------------------------------------------------------------------------------------

export class AvailabilitySettingsDto {
  @ApiProperty({
    example: '08:30',
    nullable: true,
    type: String,
    description: 'Earliest local start of any slot',
  })
  amplitudeStart: string | null;
  @ApiProperty({
    example: '19:30',
    nullable: true,
    type: String,
    description: 'Latest local end of any slot',
  })
  amplitudeEnd: string | null;
  @ApiProperty({ description: 'Video appointments offered' }) visioEnabled: boolean;
  @ApiProperty({ description: 'Phone appointments offered' }) phoneEnabled: boolean;
  @ApiProperty({ enum: HOLIDAY_COUNTRIES, nullable: true, description: 'null = the account country' })
  holidayCountry: HolidayCountry | null;
  @ApiProperty({ enum: HOLIDAY_COUNTRIES, description: 'The country whose public holidays apply' })
  effectiveHolidayCountry: HolidayCountry;
  @ApiProperty({ example: 'Europe/Paris' }) timezone: string;
}

export class UpdateAvailabilitySettingsDto {
  @ApiPropertyOptional({ example: '08:30', nullable: true, type: String })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @Matches(LOCAL_TIME, { message: 'Le début de l’amplitude doit être au format HH:mm' })
  amplitudeStart?: string | null;

  @ApiPropertyOptional({ example: '19:30', nullable: true, type: String })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @Matches(LOCAL_TIME, { message: 'La fin de l’amplitude doit être au format HH:mm' })
  amplitudeEnd?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'visioEnabled doit être vrai ou faux' })
  visioEnabled?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'phoneEnabled doit être vrai ou faux' })
  phoneEnabled?: boolean;

  @ApiPropertyOptional({ enum: HOLIDAY_COUNTRIES, nullable: true })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsIn(HOLIDAY_COUNTRIES, { message: 'Le pays des jours fériés doit être FR, BE ou CH' })
  holidayCountry?: HolidayCountry | null;
}

export class BookingMotiveDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Première consultation' }) title: string;
  @ApiProperty({ example: 60 }) durationMinutes: number;
  @ApiProperty({
    enum: MODES,
    isArray: true,
    description: 'Modes offered: the motive allows them and the professional has them on',
  })
  modes: AppointmentMode[];
  @ApiProperty({ example: 8000, nullable: true, type: Number, description: 'Price including VAT, cents' })
  priceCents: number | null;
  @ApiProperty({ enum: PAYMENT_RULES }) paymentRule: PaymentRule;
  @ApiProperty({ example: 48 }) cancellationDeadlineHours: number;
  @ApiProperty({ enum: LATE_REFUNDS }) lateCancellationRefund: LateRefund;
  @ApiProperty() acceptsLegalAid: boolean;
}

// ---- slots -------------------------------------------------------------------------------------------------

export class SlotDto {
  @ApiProperty({ example: '2026-03-29T10:00:00+02:00' }) start: string;
  @ApiProperty({ example: '2026-03-29T11:00:00+02:00' }) end: string;
}

export class SlotsQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Default: the first active motive' })
  @IsOptional()
  @IsUUID('all', { message: 'Identifiant de motif invalide' })
  motiveId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Default: the default calendar' })
  @IsOptional()
  @IsUUID('all', { message: 'Identifiant de calendrier invalide' })
  calendarId?: string;

  @ApiPropertyOptional({
    example: '2026-03-02',
    description: 'Local date (AAAA-MM-JJ, in the professional zone) or ISO instant; default now',
  })
  @IsOptional()
  @IsString({ message: 'from doit être une date' })
  from?: string;

  @ApiPropertyOptional({
    example: '2026-03-08',
    description:
      'Local date (included) or ISO instant (excluded); default from + 7 days; at most 90 days after from',
  })
  @IsOptional()
  @IsString({ message: 'to doit être une date' })
  to?: string;

  @ApiPropertyOptional({ enum: MODES })
  @IsOptional()
  @IsIn(MODES, { message: 'Le mode doit être in_person, visio ou phone' })
  mode?: AppointmentMode;
}

export class SlotsDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The motive used (null: none active)',
  })
  motiveId: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) calendarId: string | null;
  @ApiProperty({ example: 'Europe/Paris' }) timezone: string;
  @ApiProperty({ type: [SlotDto] }) slots: SlotDto[];
}

export class NextSlotsQueryDto {
  @ApiProperty({ example: 'id1,id2,id3', description: 'Comma-separated professional ids, 1 to 20' })
  @Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  )
  @IsArray({ message: 'userIds est obligatoire' })
  @ArrayMinSize(1, { message: 'userIds est obligatoire' })
  @ArrayMaxSize(20, { message: 'Au plus 20 professionnels par requête' })
  @IsUUID('all', { each: true, message: 'Identifiant de professionnel invalide' })
  userIds: string[];

  @ApiPropertyOptional({ example: 3, description: '1 to 10, default 3' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit doit être un entier entre 1 et 10' })
  @Min(1, { message: 'limit doit être un entier entre 1 et 10' })
  @Max(10, { message: 'limit doit être un entier entre 1 et 10' })
  limit?: number;
}

export class NextSlotsItemDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ example: 'Europe/Paris' }) timezone: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'The first active motive' })
  motiveId: string | null;
  @ApiProperty({ type: [SlotDto] }) slots: SlotDto[];
}

export class NextSlotsDto {
  @ApiProperty({ type: [NextSlotsItemDto], description: 'In the order of userIds; unknown ids are left out' })
  items: NextSlotsItemDto[];
}
