import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { OwnAccount } from '../identity';
import { Uuid } from '../../common/route-params';
import {
  CalendarConnectionDto,
  ConnectCalDavDto,
  ConnectExchangeDto,
  ExternalCalendarDto,
  UpdateCalendarConnectionDto,
  UpdateExternalCalendarDto,
} from './calendar-sync.dto';
import { CalendarConnectionsService } from './calendar-connections.service';

/**
 * "Synchronisation de vos calendriers" in /user/setting: the professional's connected calendar accounts.
 * Their own token (audience user) or an admin's.
 */
@ApiTags('calendar-sync')
@OwnAccount('user', { admins: true })
@Controller('users/:id/calendar-connections')
export class CalendarSyncController {
  constructor(private readonly calendarSync: CalendarConnectionsService) {}

  @Get()
  @ApiOkResponse({ type: [CalendarConnectionDto] })
  list(@Param('id', Uuid) id: string) {
    return this.calendarSync.listConnections(id);
  }

  @Post('caldav')
  @ApiCreatedResponse({ type: CalendarConnectionDto })
  connectCalDav(@Param('id', Uuid) id: string, @Body() dto: ConnectCalDavDto) {
    return this.calendarSync.connectCalDav(id, dto);
  }

  @Post('exchange')
  @ApiCreatedResponse({ type: CalendarConnectionDto })
  connectExchange(@Param('id', Uuid) id: string, @Body() dto: ConnectExchangeDto) {
    return this.calendarSync.connectExchange(id, dto);
  }

  @Patch(':connectionId')
  @ApiOkResponse({ type: CalendarConnectionDto })
  update(
    @Param('id', Uuid) id: string,
    @Param('connectionId', Uuid) connectionId: string,
    @Body() dto: UpdateCalendarConnectionDto,
  ) {
    return this.calendarSync.setPauseBookingWhenBroken(id, connectionId, dto.pauseBookingWhenBroken);
  }

  @Delete(':connectionId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Disconnected: credentials and cached events deleted' })
  async disconnect(
    @Param('id', Uuid) id: string,
    @Param('connectionId', Uuid) connectionId: string,
  ): Promise<void> {
    await this.calendarSync.disconnect(id, connectionId);
  }

  @Patch(':connectionId/calendars/:calendarId')
  @ApiOkResponse({ type: ExternalCalendarDto })
  updateCalendar(
    @Param('id', Uuid) id: string,
    @Param('calendarId', Uuid) calendarId: string,
    @Body() dto: UpdateExternalCalendarDto,
  ) {
    return this.calendarSync.updateCalendar(id, calendarId, dto);
  }
}
