import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AdminList, AdminListQueryDto, type AdminPage } from '../../common/admin-list';
import { Uuid } from '../../common/route-params';
import type { AuthenticatedAccount } from '../identity';
import { AdminResource, CurrentAccount, OwnAccount } from '../identity';
import { AdminPayments } from './admin-payments';
import {
  AdminPaymentAccountDto,
  AdminRefundDto,
  MonthFiguresDto,
  MonthQueryDto,
  OnboardingLinkDto,
  PaymentAccountDto,
  PayoutsDto,
} from './connect.dto';
import { ConnectedAccounts } from './connected-accounts';
import type { PaymentItemDto } from './payments.dto';

/** "Mes paiements": the professional's connected account, its onboarding, payouts and the month's figures. */
@ApiTags('payments')
@OwnAccount('user')
@Controller('users/:id/payments')
export class ConnectController {
  constructor(
    private readonly accounts: ConnectedAccounts,
    private readonly admin: AdminPayments,
  ) {}

  @Get('account')
  @ApiOperation({
    summary: 'The connected account’s state and the platform commission shown before enabling',
  })
  @ApiOkResponse({ type: PaymentAccountDto })
  account(@Param('id', Uuid) id: string): Promise<PaymentAccountDto> {
    return this.accounts.status(id);
  }

  @Post('account/onboarding')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Opens the connected account if needed; answers the provider’s hosted onboarding link',
  })
  @ApiOkResponse({ type: OnboardingLinkDto })
  @ApiConflictResponse({ description: 'PAYMENTS_NOT_CONFIGURED: the site has no payment provider' })
  @ApiServiceUnavailableResponse({ description: 'PAYMENTS_UNAVAILABLE' })
  onboarding(@Param('id', Uuid) id: string): Promise<OnboardingLinkDto> {
    return this.accounts.startOnboarding(id);
  }

  @Post('account/refresh')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Back from the hosted onboarding: the account’s state is read from the provider now',
  })
  @ApiOkResponse({ type: PaymentAccountDto })
  refresh(@Param('id', Uuid) id: string): Promise<PaymentAccountDto> {
    return this.accounts.refresh(id);
  }

  @Get('payouts')
  @ApiOperation({
    summary:
      'Payouts of the connected account to the professional’s bank arriving in a month (Europe/Paris), or by default in the last 90 days and later, newest first; all of them (every page of the provider’s list)',
  })
  @ApiOkResponse({ type: PayoutsDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (month not YYYY-MM)' })
  async payouts(@Param('id', Uuid) id: string, @Query() query: MonthQueryDto): Promise<PayoutsDto> {
    return { data: await this.accounts.payouts(id, query.month) };
  }

  @Get('figures')
  @ApiOperation({
    summary: 'Payments, refunds, commission and net of a month (Europe/Paris; this month by default)',
  })
  @ApiOkResponse({ type: MonthFiguresDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (month not YYYY-MM)' })
  figures(@Param('id', Uuid) id: string, @Query() query: MonthQueryDto): Promise<MonthFiguresDto> {
    return this.admin.figures(id, query.month);
  }
}

/** The console: each professional's connected account, and refunds of a client's payment (audited). */
@AdminResource('payment-accounts')
export class AdminPaymentAccountsController {
  constructor(private readonly admin: AdminPayments) {}

  @Get()
  @ApiOkResponse({ type: AdminPaymentAccountDto, isArray: true })
  @AdminList('payment-accounts')
  list(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminPaymentAccountDto>> {
    return this.admin.accounts(query);
  }
}

@AdminResource('payments')
export class AdminPaymentsController {
  constructor(private readonly admin: AdminPayments) {}

  @Post(':appointmentId/refund')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Refunds the client (all that is left, or amountCents); audited; the worker refunds',
  })
  @ApiOkResponse({ description: 'The payment as "Mes paiements" shows it' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  @ApiNotFoundResponse({ description: 'PAYMENT_NOT_FOUND' })
  @ApiConflictResponse({ description: 'NOT_REFUNDABLE' })
  refund(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('appointmentId', Uuid) appointmentId: string,
    @Body() dto: AdminRefundDto,
  ): Promise<Pick<PaymentItemDto, 'appointmentId' | 'status' | 'amountCents'> & { refundDueCents: number }> {
    return this.admin.refund(account.id, appointmentId, dto);
  }
}
