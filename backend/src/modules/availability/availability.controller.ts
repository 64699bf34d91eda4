import { Uuid } from '../../common/route-params';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type AuthenticatedAccount, CurrentAccount, OwnAccount, ownedResourceGuard } from '../identity';
import {
  AvailabilitySettingsDto,
  CalendarDto,
  CreateCalendarDto,
  CreateHolidayDto,
  CreateMotiveDto,
  CreateUnavailabilityDto,
  HolidayDto,
  MotiveDto,
  PublicHolidaysDto,
  PublicHolidaysQueryDto,
  ReorderMotivesDto,
  ReplaceWeekDto,
  SetWorkedMonthDto,
  UnavailabilityDto,
  UpdateAvailabilitySettingsDto,
  UpdateCalendarDto,
  UpdateMotiveDto,
  WeekDto,
  WorkedMonthDto,
} from './availability.dto';
import { AvailabilityService } from './availability.service';
import { TimeOffService } from './time-off.service';
import { AuditedWrite } from '../audit';

/** Another professional's calendar is 404 CALENDAR_NOT_FOUND, before the body is validated. */
const OWN_CALENDAR = ownedResourceGuard('calendar', { param: 'calendarId', admins: true });

/**
 * The professional's availability settings (`/user/motifs`, `/user/calendriers`, `/user/periodes-de-vacances`,
 * `/user/setting`). Every route needs the professional's own token (audience `user`) or an admin token.
 */
@ApiTags('availability')
// A professional manages only their own agenda (users/:id/...), an administrator any.
@OwnAccount('user', { admins: true })
@Controller()
export class AvailabilityController {
  constructor(
    private readonly availability: AvailabilityService,
    private readonly timeOff: TimeOffService,
  ) {}

  // ---- calendars
  @Get('users/:id/calendars')
  @ApiOkResponse({ type: [CalendarDto] })
  listCalendars(@Param('id', Uuid) id: string): Promise<CalendarDto[]> {
    return this.availability.listCalendars(id);
  }

  @Post('users/:id/calendars')
  @ApiOkResponse({ type: CalendarDto })
  createCalendar(@Param('id', Uuid) id: string, @Body() dto: CreateCalendarDto): Promise<CalendarDto> {
    return this.availability.createCalendar(id, dto);
  }

  @Patch('users/:id/calendars/:calendarId')
  @ApiOkResponse({ type: CalendarDto })
  updateCalendar(
    @Param('id', Uuid) id: string,
    @Param('calendarId', Uuid) calendarId: string,
    @Body() dto: UpdateCalendarDto,
  ): Promise<CalendarDto> {
    return this.availability.updateCalendar(id, calendarId, dto);
  }

  @Delete('users/:id/calendars/:calendarId')
  @HttpCode(204)
  @ApiNoContentResponse()
  deleteCalendar(
    @Param('id', Uuid) id: string,
    @Param('calendarId', Uuid) calendarId: string,
  ): Promise<void> {
    return this.availability.deleteCalendar(id, calendarId);
  }

  // ---- weekly availabilities of a calendar
  @Get('calendars/:calendarId/weekly-availabilities')
  @UseGuards(OWN_CALENDAR)
  @ApiOkResponse({ type: WeekDto })
  async getWeek(
    @Param('calendarId', Uuid) calendarId: string,
    @CurrentAccount() account: AuthenticatedAccount,
  ): Promise<WeekDto> {
    return this.availability.getWeek(await this.availability.calendarFor(account, calendarId));
  }

  @Put('calendars/:calendarId/weekly-availabilities')
  @UseGuards(OWN_CALENDAR)
  @ApiOkResponse({ type: WeekDto, description: 'Replaces the whole week of the calendar' })
  async replaceWeek(
    @Param('calendarId', Uuid) calendarId: string,
    @Body() dto: ReplaceWeekDto,
    @CurrentAccount() account: AuthenticatedAccount,
  ): Promise<WeekDto> {
    return this.availability.replaceWeek(
      await this.availability.calendarFor(account, calendarId),
      dto.ranges,
    );
  }

  // ---- motives
  @Get('users/:id/motives')
  @ApiOkResponse({ type: [MotiveDto] })
  listMotives(@Param('id', Uuid) id: string): Promise<MotiveDto[]> {
    return this.availability.listMotives(id);
  }

  @Post('users/:id/motives')
  @ApiOkResponse({ type: MotiveDto })
  createMotive(@Param('id', Uuid) id: string, @Body() dto: CreateMotiveDto): Promise<MotiveDto> {
    return this.availability.createMotive(id, dto);
  }

