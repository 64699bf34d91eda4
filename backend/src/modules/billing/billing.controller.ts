import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiExcludeEndpoint,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Uuid } from '../../common/route-params';
import { OwnAccount } from '../identity';
import { BillingDto, BillingProfileDto, RedirectDto } from './billing.dto';
import { BillingService } from './billing.service';

/** Stripe's webhook endpoint: no account, the signature is the authentication. */
@ApiTags('billing')
@Controller('billing/stripe')
export class StripeWebhookController {
  constructor(private readonly billing: BillingService) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  receive(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    return this.billing.receiveWebhook(request.rawBody, signature);
  }
}

/** "Mon abonnement" (/user/abonnement): only the professional themself. */
@ApiTags('billing')
@OwnAccount('user')
@Controller('users/:id/billing')
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Get()
  @ApiOperation({
    summary: 'Plan, subscription (phase, next debit, masked payment method), invoices, firm details',
  })
  @ApiOkResponse({ type: BillingDto })
  get(@Param('id', Uuid) id: string): Promise<BillingDto> {
    return this.billing.get(id);
  }

  @Post('checkout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start a subscription: the Stripe Checkout page (SEPA debit or card) to go to' })
  @ApiOkResponse({ type: RedirectDto })
  @ApiConflictResponse({ description: 'ALREADY_SUBSCRIBED' })
  checkout(@Param('id', Uuid) id: string): Promise<RedirectDto> {
    return this.billing.checkout(id);
  }

  @Post('payment-method')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change the payment method: a Stripe Checkout page in setup mode' })
  @ApiOkResponse({ type: RedirectDto })
  @ApiNotFoundResponse({ description: 'SUBSCRIPTION_NOT_FOUND' })
  paymentMethod(@Param('id', Uuid) id: string): Promise<RedirectDto> {
    return this.billing.changePaymentMethod(id);
  }

  @Post('cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel at the end of the paid month' })
  @ApiOkResponse({ type: BillingDto })
  @ApiNotFoundResponse({ description: 'SUBSCRIPTION_NOT_FOUND' })
  cancel(@Param('id', Uuid) id: string): Promise<BillingDto> {
    return this.billing.setCancelAtPeriodEnd(id, true);
  }

  @Post('resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take the cancellation back before the end of the paid month' })
  @ApiOkResponse({ type: BillingDto })
  @ApiNotFoundResponse({ description: 'SUBSCRIPTION_NOT_FOUND' })
  resume(@Param('id', Uuid) id: string): Promise<BillingDto> {
    return this.billing.setCancelAtPeriodEnd(id, false);
  }

  @Put('profile')
  @ApiOperation({ summary: 'The firm printed on invoices: name, SIREN, address' })
  @ApiOkResponse({ type: BillingDto })
  saveProfile(@Param('id', Uuid) id: string, @Body() dto: BillingProfileDto): Promise<BillingDto> {
    return this.billing.saveProfile(id, dto);
  }

  @Get('invoices/:invoiceId/pdf')
  @ApiOperation({ summary: 'The invoice or credit note as a Factur-X PDF' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'INVOICE_NOT_FOUND' })
  async pdf(
    @Param('id', Uuid) id: string,
    @Param('invoiceId', Uuid) invoiceId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { number, pdf } = await this.billing.pdf(id, invoiceId);
    await sendPdf(reply, number, pdf);
  }
}

export async function sendPdf(reply: FastifyReply, number: string, pdf: Buffer): Promise<void> {
  await reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(pdf.length))
    .header('content-disposition', `attachment; filename="${number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}
