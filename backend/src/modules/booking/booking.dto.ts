import { applyDecorators } from '@nestjs/common';
import { FreeTextName } from '../../common/dto-transforms';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  ArrayMinSize,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsInstantInRange } from '../../common/instant-range';
import { EVENT_ACTIONS, type EventAction } from '../identity';

// French validation messages (the global ValidationPipe answers 400 VALIDATION_FAILED with the first one),
// except `email must be an email`, a contract text of docs/product.md §8.

export const MODES = ['in_person', 'visio', 'phone'] as const;
export type BookingMode = (typeof MODES)[number];
export const STATUSES = ['pending', 'confirmed', 'refused', 'cancelled'] as const;
export const EVENT_GROUPS = ['past', 'pending', 'upcoming'] as const;

const MODE_MESSAGE = 'Le mode doit être in_person, visio ou phone';
const INSTANT_MESSAGE = 'La date doit être un instant ISO 8601 avec fuseau (ex. 2026-05-12T09:00:00+02:00)';
const ISO_INSTANT = { strict: true, strictSeparator: true };
const WITH_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

// ---- requests ----------------------------------------------------------------------------------------------

/**
 * `confirmConflict`: the professional acts although one of their connected calendars holds that time (the answer
 * is a 409 CALENDAR_CONFLICT naming the calendars otherwise). Their own agenda, their call; a client never can.
 */
function ConfirmConflict(action: 'Create' | 'Move' | 'Validate'): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      description: `${action} even though a connected calendar has an event at that time (answered 409 CALENDAR_CONFLICT otherwise)`,
    }),
    IsOptional(),
    IsBoolean({ message: 'confirmConflict doit être vrai ou faux' }),
  );
}

export class CreateEventDto {
  @ApiProperty({ format: 'uuid', description: 'The professional' })
  @IsUUID('all', { message: 'Professionnel inconnu' })
  user_id: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Motif inconnu' })
  motive_id: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Defaults to the professional’s default calendar' })
  @IsOptional()
  @IsUUID('all', { message: 'Calendrier inconnu' })
  calendar_id?: string;

  @ApiProperty({ enum: MODES })
  @IsIn(MODES, { message: MODE_MESSAGE })
  mode: BookingMode;

  @ApiProperty({
    format: 'date-time',
    example: '2026-05-12T09:00:00+02:00',
    description: 'A start offered by GET /users/{id}/slots',
  })
  @IsISO8601(ISO_INSTANT, { message: INSTANT_MESSAGE })
  @Matches(WITH_ZONE, { message: INSTANT_MESSAGE })
  @IsInstantInRange()
  start: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString({ message: 'Le message doit être un texte' })
  @MaxLength(2000, { message: 'Le message ne peut pas dépasser 2000 caractères' })
  notes?: string;

  @ApiPropertyOptional({
    default: false,
    description:
      'The client declares full legal aid (aide juridictionnelle totale): a paid motive whose professional accepts it is booked without paying',
  })
  @IsOptional()
  @IsBoolean({ message: 'legal_aid doit être vrai ou faux' })
  legal_aid?: boolean;

  @ApiPropertyOptional({
    default: false,
    description:
      'The client ticked "J’ai lu et j’accepte la convention d’honoraires" (lawyers’ paid motives with terms; 400 FEE_AGREEMENT_REQUIRED otherwise)',
  })
  @IsOptional()
  @IsBoolean({ message: 'fee_agreement_accepted doit être vrai ou faux' })
  fee_agreement_accepted?: boolean;
}

