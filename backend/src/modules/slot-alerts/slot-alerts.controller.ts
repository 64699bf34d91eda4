import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Uuid } from '../../common/route-params';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { AccountAuthenticator } from '../identity';
import { CancelSlotAlertDto, CreateSlotAlertDto, SlotAlertAnswerDto } from './slot-alerts.dto';
import { SlotAlertsService } from './slot-alerts.service';

@ApiTags('slot-alerts')
@Controller()
export class SlotAlertsController {
  private readonly authenticator: AccountAuthenticator;

  constructor(
    private readonly alerts: SlotAlertsService,
    @Inject(ENV) env: Env,
    @InjectDb() db: Database,
  ) {
    // The route is open to anyone; a signed-in client is recognised (not required) for the SMS.
    this.authenticator = new AccountAuthenticator(env.JWT_SECRET, db);
  }

  @Post('users/:id/slot-alerts')
  @ApiOperation({
    summary:
      'Ask to be told (by mail, at most once a day) when a slot of this motive frees up before `before`; no account needed. Nothing is sent before the address confirms from the link mailed to it (48 h).',
  })
  @ApiCreatedResponse({ type: SlotAlertAnswerDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED, SLOT_ALERT_IN_PAST' })
  @ApiTooManyRequestsResponse({
    description: 'TOO_MANY_SLOT_ALERTS (5 per address), TOO_MANY_REQUESTS (10 an hour per client address)',
  })
  @ApiNotFoundResponse({
    description: 'MOTIVE_NOT_FOUND (unknown, inactive, or the professional does not book online)',
  })
  async create(
    @Param('id', Uuid) id: string,
    @Body() dto: CreateSlotAlertDto,
    @Req() request: FastifyRequest,
  ): Promise<SlotAlertAnswerDto> {
    const attendee = await this.authenticator.authenticate(request, ['attendee']);
    return this.alerts.create(id, dto, request.ip || 'unknown', attendee?.id);
  }

  @Post('slot-alerts/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm an alert’s address from the link of its confirmation mail (48 h)' })
  @ApiOkResponse({ type: SlotAlertAnswerDto })
  @ApiNotFoundResponse({ description: 'SLOT_ALERT_LINK_INVALID' })
  confirm(@Body() dto: CancelSlotAlertDto): Promise<SlotAlertAnswerDto> {
    return this.alerts.confirm(dto.token);
  }

  @Post('slot-alerts/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop an alert from the link of its mail (the signed token is the authority)' })
  @ApiOkResponse({ type: SlotAlertAnswerDto })
  @ApiNotFoundResponse({ description: 'SLOT_ALERT_LINK_INVALID' })
  cancel(@Body() dto: CancelSlotAlertDto): Promise<SlotAlertAnswerDto> {
    return this.alerts.cancel(dto.token);
  }
}
