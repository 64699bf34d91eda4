import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { REGISTRATION_REQUEST_STATUSES } from '../../database/schema';

/** A registration request as the console shows it (GET /admin/registration-requests). */
export class AdminRegistrationRequestDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Me' })
  civility: string;

  @ApiProperty()
  firstName: string;

  @ApiProperty()
  lastName: string;

  @ApiProperty()
  email: string;

  @ApiProperty()
  phone: string;

  @ApiProperty({ type: String, nullable: true })
  officeName: string | null;

  @ApiProperty({ type: String, nullable: true })
  officeNumber: string | null;

  @ApiProperty()
  city: string;

  @ApiProperty({ type: String, nullable: true })
  message: string | null;

  @ApiProperty({ enum: REGISTRATION_REQUEST_STATUSES })
  status: (typeof REGISTRATION_REQUEST_STATUSES)[number];

  @ApiProperty({ type: String, nullable: true })
  refusalReason: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'The professional created on acceptance',
  })
  professionalId: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  handledAt: string | null;
}

/** POST /admin/registration-requests/{id}/refuse */
export class RefuseRegistrationRequestDto {
  @ApiProperty({ minLength: 3, maxLength: 2000, example: 'Votre cabinet n’est pas encore référencé.' })
  @MaxLength(2000, { message: 'Le motif ne peut pas dépasser 2000 caractères' })
  @MinLength(3, { message: 'Le motif du refus est obligatoire' })
  @IsString({ message: 'Le motif du refus est obligatoire' })
  reason: string;
}
