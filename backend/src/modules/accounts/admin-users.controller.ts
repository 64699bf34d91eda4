import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Uuid } from '../../common/route-params';
import { AdminGuard, CurrentAccount } from '../identity';
import type { AuthenticatedAccount } from '../identity';
import { CreateUserDto, MessageDto, UpdateUserDto, UserDto } from './accounts.dto';
import { ProfessionalsService } from './professionals.service';
import { RegistrationService } from './registration.service';
import { parseUserListQuery } from './list-query';
import { AuditedWrite } from '../audit';

/** react-admin resource `users` (ra-data-simple-rest contract, apiUrl = /api/v1/admin). */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/users')
export class AdminUsersController {
  constructor(
    private readonly professionals: ProfessionalsService,
    private readonly registrations: RegistrationService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Professionals, paginated; answers Content-Range: users <start>-<end>/<total>' })
  @ApiQuery({ name: 'sort', required: false, example: '["last_name","ASC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiQuery({
    name: 'filter',
    required: false,
    example: '{"q":"dupont"}',
    description: 'q (name, email, username), id (list), email, isActive, teamId',
  })
  @ApiOkResponse({ type: UserDto, isArray: true })
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<(UserDto & { id: string })[]> {
    const parsed = parseUserListQuery(query);
    const { rows, total } = await this.professionals.listUsers(parsed);
    const end = rows.length > 0 ? parsed.offset + rows.length - 1 : parsed.offset;
    reply.header('Content-Range', `users ${parsed.offset}-${end}/${total}`);
    reply.header('Access-Control-Expose-Headers', 'Content-Range');
    // react-admin needs `id`; `_id` stays for the rest of the API.
    return rows.map((row) => ({ id: row._id, ...row }));
  }

  @Get(':id')
  @ApiOkResponse({ type: UserDto })
  async get(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
  ): Promise<UserDto & { id: string }> {
    const user = await this.professionals.getUser(actor, id);
    return { id: user._id, ...user };
  }

  @Post()
  @AuditedWrite({ resource: 'users' })
  @ApiOkResponse({ type: UserDto })
  async create(@Body() dto: CreateUserDto): Promise<UserDto & { id: string }> {
    const user = await this.professionals.createUser(dto);
    return { id: user._id, ...user };
  }

  @Put(':id')
  @AuditedWrite<AdminUsersController>({ resource: 'users', before: (c, p, account) => c.get(account, p.id) })
  @ApiOkResponse({ type: UserDto })
  async update(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: UpdateUserDto,
  ): Promise<UserDto & { id: string }> {
    const user = await this.professionals.updateUser(actor, id, dto);
    return { id: user._id, ...user };
  }

  @Post(':id/resend-invitation')
  @AuditedWrite({ resource: 'users' })
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Mails the sign-up link again (new 7-day token; older links stop working). 409 once the sign-up is finished',
  })
  @ApiAcceptedResponse({ type: MessageDto })
  resendInvitation(@Param('id', Uuid) id: string): Promise<MessageDto> {
    return this.registrations.resendInvitation(id);
  }
}
