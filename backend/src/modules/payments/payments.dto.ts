import { ApiProperty } from '@nestjs/swagger';

export class CheckoutReturnDto {
  @ApiProperty({ description: 'The appointment paid for (/appointments/{refAppointment})' })
  refAppointment: string;
  @ApiProperty({
    example: 'authorized',
    description: 'authorized: the request is with the professional; expired / refunded: the hold had run out',
  })
  status: string;
}

export class PaymentItemDto {
  @ApiProperty({ format: 'uuid' }) appointmentId: string;
  @ApiProperty() refAppointment: string;
  @ApiProperty({ nullable: true, type: String }) title: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'Jean Dupont',
    description: 'The client, as they named themself',
  })
  client: string | null;
  @ApiProperty({ format: 'date-time' }) start: string;
  @ApiProperty({ example: 'captured' }) status: string;
  @ApiProperty({ example: 8000 }) amountCents: number;
  @ApiProperty({ example: 0 }) refundedCents: number;
  @ApiProperty() legalAid: boolean;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) capturedAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) refundedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class PaymentsPageDto {
  @ApiProperty({ type: [PaymentItemDto] }) data: PaymentItemDto[];
  @ApiProperty({ example: 16000, description: 'Captured this month, net of refunds, cents' })
  monthNetCents: number;
}
