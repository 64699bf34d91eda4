import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Uuid } from '../../common/route-params';
import { CancelSlotAlertDto, CreateSlotAlertDto, SlotAlertAnswerDto } from './slot-alerts.dto';
import { SlotAlertsService } from './slot-alerts.service';

@ApiTags('slot-alerts')
@Controller()
export class SlotAlertsController {
  constructor(private readonly alerts: SlotAlertsService) {}

  @Post('users/:id/slot-alerts')
  @ApiOperation({
    summary:
      'Ask to be told (by mail, at most once a day) when a slot of this motive frees up before `before`; no account needed',
  })
  @ApiCreatedResponse({ type: SlotAlertAnswerDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED, SLOT_ALERT_IN_PAST' })
  @ApiNotFoundResponse({
    description: 'MOTIVE_NOT_FOUND (unknown, inactive, or the professional does not book online)',
  })
  create(@Param('id', Uuid) id: string, @Body() dto: CreateSlotAlertDto): Promise<SlotAlertAnswerDto> {
    return this.alerts.create(id, dto);
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
