import { Body, Controller, Get, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Uuid } from '../../common/route-params';
import { AuthRateLimiter, AnyAccountGuard, CurrentAccount } from '../identity';
import type { AuthenticatedAccount } from '../identity';
import { AttendeeDto, AttendeeTokenDto, CreateAttendeeDto, UpdateAttendeeDto } from './accounts.dto';
import { AttendeesService } from './attendees.service';
import { AuditedWrite } from '../audit';

@ApiTags('attendees')
@Controller('attendees')
export class AttendeesController {
  constructor(
    private readonly attendees: AttendeesService,
    private readonly limiter: AuthRateLimiter,
  ) {}

  @Post()
  @ApiOperation({
    summary:
      'Public sign-up of an attendee; signs them in (429 TOO_MANY_REQUESTS past 10 an hour per address)',
  })
  @ApiCreatedResponse({ type: AttendeeTokenDto })
  async create(@Body() dto: CreateAttendeeDto, @Req() request: FastifyRequest): Promise<AttendeeTokenDto> {
    // Counted per client address (as the trusted gateway gives it): bounds mass sign-ups and the
    // 'Email already exists' answers an enumeration would read.
    await this.limiter.countPublicAction('attendee-sign-up', request.ip || 'unknown');
    return this.attendees.createAttendee(dto);
  }

  @Get(':id')
  @UseGuards(AnyAccountGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'An attendee (themself, an admin, or a professional they have an appointment with)',
  })
  @ApiOkResponse({ type: AttendeeDto })
  get(@CurrentAccount() actor: AuthenticatedAccount, @Param('id', Uuid) id: string): Promise<AttendeeDto> {
    return this.attendees.getAttendee(actor, id);
  }

  @Put(':id')
  @UseGuards(AnyAccountGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Update an attendee (themself or an admin; an admin’s change is audited)' })
  @ApiOkResponse({ type: AttendeeDto })
  @AuditedWrite<AttendeesController>({ resource: 'clients', before: (c, p, account) => c.get(account, p.id) })
  update(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: UpdateAttendeeDto,
  ): Promise<AttendeeDto> {
    return this.attendees.updateAttendee(actor, id, dto);
  }
}
