import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsSiren } from '../../common/office-identifier';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

export class BillingPlanDto {
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Introductory monthly price excluding VAT, cents' }) introPriceHt: number;
  @ApiProperty() introMonths: number;
  @ApiProperty({ description: 'Standard monthly price excluding VAT, cents' }) standardPriceHt: number;
  @ApiProperty() vatRate: number;
}

export class SubscriptionDto {
  @ApiProperty({ description: 'Stripe status: active, past_due, canceled, incomplete, unpaid...' })
  status: string;
  @ApiProperty({ description: 'Current monthly price excluding VAT, cents' }) priceHt: number;
  @ApiProperty({ description: 'In the introductory phase' }) intro: boolean;
  @ApiProperty({ nullable: true, type: String }) introEndsAt: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Next debit (end of the paid month); null once cancelled',
  })
  nextDebitAt: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Amount of the next debit, VAT included, cents' })
  nextDebitTtc: number | null;
  @ApiProperty() currentPeriodEnd: string;
  @ApiProperty() cancelAtPeriodEnd: boolean;
  @ApiProperty({ nullable: true, type: String, example: 'Prélèvement SEPA •••• 3000' }) paymentMethod:
    string | null;
  @ApiProperty() failedPayments: number;
  @ApiProperty({ nullable: true, type: String }) pastDueSince: string | null;
}

export class InvoiceListItemDto {
  @ApiProperty() id: string;
  @ApiProperty() number: string;
  @ApiProperty({ enum: ['invoice', 'credit_note'] }) kind: 'invoice' | 'credit_note';
  @ApiProperty() issuedOn: string;
  @ApiProperty({ nullable: true, type: String }) periodStart: string | null;
  @ApiProperty({ nullable: true, type: String }) periodEnd: string | null;
  @ApiProperty() totalHt: number;
  @ApiProperty() totalVat: number;
  @ApiProperty() totalTtc: number;
}

export class BillingProfileDto {
  @ApiProperty({ example: 'Cabinet Dubois' })
  @IsString({ message: 'La raison sociale est obligatoire' })
  @MinLength(2, { message: 'La raison sociale est obligatoire' })
  @MaxLength(200, { message: 'La raison sociale est trop longue' })
  firmName: string;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: '912345675',
    description: '9 digits with a valid Luhn key; printed spaces accepted, a blank clears it',
  })
  @IsOptional()
  @IsSiren()
  siren?: string | null;

  @ApiProperty()
  @IsString({ message: 'L’adresse est obligatoire' })
  @MinLength(3, { message: 'L’adresse est obligatoire' })
  @MaxLength(300, { message: 'L’adresse est trop longue' })
  street: string;

  @ApiProperty()
  @Matches(/^\d{5}$/, { message: 'Le code postal doit comporter 5 chiffres' })
  postalCode: string;

  @ApiProperty()
  @IsString({ message: 'La ville est obligatoire' })
  @MinLength(1, { message: 'La ville est obligatoire' })
  @MaxLength(120, { message: 'La ville est trop longue' })
  city: string;
}

export class BillingDto {
  @ApiProperty({ description: 'false: subscriptions are not configured on this site' }) enabled: boolean;
  @ApiProperty({ type: BillingPlanDto }) plan: BillingPlanDto;
  @ApiProperty({ type: SubscriptionDto, nullable: true }) subscription: SubscriptionDto | null;
  @ApiProperty({ description: 'Profile suspended for non-payment' }) suspended: boolean;
  @ApiProperty({ type: InvoiceListItemDto, isArray: true }) invoices: InvoiceListItemDto[];
  @ApiProperty({ type: BillingProfileDto, nullable: true }) profile: BillingProfileDto | null;
}

export class RedirectDto {
  @ApiProperty({ description: 'Stripe Checkout page to send the browser to' }) url: string;
}

