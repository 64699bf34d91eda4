import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { UUID_PATTERN } from '@rdv/sectors';
import { EmptyToNull, FreeTextName, Trim } from '../../common/dto-transforms';
import { IsOfficeIdentifier } from '../../common/office-identifier';

const CITY_URI = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export class OfficeCityDto {
  @ApiProperty({ example: 'besancon' }) cityUri: string;
  @ApiProperty({ example: 'Besançon' }) name: string;
}

export class OfficeMemberDto {
  @ApiProperty() id: string;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty({ description: 'Public profile: /{sector path}/{city}/{userUri}' }) userUri: string;
  @ApiProperty({ nullable: true, type: String }) picture: string | null;
  @ApiProperty({ description: 'Manages the office' }) is_manager: boolean;
  @ApiProperty({ description: 'Shown on the public office page (sign-up finished, active)' }) listed: boolean;
}

export class OfficeJoinRequestDto {
  @ApiProperty({ description: 'The professional asking to join' }) id: string;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty() email: string;
  @ApiProperty() requested_at: string;
}

export class MyOfficeDetailsDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'Public page /etude/{teamUri}' }) teamUri: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Registration number: SIRET, or crpcen for notaries' }) ext_id: string;
  @ApiProperty({ nullable: true, type: String }) presentation: string | null;
  @ApiProperty({ nullable: true, type: String }) street: string | null;
  @ApiProperty({ nullable: true, type: String }) postal_code: string | null;
  @ApiProperty({ nullable: true, type: OfficeCityDto }) city: OfficeCityDto | null;
  @ApiProperty({ nullable: true, type: String }) phone: string | null;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
  @ApiProperty({ nullable: true, type: String, description: '400 px WebP; the 160 px one ends in -160.webp' })
  picture: string | null;
  @ApiProperty({ nullable: true, type: String }) manager_id: string | null;
  @ApiProperty({
    description: 'The caller manages the office, or nobody does yet (an office an administrator created)',
  })
  can_manage: boolean;
  @ApiProperty({ type: [OfficeMemberDto] }) members: OfficeMemberDto[];
  @ApiProperty({ type: [OfficeJoinRequestDto], description: 'Waiting requests; only to who can manage' })
  join_requests: OfficeJoinRequestDto[];
}

export class PendingOfficeRequestDto {
  @ApiProperty() teamUri: string;
  @ApiProperty() name: string;
  @ApiProperty() ext_id: string;
  @ApiProperty() requested_at: string;
}

/** GET /users/{id}/office: the professional's office, or the request they sent to join one, or neither. */
export class MyOfficeDto {
  @ApiProperty({ nullable: true, type: MyOfficeDetailsDto }) office: MyOfficeDetailsDto | null;
  @ApiProperty({ nullable: true, type: PendingOfficeRequestDto })
  pending_request: PendingOfficeRequestDto | null;
}

export class CreateOfficeDto {
  @ApiProperty({ example: 'Cabinet Martin' })
  @Trim()
  @MaxLength(200, { message: 'Le nom du cabinet ne doit pas dépasser 200 caractères' })
  @MinLength(2, { message: 'Le nom du cabinet est obligatoire' })
  @IsString({ message: 'Le nom du cabinet est obligatoire' })
  @IsDefined({ message: 'Le nom du cabinet est obligatoire' })
  @FreeTextName()
  name: string;

  @ApiProperty({
    example: '73282932000074',
    description:
      'Registration number in the sector’s terms (SIRET; crpcen for notaries), unique: 409 `ext_id already exists`',
  })
  @IsOfficeIdentifier()
  ext_id: string;

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
  @Matches(/^[0-9]{5}$/, { message: 'Le code postal est invalide' })
  postal_code?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'cityUri of the commune (autocomplete)' })
  @EmptyToNull()
  @IsOptional()
  @Matches(CITY_URI, { message: 'Commune inconnue' })
  @MaxLength(120, { message: 'Commune inconnue' })
  city_uri?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @EmptyToNull()
  @IsOptional()
  @Matches(/^\+?[0-9 .()-]{9,20}$/, { message: 'Veuillez renseigner un numéro de téléphone valide' })
  phone?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  @EmptyToNull()
  @IsOptional()
  @MaxLength(254, { message: 'Veuillez renseigner un email valide' })
  @IsEmail({}, { message: 'email must be an email' })
  email?: string | null;
}

export class UpdateOfficeDto extends PartialType(CreateOfficeDto) {}

export class JoinOfficeDto {
  @ApiProperty({ example: '73282932000074', description: 'Registration number of the office to join' })
  @IsOfficeIdentifier()
  ext_id: string;
}

export class SetOfficeManagerDto {
  @ApiProperty({ description: 'A member of the office' })
  @Matches(UUID_PATTERN, { message: 'Membre du cabinet introuvable' })
  @IsString({ message: 'Membre du cabinet introuvable' })
  member_id: string;
}