  @Put('users/:id/motives/order')
  @ApiOkResponse({ type: [MotiveDto], description: 'Every motive, in the new order' })
  reorderMotives(@Param('id', Uuid) id: string, @Body() dto: ReorderMotivesDto): Promise<MotiveDto[]> {
    return this.availability.reorderMotives(id, dto.motiveIds);
  }

  @Patch('users/:id/motives/:motiveId')
  @ApiOkResponse({ type: MotiveDto })
  updateMotive(
    @Param('id', Uuid) id: string,
    @Param('motiveId', Uuid) motiveId: string,
    @Body() dto: UpdateMotiveDto,
  ): Promise<MotiveDto> {
    return this.availability.updateMotive(id, motiveId, dto);
  }

  @Delete('users/:id/motives/:motiveId')
  @HttpCode(204)
  @ApiNoContentResponse()
  deleteMotive(@Param('id', Uuid) id: string, @Param('motiveId', Uuid) motiveId: string): Promise<void> {
    return this.availability.deleteMotive(id, motiveId);
  }

  // ---- unavailability periods
  @Get('users/:id/unavailabilities')
  @ApiOkResponse({ type: [UnavailabilityDto] })
  listUnavailabilities(@Param('id', Uuid) id: string): Promise<UnavailabilityDto[]> {
    return this.timeOff.listUnavailabilities(id);
  }

  @Post('users/:id/unavailabilities')
  @ApiOkResponse({ type: UnavailabilityDto })
  createUnavailability(
    @Param('id', Uuid) id: string,
    @Body() dto: CreateUnavailabilityDto,
  ): Promise<UnavailabilityDto> {
    return this.timeOff.createUnavailability(id, dto);
  }

  @Delete('users/:id/unavailabilities/:unavailabilityId')
  @HttpCode(204)
  @ApiNoContentResponse()
  deleteUnavailability(
    @Param('id', Uuid) id: string,
    @Param('unavailabilityId', Uuid) unavailabilityId: string,
  ): Promise<void> {
    return this.timeOff.deleteUnavailability(id, unavailabilityId);
  }

  // ---- holidays
  @Get('users/:id/holidays')
  @ApiOkResponse({ type: [HolidayDto] })
  listHolidays(@Param('id', Uuid) id: string): Promise<HolidayDto[]> {
    return this.timeOff.listHolidays(id);
  }

  @Post('users/:id/holidays')
  @ApiOkResponse({ type: HolidayDto })
  @AuditedWrite({ resource: 'holidays', action: 'create' })
  createHoliday(@Param('id', Uuid) id: string, @Body() dto: CreateHolidayDto): Promise<HolidayDto> {
    return this.timeOff.createHoliday(id, dto);
  }

  @Delete('users/:id/holidays/:holidayId')
  @HttpCode(204)
  @ApiNoContentResponse()
  @AuditedWrite({ resource: 'holidays' })
  deleteHoliday(@Param('id', Uuid) id: string, @Param('holidayId', Uuid) holidayId: string): Promise<void> {
    return this.timeOff.deleteHoliday(id, holidayId);
  }

  // ---- public holidays worked month by month
  @Get('users/:id/public-holidays')
  @ApiOkResponse({ type: PublicHolidaysDto })
  publicHolidays(
    @Param('id', Uuid) id: string,
    @Query() query: PublicHolidaysQueryDto,
  ): Promise<PublicHolidaysDto> {
    return this.timeOff.publicHolidays(id, query.year ?? new Date().getUTCFullYear());
  }

  @Put('users/:id/public-holidays/:month')
  @ApiOkResponse({ type: WorkedMonthDto, description: 'month = AAAA-MM' })
  setWorkedMonth(
    @Param('id', Uuid) id: string,
    @Param('month') month: string,
    @Body() dto: SetWorkedMonthDto,
  ): Promise<WorkedMonthDto> {
    return this.timeOff.setWorkedMonth(id, month, dto.worked);
  }

  // ---- settings
  @Get('users/:id/availability-settings')
  @ApiOkResponse({ type: AvailabilitySettingsDto })
  settings(@Param('id', Uuid) id: string): Promise<AvailabilitySettingsDto> {
    return this.availability.settings(id);
  }

  @Put('users/:id/availability-settings')
  @ApiOkResponse({ type: AvailabilitySettingsDto, description: 'Fields left out keep their value' })
  updateSettings(
    @Param('id', Uuid) id: string,
    @Body() dto: UpdateAvailabilitySettingsDto,
  ): Promise<AvailabilitySettingsDto> {
    return this.availability.updateSettings(id, dto);
  }
}
