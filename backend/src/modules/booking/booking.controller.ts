import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Uuid } from '../../common/route-params';
import { CurrentAccount, ownedResourceGuard, type AuthenticatedAccount, OwnAccount } from '../identity';

import {
  AppointmentDto,
  AppointmentMessageDto,
  AppointmentPageDto,
  CreateEventByHandDto,
  CreateEventDto,
  EventActionQueryDto,
  EventResponseItemDto,
  EventResponsesViewDto,
  EventsQueryDto,
  MessageDto,
  MoveEventDto,
  PageQueryDto,
  ReasonDto,
  RescheduleDto,
  RequestAvailabilitiesDto,
  SubmitAvailabilitiesDto,
  ValidateEventDto,
} from './booking.dto';
import { AvailabilityRequestsService } from './availability-requests.service';
import { ClientBookingService } from './client-booking.service';
import { ProfessionalBookingService } from './professional-booking.service';
import { Idempotent } from '../idempotency';

/** The professional's own appointment; another's is 404 APPOINTMENT_NOT_FOUND before any validation. */
const OWN_APPOINTMENT = ownedResourceGuard('appointment', { param: 'id' });

/** Booking by the attendee (booking dialog, /participant/mes-rdvs). */
@ApiTags('booking')
@Controller('attendees')
export class AttendeeBookingController {
  constructor(private readonly booking: ClientBookingService) {}

  @Post(':attendee_id/create-event')
  @OwnAccount('attendee', { param: 'attendee_id' })
  @ApiOperation({
    summary:
      'Book a free slot: the appointment awaits the professional’s validation and holds the slot at once',
    description:
      'Needs the attendee’s own token and a verified phone. 409 SLOT_TAKEN when the slot was just booked, 409 SLOT_UNAVAILABLE when it is not offered, ' +
      '409 ONLINE_BOOKING_DISABLED when the professional does not take online booking, 403 PHONE_NOT_VERIFIED. ' +
      'With an Idempotency-Key header, the same key and body replay the first answer (status and body); another body gives 422.',
  })
  // The key is looked up with the booking's first read (`ClientBookingService.createEvent`).
  @Idempotent('create-event', { lookupInHandler: true })
  @ApiCreatedResponse({ type: AppointmentDto })
  @ApiConflictResponse({
    description:
      '{ statusCode: 409, code: SLOT_TAKEN | SLOT_UNAVAILABLE | ONLINE_BOOKING_DISABLED, message }',
  })
  createEvent(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('attendee_id', Uuid) attendeeId: string,
    @Body() dto: CreateEventDto,
    @Req() request: FastifyRequest,
  ): Promise<AppointmentDto> {
    return this.booking.createEvent(account, attendeeId, dto, request.ip || 'unknown');
  }

  @Get(':id/events')
  @OwnAccount('attendee')
  @ApiOperation({ summary: 'The attendee’s appointments, latest first (/participant/mes-rdvs)' })
  @ApiOkResponse({ type: AppointmentPageDto })
  events(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Query() query: PageQueryDto,
  ): Promise<AppointmentPageDto> {
    return this.booking.listForAttendee(account, id, query);
  }
}

/** The professional's appointments (user-ui: /user/events, /user/dashboard, /user/event-action). */
@ApiTags('booking')
@Controller()
export class ProfessionalBookingController {
  constructor(
    private readonly booking: ProfessionalBookingService,
    private readonly availabilityRequests: AvailabilityRequestsService,
  ) {}

  @Get('users/:id/events')
  @OwnAccount('user')
  @ApiOperation({
    summary:
      'Own appointments: group=past (latest first) | pending (awaiting validation) | upcoming (confirmed); from/to for agenda views',
  })
  @ApiOkResponse({ type: AppointmentPageDto })
  list(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Query() query: EventsQueryDto,
  ): Promise<AppointmentPageDto> {
    return this.booking.listForUser(account, id, query);
  }

