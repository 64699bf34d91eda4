import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

const STATUSES = ['pending', 'confirmed', 'refused', 'cancelled'] as const;
const MODES = ['in_person', 'visio', 'phone'] as const;

/** A paid appointment's payment, as the console shows it (and refunds it). */
export class AdminAppointmentPaymentDto {
  @ApiProperty({
    example: 'captured',
    description:
      'awaiting_payment, authorized, captured, refunded, partially_refunded, expired, legal_aid or failed',
  })
  status: string;
  @ApiProperty({ example: 8000, description: 'Price including VAT, cents' }) amountCents: number;
  @ApiProperty({ example: 0, description: 'Already refunded, cents' }) refundedCents: number;
  @ApiProperty({ description: 'The client declared full legal aid' }) legalAid: boolean;
}

/** An appointment as the console lists and shows it. */
export class AdminAppointmentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() refAppointment: string;
  @ApiProperty({ enum: STATUSES }) status: (typeof STATUSES)[number];
  @ApiProperty({ enum: MODES }) mode: (typeof MODES)[number];
  @ApiProperty({ format: 'date-time' }) startsAt: string;
  @ApiProperty({ format: 'date-time' }) endsAt: string;
  @ApiProperty() timezone: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() professionalName: string;
  @ApiProperty() professionalEmail: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) attendeeId: string | null;
  @ApiProperty({ type: String, nullable: true }) attendeeName: string | null;
  @ApiProperty({ type: String, nullable: true }) attendeeEmail: string | null;
  @ApiProperty({ type: String, nullable: true }) motiveTitle: string | null;
  @ApiProperty({ enum: ['attendee', 'user'] }) createdBy: 'attendee' | 'user';
  @ApiProperty({ type: String, nullable: true }) refusalReason: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['attendee', 'user'] }) cancelledBy:
    'attendee' | 'user' | null;
  @ApiProperty({ type: String, nullable: true }) cancellationReason: string | null;
  @ApiProperty({ type: AdminAppointmentPaymentDto, nullable: true, description: 'Booked on a paid motive' })
  payment: AdminAppointmentPaymentDto | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** POST /admin/appointments/{id}/cancel */
export class AdminCancelAppointmentDto {
  @ApiProperty({
    enum: ['attendee', 'user'],
    description: 'Who asked for the cancellation: the client or the professional',
  })
  @IsIn(['attendee', 'user'], {
    message: 'Précisez qui demande l’annulation : le client ou le professionnel',
  })
  on_behalf_of: 'attendee' | 'user';

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 1000 })
  @IsOptional()
  @MaxLength(1000, { message: 'Le motif ne peut pas dépasser 1000 caractères' })
  @IsString({ message: 'Le motif doit être un texte' })
  reason?: string | null;
}