export class CreateEventByHandDto {
  @ApiProperty({ example: 'client@example.fr' })
  @IsEmail({}, { message: 'email must be an email' })
  email: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'Le prénom ne peut pas dépasser 100 caractères' })
  @FreeTextName()
  first_name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'Le nom ne peut pas dépasser 100 caractères' })
  @FreeTextName()
  last_name?: string;

  @ApiPropertyOptional({ example: '+33612345678' })
  @IsOptional()
  @Matches(/^\+?[0-9 .-]{6,20}$/, { message: 'Numéro de téléphone invalide' })
  phone?: string;

  @ApiPropertyOptional({ enum: ['FR', 'BE', 'CH'] })
  @IsOptional()
  @IsIn(['FR', 'BE', 'CH'], { message: 'Pays du téléphone : FR, BE ou CH' })
  phone_country_code?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'Motif inconnu' })
  motive_id?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'Calendrier inconnu' })
  calendar_id?: string;

  @ApiProperty({ enum: MODES })
  @IsIn(MODES, { message: MODE_MESSAGE })
  mode: BookingMode;

  @ApiProperty({ format: 'date-time' })
  @IsISO8601(ISO_INSTANT, { message: INSTANT_MESSAGE })
  @Matches(WITH_ZONE, { message: INSTANT_MESSAGE })
  @IsInstantInRange()
  start: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'Defaults to start + the motive’s duration (required without motive)',
  })
  @IsOptional()
  @IsISO8601(ISO_INSTANT, { message: INSTANT_MESSAGE })
  @Matches(WITH_ZONE, { message: INSTANT_MESSAGE })
  @IsInstantInRange()
  end?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'Le titre ne peut pas dépasser 200 caractères' })
  @FreeTextName()
  title?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(2000, { message: 'Le message ne peut pas dépasser 2000 caractères' })
  notes?: string;

  @ConfirmConflict('Create')
  confirmConflict?: boolean;
}

export class ReasonDto {
  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @IsString({ message: 'Le motif doit être un texte' })
  @MaxLength(1000, { message: 'Le motif ne peut pas dépasser 1000 caractères' })
  reason?: string;
}

export class RescheduleDto {
  @ApiProperty({
    format: 'date-time',
    description: 'A free start of the same motive (GET /users/{id}/slots)',
  })
  @IsISO8601(ISO_INSTANT, { message: INSTANT_MESSAGE })
  @Matches(WITH_ZONE, { message: INSTANT_MESSAGE })
  @IsInstantInRange()
  start: string;
}

export class MoveEventDto {
  @ApiProperty({ format: 'date-time' })
  @IsISO8601(ISO_INSTANT, { message: INSTANT_MESSAGE })
  @Matches(WITH_ZONE, { message: INSTANT_MESSAGE })
  @IsInstantInRange()
  start: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Defaults to start + the current duration' })
  @IsOptional()
  @IsISO8601(ISO_INSTANT, { message: INSTANT_MESSAGE })
  @Matches(WITH_ZONE, { message: INSTANT_MESSAGE })
  @IsInstantInRange()
  end?: string;

  @ConfirmConflict('Move')
  confirmConflict?: boolean;
}

export class RequestAvailabilitiesDto {
  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @IsString()
  @MaxLength(1000, { message: 'Le message ne peut pas dépasser 1000 caractères' })
  message?: string;
}

export class AvailabilityRangeDto {
  @ApiProperty({ format: 'date-time' })
  @IsISO8601(ISO_INSTANT, { message: INSTANT_MESSAGE })
  @Matches(WITH_ZONE, { message: INSTANT_MESSAGE })
  @IsInstantInRange()
  start: string;

  @ApiProperty({ format: 'date-time' })
  @IsISO8601(ISO_INSTANT, { message: INSTANT_MESSAGE })
  @Matches(WITH_ZONE, { message: INSTANT_MESSAGE })
  @IsInstantInRange()
  end: string;
}

export class SubmitAvailabilitiesDto {
  @ApiProperty({ type: [AvailabilityRangeDto] })
  @ValidateNested({ each: true })
  @Type(() => AvailabilityRangeDto)
  @ArrayMinSize(1, { message: 'Indiquez au moins une disponibilité' })
  @ArrayMaxSize(20, { message: 'Indiquez au plus 20 disponibilités' })
  availabilities: AvailabilityRangeDto[];

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000, { message: 'Le message ne peut pas dépasser 2000 caractères' })
  message?: string;
}