  @Post('users/:id/events')
  @OwnAccount('user')
  @ApiOperation({
    summary:
      'Create a confirmed appointment by hand for a client (found or created by email); the client gets the confirmation mail',
  })
  @ApiCreatedResponse({ type: AppointmentDto })
  create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: CreateEventByHandDto,
  ): Promise<AppointmentDto> {
    return this.booking.createByHand(account, id, dto);
  }

  @Post('events/:id/validate')
  @HttpCode(200)
  @UseGuards(OWN_APPOINTMENT)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Validate an appointment awaiting validation (the attendee gets the confirmation mail with the .ics)',
  })
  @ApiOkResponse({ type: AppointmentMessageDto })
  @ApiBody({ type: ValidateEventDto, required: false })
  @ApiConflictResponse({
    description:
      'CALENDAR_CONFLICT: a connected calendar holds that time; send confirmConflict: true to validate anyway',
  })
  validate(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: ValidateEventDto | undefined,
  ): Promise<AppointmentMessageDto> {
    return this.booking.validate(account, id, dto?.confirmConflict === true);
  }

  @Post('events/:id/refuse')
  @HttpCode(200)
  @UseGuards(OWN_APPOINTMENT)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Refuse an appointment awaiting validation (frees the slot, mails the attendee)' })
  @ApiOkResponse({ type: AppointmentMessageDto })
  refuse(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: ReasonDto,
  ): Promise<AppointmentMessageDto> {
    return this.booking.refuse(account, id, dto.reason);
  }

  @Post('events/:id/cancel')
  @HttpCode(200)
  @UseGuards(OWN_APPOINTMENT)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Cancel an appointment (frees the slot, mails both sides)' })
  @ApiOkResponse({ type: AppointmentMessageDto })
  cancel(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: ReasonDto,
  ): Promise<AppointmentMessageDto> {
    return this.booking.cancelByUser(account, id, dto.reason);
  }

  @Post('events/:id/move')
  @HttpCode(200)
  @UseGuards(OWN_APPOINTMENT)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Move an appointment (end defaults to start + current duration); 409 SLOT_TAKEN on overlap',
  })
  @ApiOkResponse({ type: AppointmentMessageDto })
  move(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: MoveEventDto,
  ): Promise<AppointmentMessageDto> {
    return this.booking.move(account, id, dto);
  }

  @Post('events/:id/request-availabilities')
  @HttpCode(200)
  @UseGuards(OWN_APPOINTMENT)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Ask the attendee for availabilities (mail with a link to /events-responses/{id_event})',
  })
  @ApiOkResponse({ type: MessageDto })
  requestAvailabilities(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: RequestAvailabilitiesDto,
  ): Promise<MessageDto> {
    return this.availabilityRequests.requestAvailabilities(account, id, dto.message);
  }

  @Get('events/:id/responses')
  @UseGuards(OWN_APPOINTMENT)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'The availabilities the attendee proposed through /events-responses/{id_event}, latest first',
  })
  @ApiOkResponse({ type: [EventResponseItemDto] })
  responses(@Param('id', Uuid) id: string): Promise<EventResponseItemDto[]> {
    return this.availabilityRequests.responsesOf(id);
  }

  @Get('event-action')
  @ApiOperation({
    summary:
      'Validate or refuse from the link of the professional’s mail (/user/event-action?token=...&action=...); the signed token is the authority',
  })
  @ApiOkResponse({ type: AppointmentMessageDto })
  eventAction(@Query() query: EventActionQueryDto): Promise<AppointmentMessageDto> {
    return this.booking.eventAction(query.token, query.action);
  }
}

/** The attendee's appointment page by its unguessable reference, and the availabilities answer page. */
@ApiTags('booking')
@Controller()
export class PublicBookingController {
  constructor(
    private readonly booking: ClientBookingService,
    private readonly availabilityRequests: AvailabilityRequestsService,
  ) {}

  @Get('appointments/:refAppointment')
  @ApiOperation({
    summary: 'Appointment page /appointments/{refAppointment}: details, mode, address or visio link, status',
  })
  @ApiOkResponse({ type: AppointmentDto })
  byRef(@Param('refAppointment') ref: string): Promise<AppointmentDto> {
    return this.booking.byRef(ref);
  }

  @Get('appointments/:refAppointment/ics')
  @ApiOperation({ summary: 'Add to calendar: the appointment as text/calendar' })
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'iCalendar document', schema: { type: 'string' } })
  @Header('cache-control', 'no-store')
  async ics(
    @Param('refAppointment') ref: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { filename, content } = await this.booking.icsByRef(ref);
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`);
    return content;
  }

  @Post('appointments/:refAppointment/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The attendee cancels; message: the appointment has been cancelled and the professional informed',
  })
  @ApiOkResponse({ type: AppointmentMessageDto })
  cancel(@Param('refAppointment') ref: string, @Body() dto: ReasonDto): Promise<AppointmentMessageDto> {
    return this.booking.cancelByRef(ref, dto.reason);
  }

  @Post('appointments/:refAppointment/reschedule')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The attendee moves the appointment to another free slot of the same motive; it awaits the professional’s validation again',
  })
  @ApiOkResponse({ type: AppointmentMessageDto })
  @ApiConflictResponse({ description: 'SLOT_UNAVAILABLE, SLOT_TAKEN, INVALID_TRANSITION' })
  reschedule(
    @Param('refAppointment') ref: string,
    @Body() dto: RescheduleDto,
  ): Promise<AppointmentMessageDto> {
    return this.booking.rescheduleByRef(ref, dto.start);
  }

  @Get('events-responses/:id_event')
  @ApiOperation({
    summary: 'The availabilities request of an appointment (page /events-responses/{id_event})',
  })
  @ApiOkResponse({ type: EventResponsesViewDto })
  eventResponses(@Param('id_event', Uuid) id: string): Promise<EventResponsesViewDto> {
    return this.availabilityRequests.eventResponsesView(id);
  }

  @Post('events-responses/:id_event')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The attendee submits availabilities; message: taken into account, confirmation mail once the professional validates',
  })
  @ApiOkResponse({ type: MessageDto })
  submit(@Param('id_event', Uuid) id: string, @Body() dto: SubmitAvailabilitiesDto): Promise<MessageDto> {
    return this.availabilityRequests.submitAvailabilities(id, dto);
  }
}
