import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsISO8601, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { TERMS_MAX_LENGTH } from './agreement-text';

export class MotiveAgreementDto {
  @ApiProperty({ description: 'The sector asks for a fee agreement (lawyers only)' }) available: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'The current terms; null: no agreement' })
  terms: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'SHA-256 (hex) of the terms: the version' })
  versionHash: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) versionCreatedAt: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description:
      'The model shipped with the product; placeholders {client}, {avocat}, {prestation}, {honoraires}, {date_rendez_vous} are filled at booking',
  })
  model: string | null;
}

export class SaveMotiveAgreementDto {
  @ApiProperty({ nullable: true, type: String, description: 'The terms; empty or null removes them' })
  @ValidateIf((_o, value) => value !== null)
  @IsString({ message: 'La convention d’honoraires doit être un texte' })
  @MaxLength(TERMS_MAX_LENGTH, {
    message: `La convention d’honoraires ne peut dépasser ${TERMS_MAX_LENGTH} caractères`,
  })
  terms: string | null;
}

export class AgreementPreviewQueryDto {
  @IsUUID('all', { message: 'Professionnel inconnu' }) user_id: string;
  @IsUUID('all', { message: 'Motif inconnu' }) motive_id: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'The slot chosen (the agreement names its date)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'Date invalide' })
  start?: string;
  @ApiPropertyOptional({ description: 'The client declares full legal aid: no agreement to sign' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'legal_aid doit être vrai ou faux' })
  legal_aid?: boolean;
}

export class AgreementPreviewDto {
  @ApiProperty({ description: 'Booking this motive asks the client to accept a fee agreement' })
  required: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'The agreement filled for this client' })
  text: string | null;
  @ApiProperty({ nullable: true, type: String }) versionHash: string | null;
}