export class EventsQueryDto {
  @ApiPropertyOptional({
    enum: EVENT_GROUPS,
    description: 'past | pending (awaiting validation) | upcoming (confirmed); all when absent',
  })
  @IsOptional()
  @IsIn(EVENT_GROUPS, { message: 'Le groupe doit être past, pending ou upcoming' })
  group?: (typeof EVENT_GROUPS)[number];

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'La page doit être un entier' })
  @Min(1, { message: 'La page doit être au moins 1' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'La taille de page doit être un entier' })
  @Min(1, { message: 'La taille de page doit être au moins 1' })
  @Max(100, { message: 'La taille de page ne peut pas dépasser 100' })
  limit?: number;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'Only appointments ending after this instant (agenda views)',
  })
  @IsOptional()
  @IsISO8601(ISO_INSTANT, { message: INSTANT_MESSAGE })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only appointments starting before this instant' })
  @IsOptional()
  @IsISO8601(ISO_INSTANT, { message: INSTANT_MESSAGE })
  to?: string;
}

export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'La page doit être un entier' })
  @Min(1, { message: 'La page doit être au moins 1' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'La taille de page doit être un entier' })
  @Min(1, { message: 'La taille de page doit être au moins 1' })
  @Max(100, { message: 'La taille de page ne peut pas dépasser 100' })
  limit?: number;
}

export class EventActionQueryDto {
  @ApiProperty({ description: 'The signed token of the link in the professional’s mail' })
  @IsString({ message: 'Lien invalide' })
  @MaxLength(1000, { message: 'Lien invalide' })
  token: string;

  @ApiProperty({ enum: EVENT_ACTIONS })
  @IsIn(EVENT_ACTIONS, { message: 'L’action doit être validate ou refuse' })
  action: EventAction;
}

// ---- responses ---------------------------------------------------------------------------------------------

export class MotiveRefDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
}

export class ProfessionalRefDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ nullable: true, type: String }) civility: string | null;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty() userUri: string;
  @ApiProperty({ nullable: true, type: String, description: 'Office name' }) office: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Shown for phone appointments' }) telephone:
    string | null;
}

export class AttendeeRefDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ nullable: true, type: String }) civility: string | null;
  @ApiProperty({ nullable: true, type: String }) first_name: string | null;
  @ApiProperty({ nullable: true, type: String }) last_name: string | null;
  @ApiPropertyOptional({ description: 'Only in the professional’s and the attendee’s own views' })
  email?: string;
  @ApiPropertyOptional({ nullable: true, type: String }) phone?: string | null;
}

export class RescheduleProposalDto {
  @ApiProperty({ format: 'date-time' }) start: string;
  @ApiProperty({ format: 'date-time' }) end: string;
}

export class AppointmentPaymentDto {
  @ApiProperty({
    enum: [
      'awaiting_payment',
      'authorized',
      'captured',
      'refunded',
      'partially_refunded',
      'expired',
      'legal_aid',
      'failed',
    ],
    description:
      'awaiting_payment: slot held while the client pays on the hosted page; authorized: card authorised (or saved), charged when the professional validates; legal_aid: booked without paying',
  })
  status: string;
  @ApiProperty({ example: 8000, description: 'Price including VAT, cents' }) amountCents: number;
  @ApiProperty({ example: 0 }) refundedCents: number;
  @ApiProperty({ description: 'The client declared full legal aid' }) legalAid: boolean;
  @ApiProperty({ example: 48, description: 'Free cancellation until this many hours before the meeting' })
  cancellationDeadlineHours: number;
  @ApiProperty({ enum: ['none', 'half', 'all'], description: 'Refunded when cancelled after the deadline' })
  lateCancellationRefund: string;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'The hosted payment page, while the payment is awaited (client views only)',
  })
  checkoutUrl?: string | null;
}

export class AppointmentFeeAgreementDto {
  @ApiProperty({ format: 'date-time', description: 'When the client accepted it' }) acceptedAt: string;
  @ApiProperty({ description: 'SHA-256 (hex) of the terms accepted: their version' }) versionHash: string;
}

