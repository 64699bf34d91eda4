import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedAccount } from '../identity';
import { AdminConsoleGuard, CurrentAccount } from '../identity';
import { AdminListQueryDto, setContentRange } from '../../common/admin-list';
import { UuidParamDto } from '../../common/route-params';
import { AdminAppointmentDto, AdminCancelAppointmentDto } from './admin-appointments.dto';
import { AdminAppointmentsService } from './admin-appointments.service';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid token' })
@ApiForbiddenResponse({ description: 'Not an administrator token' })
@UseGuards(AdminConsoleGuard)
@Controller('admin/appointments')
export class AdminAppointmentsController {
  constructor(private readonly appointments: AdminAppointmentsService) {}

  @Get()
  @ApiOperation({ summary: 'filter: userId, attendeeId, status, from, to (start dates, ISO)' })
  @ApiOkResponse({ type: AdminAppointmentDto, isArray: true })
  async list(
    @Query() query: AdminListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminAppointmentDto[]> {
    const page = await this.appointments.list(query);
    setContentRange(reply, 'appointments', page.offset, page.rows.length, page.total);
    return page.rows;
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
