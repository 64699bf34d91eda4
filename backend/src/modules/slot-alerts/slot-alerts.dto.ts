import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsISO8601, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { EMAIL_MESSAGE } from '../accounts';

const normalizeEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** POST /users/{id}/slot-alerts: "tell me if a slot frees up before this one". */
export class CreateSlotAlertDto {
  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'The motive of the appointment wanted; default: the first one offered (as the profile’s next slots)',
  })
  @IsOptional()
  @IsUUID('all', { message: 'Motif inconnu' })
  motive_id?: string;

  @ApiProperty({ example: 'julien.moreau@example.fr' })
  @Transform(normalizeEmail)
  @MaxLength(254, { message: EMAIL_MESSAGE })
  @IsEmail({}, { message: EMAIL_MESSAGE })
  email: string;

  @ApiProperty({
    example: '2026-12-14T09:00:00.000Z',
    description: 'Alert for slots starting before this instant (the first slot the client saw or booked)',
  })
  @IsISO8601({ strict: true }, { message: 'La date du créneau est invalide' })
  before: string;
}

export class SlotAlertAnswerDto {
  @ApiProperty() message: string;
}

/** POST /slot-alerts/cancel and /slot-alerts/confirm: the link of an alert mail. */
export class CancelSlotAlertDto {
  @ApiProperty({ description: 'Token of the link in the alert or confirmation mail' })
  @MaxLength(500, { message: 'Ce lien est invalide ou a expiré.' })
  @MinLength(1, { message: 'Ce lien est invalide ou a expiré.' })
  @IsString({ message: 'Ce lien est invalide ou a expiré.' })
  token: string;
}
