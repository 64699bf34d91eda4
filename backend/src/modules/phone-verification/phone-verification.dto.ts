import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { AttendeeDto, UserDto, PHONE_COUNTRIES, PhoneCountry } from '../accounts';

/** POST /users/{id}/send-token-to-verify-number */
export class UserSendCodeDto {
  @ApiProperty({
    example: '+33612345678',
    description: 'FR, BE or CH number (a national number is read as French)',
  })
  @MaxLength(40, { message: 'Le numéro de téléphone est trop long' })
  @IsString({ message: 'Le numéro de téléphone est obligatoire' })
  phoneNumber: string;
}

/** POST /attendees/{id}/send-token-to-verify-number */
export class AttendeeSendCodeDto {
  @ApiProperty({ example: '0612345678' })
  @MaxLength(40, { message: 'Le numéro de téléphone est trop long' })
  @IsString({ message: 'Le numéro de téléphone est obligatoire' })
  phone: string;

  @ApiPropertyOptional({ enum: PHONE_COUNTRIES, default: 'FR' })
  @IsOptional()
  @IsIn(PHONE_COUNTRIES, { message: 'Le pays du téléphone doit être FR, BE ou CH' })
  phone_country_code?: PhoneCountry;
}

/** POST /{users|attendees}/{id}/verify-token-to-validate-number */
export class VerifyCodeDto {
  @ApiProperty({ example: '123456' })
  @Matches(/^\d{4,10}$/, { message: 'Le code doit être composé de chiffres' })
  @IsString({ message: 'Le code est obligatoire' })
  token: string;
}

export class CodeSentDto {
  @ApiProperty()
  message: string;
  @ApiProperty({ description: 'E.164 number the code was sent to' })
  phone: string;
  @ApiProperty({ format: 'date-time' })
  expiresAt: string;
}

export class UserPhoneVerifiedDto {
  @ApiProperty()
  message: string;
  @ApiProperty({ type: UserDto })
  user: UserDto;
}

export class AttendeePhoneVerifiedDto {
  @ApiProperty()
  message: string;
  @ApiProperty({ type: AttendeeDto })
  attendee: AttendeeDto;
}