export class AppointmentDto {
  @ApiProperty({ format: 'uuid', description: 'Same as id_event' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id_event: string;
  @ApiProperty({ description: 'Public unguessable reference (/appointments/{refAppointment})' })
  refAppointment: string;
  @ApiProperty({ enum: STATUSES, description: 'pending = awaiting the professional’s validation' })
  status: string;
  @ApiProperty({ enum: MODES }) mode: string;
  @ApiProperty({ format: 'date-time' }) start: string;
  @ApiProperty({ format: 'date-time' }) end: string;
  @ApiProperty({ example: 'Europe/Paris' }) timezone: string;
  @ApiProperty({ nullable: true, type: String }) title: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Office address (in-person appointments)' })
  location: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Meeting link (visio appointments)' }) visioUrl:
    string | null;
  @ApiProperty({ nullable: true, type: String }) notes: string | null;
  @ApiProperty({ format: 'uuid' }) user_id: string;
  @ApiProperty({ type: ProfessionalRefDto }) professional: ProfessionalRefDto;
  @ApiProperty({ nullable: true, type: MotiveRefDto }) motive: MotiveRefDto | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) attendee_id: string | null;
  @ApiProperty({ nullable: true, type: AttendeeRefDto }) attendee: AttendeeRefDto | null;
  @ApiProperty({ enum: ['attendee', 'user'] }) createdBy: string;
  @ApiProperty({ nullable: true, type: String }) refusalReason: string | null;
  @ApiProperty({ nullable: true, type: String, enum: ['attendee', 'user'] }) cancelledBy: string | null;
  @ApiProperty({ nullable: true, type: String }) cancellationReason: string | null;
  @ApiProperty({ description: 'The attendee may still cancel (pending or confirmed, not started)' })
  cancellable: boolean;
  @ApiProperty({
    type: RescheduleProposalDto,
    nullable: true,
    description:
      'The client asked to move this confirmed appointment: the proposed range, held until the professional accepts (validate) or refuses (refuse); start/end and status stay the confirmed ones meanwhile',
  })
  proposal: RescheduleProposalDto | null;
  @ApiProperty({ nullable: true, type: AppointmentPaymentDto, description: 'Booked on a paid motive' })
  payment: AppointmentPaymentDto | null;
  @ApiProperty({
    nullable: true,
    type: AppointmentFeeAgreementDto,
    description:
      '"Convention signée": the fee agreement accepted at booking (PDF at .../appointments/{id_event}/fee-agreement)',
  })
  feeAgreement: AppointmentFeeAgreementDto | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiPropertyOptional({
    description:
      'Only on a client booking’s answer: false when a connected calendar of the professional did not answer the live check and the booking was accepted by the professional’s choice for that case',
  })
  calendarVerified?: boolean;
}

export class AppointmentPageDto {
  @ApiProperty({ type: [AppointmentDto] }) data: AppointmentDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class MessageDto {
  @ApiProperty() message: string;
}

export class AppointmentMessageDto {
  @ApiProperty() message: string;
  @ApiProperty({ type: AppointmentDto }) event: AppointmentDto;
}

export class EventResponseItemDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: [AvailabilityRangeDto] }) availabilities: AvailabilityRangeDto[];
  @ApiProperty({ nullable: true, type: String }) message: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class EventResponsesViewDto {
  @ApiProperty({ format: 'uuid' }) id_event: string;
  @ApiProperty({ enum: STATUSES }) status: string;
  @ApiProperty({ enum: MODES }) mode: string;
  @ApiProperty({ format: 'date-time' }) start: string;
  @ApiProperty({ format: 'date-time' }) end: string;
  @ApiProperty({ example: 'Europe/Paris' }) timezone: string;
  @ApiProperty({ type: ProfessionalRefDto }) professional: ProfessionalRefDto;
  @ApiProperty({ nullable: true, type: MotiveRefDto }) motive: MotiveRefDto | null;
  @ApiProperty({ nullable: true, type: String, description: 'The professional’s message with the request' })
  requestMessage: string | null;
  @ApiProperty({ format: 'date-time' }) requestedAt: string;
  @ApiProperty({ description: 'The attendee can still answer (appointment not refused, cancelled or past)' })
  open: boolean;
  @ApiProperty({ type: [EventResponseItemDto] }) responses: EventResponseItemDto[];
}

/** Validating a pending appointment: `confirmConflict` validates it although the professional's calendar now holds its time. */
export class ValidateEventDto {
  @ConfirmConflict('Validate')
  confirmConflict?: boolean;
}
