import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, MaxLength, Min, MinLength } from 'class-validator';

export class PaymentAccountDto {
  @ApiProperty({ description: 'A connected account was opened at the provider (onboarding started)' })
  opened: boolean;
  @ApiProperty({ description: 'The account can take the clients’ payments: paid motives are allowed' })
  chargesEnabled: boolean;
  @ApiProperty({ description: 'The provider pays the takings out to the professional’s bank account' })
  payoutsEnabled: boolean;
  @ApiProperty() detailsSubmitted: boolean;
  @ApiProperty({ example: 0, description: 'Platform commission, percent of the price TTC (console setting)' })
  commissionPercent: number;
}

export class OnboardingLinkDto {
  @ApiProperty({
    description: 'The provider’s hosted onboarding page (one-off link, expires within minutes)',
  })
  url: string;
}

export class PayoutDto {
  @ApiProperty() id: string;
  @ApiProperty({ example: 16000 }) amountCents: number;
  @ApiProperty({ format: 'date-time', description: 'Expected (or actual) arrival at the bank' })
  arrivalDate: string;
  @ApiProperty({ example: 'paid', description: 'paid, pending, in_transit, canceled, failed' })
  status: string;
}

export class PayoutsDto {
  @ApiProperty({ type: [PayoutDto] }) data: PayoutDto[];
}

export class MonthFiguresDto {
  @ApiProperty({ example: '2026-11', description: 'The month (Europe/Paris)' }) month: string;
  @ApiProperty({ description: 'Captured this month (by capture date), cents' }) paymentsCents: number;
  @ApiProperty({ description: 'Refunded this month (by refund date), cents' }) refundsCents: number;
  @ApiProperty({
    description:
      'Platform commission on this month’s payments, less the share this month’s refunds gave back, cents',
  })
  commissionCents: number;
  @ApiProperty({ description: 'payments − refunds − commission, cents' }) netCents: number;
}

export class MonthQueryDto {
  @IsOptional()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Le mois doit être au format AAAA-MM' })
  month?: string;
}

export class AdminPaymentAccountDto {
  @ApiProperty({ format: 'uuid', description: 'The professional (react-admin id)' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() name: string;
  @ApiProperty() stripeAccountId: string;
  @ApiProperty() chargesEnabled: boolean;
  @ApiProperty() payoutsEnabled: boolean;
  @ApiProperty() detailsSubmitted: boolean;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** POST /admin/payments/{appointmentId}/refund */
export class AdminRefundDto {
  @ApiProperty({ description: 'Why (kept in the audit log)', minLength: 3, maxLength: 500 })
  @MaxLength(500, { message: 'Le motif ne peut pas dépasser 500 caractères' })
  @MinLength(3, { message: 'Indiquez le motif du remboursement' })
  @IsString({ message: 'Indiquez le motif du remboursement' })
  reason: string;

  @ApiProperty({ required: false, description: 'Cents to refund; everything not yet refunded when absent' })
  @IsOptional()
  @Min(1, { message: 'Le montant à rembourser doit être positif' })
  @IsInt({ message: 'Le montant à rembourser doit être un nombre entier de centimes' })
  amountCents?: number;
}
