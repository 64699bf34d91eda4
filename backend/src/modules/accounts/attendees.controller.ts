import { Body, Controller, Get, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AnyAccountGuard, CurrentAccount } from '../auth/guards';
import type { AuthenticatedAccount } from '../auth/access-tokens';
import { AttendeeDto, AttendeeTokenDto, CreateAttendeeDto, UpdateAttendeeDto } from './accounts.dto';
import { AccountsService } from './accounts.service';

@ApiTags('attendees')
@Controller('attendees')
export class AttendeesController {
  constructor(private readonly accounts: AccountsService) {}

  @Post()
  @ApiOperation({ summary: 'Public sign-up of an attendee; signs them in' })
  @ApiCreatedResponse({ type: AttendeeTokenDto })
  create(@Body() dto: CreateAttendeeDto): Promise<AttendeeTokenDto> {
    return this.accounts.createAttendee(dto);
  }

  @Get(':id')
  @UseGuards(AnyAccountGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'An attendee (themself, an admin, or a professional they have an appointment with)',
  })
  @ApiOkResponse({ type: AttendeeDto })
  get(@CurrentAccount() actor: AuthenticatedAccount, @Param('id') id: string): Promise<AttendeeDto> {
    return this.accounts.getAttendee(actor, id);
  }

  @Put(':id')
  @UseGuards(AnyAccountGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Update an attendee (themself or an admin)' })
  @ApiOkResponse({ type: AttendeeDto })
  update(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id') id: string,
    @Body() dto: UpdateAttendeeDto,
  ): Promise<AttendeeDto> {
    return this.accounts.updateAttendee(actor, id, dto);
  }
}
