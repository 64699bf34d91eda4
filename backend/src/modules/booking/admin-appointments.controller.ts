import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../identity';
import { CurrentAccount, AdminResource } from '../identity';
import { AdminList, AdminListQueryDto, type AdminPage } from '../../common/admin-list';
import { UuidParamDto } from '../../common/route-params';
import { AdminAppointmentDto, AdminCancelAppointmentDto } from './admin-appointments.dto';
import { AdminAppointmentsService } from './admin-appointments.service';

@AdminResource('appointments')
export class AdminAppointmentsController {
  constructor(private readonly appointments: AdminAppointmentsService) {}

  @Get()
  @ApiOperation({ summary: 'filter: userId, attendeeId, status, from, to (start dates, ISO)' })
  @ApiOkResponse({ type: AdminAppointmentDto, isArray: true })
  @AdminList('appointments')
  list(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminAppointmentDto>> {
    return this.appointments.list(query);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminAppointmentDto })
  @ApiNotFoundResponse({ description: 'APPOINTMENT_NOT_FOUND' })
  get(@Param() params: UuidParamDto): Promise<AdminAppointmentDto> {
    return this.appointments.get(params.id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancels on behalf of the client or the professional; both are told by mail' })
  @ApiOkResponse({ type: AdminAppointmentDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  @ApiNotFoundResponse({ description: 'APPOINTMENT_NOT_FOUND' })
  @ApiConflictResponse({ description: 'INVALID_APPOINTMENT_STATE' })
  cancel(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param() params: UuidParamDto,
    @Body() body: AdminCancelAppointmentDto,
  ): Promise<AdminAppointmentDto> {
    return this.appointments.cancel(account.id, params.id, body);
  }
}
