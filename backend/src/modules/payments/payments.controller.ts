import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Uuid } from '../../common/route-params';
import { OwnAccount } from '../identity';
import { CheckoutReturnDto, PaymentsPageDto } from './payments.dto';
import { PaymentsService } from './payments.service';

/** The client's return from the hosted payment page: the session id in the URL is the only credential. */
@ApiTags('payments')
@Controller('payments/checkout')
export class CheckoutReturnController {
  constructor(private readonly payments: PaymentsService) {}

  @Post(':session/return')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Back from the hosted payment page: the payment is applied now (the webhook may come later, or came first); answers the appointment to show',
  })
  @ApiOkResponse({ type: CheckoutReturnDto })
  @ApiNotFoundResponse({ description: 'CHECKOUT_NOT_FOUND' })
  returnFromCheckout(@Param('session') session: string): Promise<CheckoutReturnDto> {
    return this.payments.returnFromCheckout(session);
  }
}

/** "Mes paiements" (/user/paiements): only the professional themself. */
@ApiTags('payments')
@OwnAccount('user')
@Controller('users/:id/payments')
export class ProfessionalPaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get()
  @ApiOperation({ summary: 'Payments of the professional’s paid appointments, newest first (100 at most)' })
  @ApiOkResponse({ type: PaymentsPageDto })
  list(@Param('id', Uuid) id: string): Promise<PaymentsPageDto> {
    return this.payments.listForUser(id);
  }
}
