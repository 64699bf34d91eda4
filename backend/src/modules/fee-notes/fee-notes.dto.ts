import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Matches, Max, Min, ValidateIf } from 'class-validator';
import { FEE_NOTE_VAT_REGIMES, type FeeNoteVatRegime } from '../../database/schema';

export class FeeNoteDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['fee_note', 'credit_note'] }) kind: 'fee_note' | 'credit_note';
  @ApiProperty({ example: '2026-0001', description: 'The professional’s own sequence, per year' })
  number: string;
  @ApiProperty({ format: 'uuid' }) appointmentId: string;
  @ApiProperty({ nullable: true, type: String, description: 'Credit notes: the fee note they refer to' })
  creditedNumber: string | null;
  @ApiProperty({ format: 'date', example: '2026-11-27' }) issuedOn: string;
  @ApiProperty({ example: 8000 }) totalHtCents: number;
  @ApiProperty({ example: 0 }) vatRate: number;
  @ApiProperty({ example: 0 }) totalVatCents: number;
  @ApiProperty({ example: 8000 }) totalTtcCents: number;
  @ApiProperty({ description: 'Factur-X XML embedded (business client)' }) facturX: boolean;
  @ApiProperty({ example: '/api/v1/users/…/fee-notes/…/pdf' }) pdfUrl: string;
}

export class FeeNotesPageDto {
  @ApiProperty({ type: [FeeNoteDto] }) data: FeeNoteDto[];
}

export class AdminFeeNoteDto extends FeeNoteDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ example: 'Claire Martin' }) professional: string;
}

export class FeeNoteSettingsDto {
  @ApiProperty({ enum: FEE_NOTE_VAT_REGIMES, example: 'franchise' }) vat_regime: FeeNoteVatRegime;
  @ApiProperty({ nullable: true, type: String, example: 'FR12345678901' }) vat_number: string | null;
  @ApiProperty({ example: 20 }) vat_rate: number;
  @ApiProperty({ nullable: true, type: String, example: '12345678900012' }) siret: string | null;
  @ApiProperty({ description: 'The mention printed when no VAT is charged' }) vat_mention: string | null;
}

export class SaveFeeNoteSettingsDto {
  @ApiProperty({
    enum: FEE_NOTE_VAT_REGIMES,
    description: 'franchise: "TVA non applicable, art. 293 B du CGI"; vat: VAT charged at vat_rate',
  })
  @IsIn(FEE_NOTE_VAT_REGIMES, { message: 'Choisissez votre régime de TVA : franchise ou assujetti' })
  vat_regime: FeeNoteVatRegime;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'FR12345678901' })
  @ValidateIf((dto: SaveFeeNoteSettingsDto) => dto.vat_regime === 'vat' || dto.vat_number != null)
  @Matches(/^FR[0-9A-Z]{2}[0-9]{9}$/, {
    message: 'Numéro de TVA intracommunautaire invalide (FR suivi de 11 caractères, ex. FR12345678901)',
  })
  vat_number?: string | null;

  @ApiPropertyOptional({ example: 20, description: 'Percent; 20 by default' })
  @IsOptional()
  @IsInt({ message: 'Le taux de TVA doit être un nombre entier' })
  @Min(1, { message: 'Le taux de TVA doit être compris entre 1 et 30 %' })
  @Max(30, { message: 'Le taux de TVA doit être compris entre 1 et 30 %' })
  vat_rate?: number;

  @ApiPropertyOptional({ type: String, nullable: true, example: '12345678900012' })
  @IsOptional()
  @Matches(/^\d{14}$/, { message: 'Le SIRET doit compter 14 chiffres' })
  siret?: string | null;
}