export class CompanyDto {
  @ApiProperty()
  @IsString()
  @MinLength(2, { message: 'La raison sociale est obligatoire' })
  @MaxLength(200)
  name: string;
  @ApiProperty({ example: 'SAS' })
  @IsString()
  @MinLength(2, { message: 'La forme juridique est obligatoire' })
  @MaxLength(60)
  legalForm: string;
  @ApiProperty({ example: '10 000 €' })
  @IsString()
  @MinLength(1, { message: 'Le capital est obligatoire' })
  @MaxLength(40)
  capital: string;
  @ApiProperty({ example: '912345675', description: '9 digits with a valid Luhn key' })
  @IsSiren()
  siren: string;
  @ApiProperty() @Matches(/^\d{14}$/, { message: 'Le SIRET doit comporter 14 chiffres' }) siret: string;
  @ApiProperty({ example: 'RCS Lyon 123 456 789' })
  @IsString()
  @MinLength(3, { message: 'Le RCS est obligatoire' })
  @MaxLength(80)
  rcs: string;
  @ApiProperty({ example: 'FR12123456789' })
  @Matches(/^FR[0-9A-Z]{2}\d{9}$/, { message: 'Le numéro de TVA intracommunautaire est invalide' })
  vatNumber: string;
  @ApiProperty()
  @IsString()
  @MinLength(3, { message: 'L’adresse est obligatoire' })
  @MaxLength(300)
  street: string;
  @ApiProperty()
  @Matches(/^\d{5}$/, { message: 'Le code postal doit comporter 5 chiffres' })
  postalCode: string;
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: 'La ville est obligatoire' })
  @MaxLength(120)
  city: string;
  @ApiProperty() @Matches(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { message: 'email must be an email' }) email: string;
  @ApiPropertyOptional({ example: 'F' })
  @IsOptional()
  @Matches(/^[A-Z]{1,4}$/, { message: 'Le préfixe de facture est de 1 à 4 lettres majuscules' })
  invoicePrefix?: string;
}

export class AdminSubscriptionDto {
  @ApiProperty() id: string;
  @ApiProperty() userId: string;
  @ApiProperty() professional: string;
  @ApiProperty() email: string;
  @ApiProperty() status: string;
  @ApiProperty() plan: 'intro' | 'standard';
  @ApiProperty() priceHt: number;
  @ApiProperty({ nullable: true, type: String }) introEndsAt: string | null;
  @ApiProperty({ nullable: true, type: String }) nextDebitAt: string | null;
  @ApiProperty() cancelAtPeriodEnd: boolean;
  @ApiProperty() failedPayments: number;
  @ApiProperty({ nullable: true, type: String }) pastDueSince: string | null;
  @ApiProperty({ nullable: true, type: String }) suspendedAt: string | null;
  @ApiProperty({ nullable: true, type: String }) paymentMethod: string | null;
}

export class AdminInvoiceDto extends InvoiceListItemDto {
  @ApiProperty() userId: string;
  @ApiProperty() customer: string;
  @ApiProperty({ nullable: true, type: String }) creditedInvoiceId: string | null;
  @ApiProperty({ description: 'Amount already credited by credit notes, cents' }) credited: number;
}

export class ExtendTrialDto {
  @ApiProperty({ minimum: 1, maximum: 12 })
  @IsInt({ message: 'Le nombre de mois doit être un entier' })
  @Min(1, { message: 'Le nombre de mois doit être compris entre 1 et 12' })
  @Max(12, { message: 'Le nombre de mois doit être compris entre 1 et 12' })
  months: number;
}

export class CancelSubscriptionDto {
  @ApiProperty({ enum: ['period_end', 'now'] })
  @IsIn(['period_end', 'now'], { message: 'when doit valoir period_end ou now' })
  when: 'period_end' | 'now';
}

export class RefundDto {
  @ApiPropertyOptional({ description: 'Amount VAT included, cents; default: what is left on the invoice' })
  @IsOptional()
  @IsInt({ message: 'Le montant doit être un nombre entier de centimes' })
  @Min(1, { message: 'Le montant doit être positif' })
  amountTtc?: number;

  @ApiProperty()
  @IsString({ message: 'Le motif est obligatoire' })
  @MinLength(3, { message: 'Le motif est obligatoire' })
  @MaxLength(300, { message: 'Le motif est trop long' })
  reason: string;
}

export class MetricPointDto {
  @ApiProperty({ example: '2026-11' }) month: string;
  @ApiProperty({ description: 'Monthly recurring revenue excluding VAT at the end of the month, cents' })
  mrr: number;
  @ApiProperty() active: number;
  @ApiProperty() churned: number;
  @ApiProperty({ description: 'Churned / active at the start of the month, percent' }) churnRate: number;
}
