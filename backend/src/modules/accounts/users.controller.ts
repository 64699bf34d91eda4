import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Uuid } from '../../common/route-params';
import { AdminGuard, AnyAccountGuard, CurrentAccount } from '../identity';
import type { AuthenticatedAccount } from '../identity';
import {
  CompleteRegistrationDto,
  CreateUserDto,
  EventsFuturCountDto,
  RegistrationDto,
  UpdateUserDto,
  UserDto,
  UserTokenDto,
} from './accounts.dto';
import { ProfessionalsService } from './professionals.service';
import { RegistrationService } from './registration.service';
import { AuditedWrite } from '../audit';
import { parseIdList } from './list-query';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly professionals: ProfessionalsService,
    private readonly registrations: RegistrationService,
  ) {}

  @Post()
  @UseGuards(AdminGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Create a professional account (admin). Without a password, the professional finishes at /user/inscription/{userId}.',
  })
  @ApiOkResponse({ type: UserDto })
  @AuditedWrite({ resource: 'users' })
  create(@Body() dto: CreateUserDto): Promise<UserDto> {
    return this.professionals.createUser(dto);
  }

  @Get(':id')
  @UseGuards(AnyAccountGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'A professional (themself or an admin)' })
  @ApiOkResponse({ type: UserDto })
  get(@CurrentAccount() actor: AuthenticatedAccount, @Param('id', Uuid) id: string): Promise<UserDto> {
    return this.professionals.getUser(actor, id);
  }

  @Put(':id')
  @UseGuards(AnyAccountGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Update a professional (themself or an admin; an admin’s change is audited)' })
  @ApiOkResponse({ type: UserDto })
  @AuditedWrite<UsersController>({ resource: 'users', before: (c, p, account) => c.get(account, p.id) })
  update(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: UpdateUserDto,
  ): Promise<UserDto> {
    return this.professionals.updateUser(actor, id, dto);
  }

  @Get(':userId/registration')
  @ApiOperation({
    summary:
      'Public with the mailed link: the pending registration of an account created without a password. 404 REGISTRATION_NOT_FOUND for an unknown id, a wrong, used or expired token alike',
  })
  @ApiQuery({ name: 'token', required: true, description: 'The token of the mailed sign-up link' })
  @ApiOkResponse({ type: RegistrationDto })
  registration(
    // A mailed link, not an id typed by a client: whatever is wrong with it is the same 404 REGISTRATION_NOT_FOUND.
    // eslint-disable-next-line no-restricted-syntax
    @Param('userId') userId: string,
    @Query('token') token: unknown,
  ): Promise<RegistrationDto> {
    return this.registrations.registration(userId, linkToken(token));
  }

  @Post(':userId/complete-registration')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Public with the mailed link: set the first password, phone and acceptances; signs the professional in. The link is then spent',
  })
  @ApiQuery({ name: 'token', required: true, description: 'The token of the mailed sign-up link' })
  @ApiOkResponse({ type: UserTokenDto })
  completeRegistration(
    // A mailed link, not an id typed by a client: whatever is wrong with it is the same 404 REGISTRATION_NOT_FOUND.
    // eslint-disable-next-line no-restricted-syntax
    @Param('userId') userId: string,
    @Query('token') token: unknown,
    @Body() dto: CompleteRegistrationDto,
  ): Promise<UserTokenDto> {
    return this.registrations.completeRegistration(userId, linkToken(token), dto);
  }

  @Get(':id/events-futur-count')
  @UseGuards(AnyAccountGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Future appointments holding a slot (pending or confirmed) of the listed professionals (default: {id})',
  })
  @ApiQuery({
    name: 'ids',
    required: false,
    type: [String],
    description: 'ids[]=a&ids[]=b, ids=a&ids=b or ids=a,b',
  })
  @ApiOkResponse({ type: EventsFuturCountDto })
  eventsFuturCount(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<EventsFuturCountDto> {
    return this.professionals.eventsFuturCount(actor, id, parseIdList(query));
  }
}

/** `?token=` as sent; a missing or repeated parameter is no token (the service answers 404). */
const linkToken = (value: unknown): string => (typeof value === 'string' ? value : '');
