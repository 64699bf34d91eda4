import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminList, AdminListQueryDto, type AdminPage } from '../../common/admin-list';
import { ProviderId, Uuid } from '../../common/route-params';
import { AuditedWrite } from '../audit';
import { AdminConsoleGuard } from '../identity';
import { AdminBillingService } from './admin-billing.service';
import { sendPdf } from './billing.controller';
import { BillingService } from './billing.service';
import {
  AdminInvoiceDto,
  AdminSubscriptionDto,
  CancelSubscriptionDto,
  CompanyDto,
  ExtendTrialDto,
  MetricPointDto,
  RefundDto,
} from './billing.dto';

/** The console's billing pages. Every write is in the audit log. */
@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid token' })
@ApiForbiddenResponse({ description: 'Not an administrator token' })
@UseGuards(AdminConsoleGuard)
@Controller('admin/billing')
export class AdminBillingController {
  constructor(
    private readonly admin: AdminBillingService,
    private readonly billing: BillingService,
  ) {}

  @Get('subscriptions')
  @ApiOperation({
    summary: 'filter: status, q (name or email); sort: createdAt, status, currentPeriodEnd, failedPayments',
  })
  @ApiOkResponse({ type: AdminSubscriptionDto, isArray: true })
  @AdminList('billing/subscriptions')
  subscriptions(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminSubscriptionDto>> {
    return this.admin.subscriptions(query);
  }

  @Get('subscriptions/:id')
  @ApiOkResponse({ type: AdminSubscriptionDto })
  @ApiNotFoundResponse({ description: 'SUBSCRIPTION_NOT_FOUND' })
  subscription(@Param('id', ProviderId) id: string): Promise<AdminSubscriptionDto> {
    return this.admin.subscription(id);
  }

  @Post('subscriptions/:id/extend-trial')
  @HttpCode(200)
  @AuditedWrite({ resource: 'billing/subscriptions' })
  @ApiOperation({ summary: 'Lengthen the introductory phase by some months' })
  @ApiOkResponse({ type: AdminSubscriptionDto })
  extendTrial(
    @Param('id', ProviderId) id: string,
    @Body() dto: ExtendTrialDto,
  ): Promise<AdminSubscriptionDto> {
    return this.admin.extendTrial(id, dto.months);
  }

  @Post('subscriptions/:id/cancel')
  @HttpCode(200)
  @AuditedWrite({ resource: 'billing/subscriptions' })
  @ApiOkResponse({ type: AdminSubscriptionDto })
  cancel(
    @Param('id', ProviderId) id: string,
    @Body() dto: CancelSubscriptionDto,
  ): Promise<AdminSubscriptionDto> {
    return this.admin.cancel(id, dto.when);
  }

  @Get('invoices')
  @ApiOperation({
    summary:
      'filter: kind (invoice | credit_note), userId, q (number or customer); sort: sequence, issuedOn, totalTtc',
  })
  @ApiOkResponse({ type: AdminInvoiceDto, isArray: true })
  @AdminList('billing/invoices')
  invoices(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminInvoiceDto>> {
    return this.admin.invoiceList(query);
  }

  @Get('invoices/:id')
  @ApiOkResponse({ type: AdminInvoiceDto })
  @ApiNotFoundResponse({ description: 'INVOICE_NOT_FOUND' })
  invoice(@Param('id', Uuid) id: string): Promise<AdminInvoiceDto> {
    return this.admin.invoice(id);
  }

  @Get('invoices/:id/pdf')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async pdf(@Param('id', Uuid) id: string, @Res() reply: FastifyReply): Promise<void> {
    const { number, pdf } = await this.billing.pdf(null, id);
    await sendPdf(reply, number, pdf);
  }

  @Post('invoices/:id/refund')
  @HttpCode(200)
  @AuditedWrite({ resource: 'billing/invoices' })
  @ApiOperation({ summary: 'Refund with a credit note (whole invoice by default)' })
  @ApiOkResponse({ type: AdminInvoiceDto, description: 'The credit note' })
  refund(@Param('id', Uuid) id: string, @Body() dto: RefundDto): Promise<AdminInvoiceDto> {
    return this.admin.refund(id, dto.reason, dto.amountTtc);
  }

  @Get('metrics')
  @ApiOperation({ summary: 'MRR and churn of the last 12 months' })
  @ApiOkResponse({ type: MetricPointDto, isArray: true })
  metrics(): Promise<MetricPointDto[]> {
    return this.admin.metrics();
  }

  @Get('company')
  @ApiOkResponse({ type: CompanyDto })
  company(): Promise<CompanyDto> {
    return this.admin.company();
  }

  @Put('company')
  @AuditedWrite({ resource: 'billing/company' })
  @ApiOperation({ summary: 'The issuer printed on invoices' })
  @ApiOkResponse({ type: CompanyDto })
  saveCompany(@Body() dto: CompanyDto): Promise<CompanyDto> {
    return this.admin.saveCompany(dto);
  }
}
