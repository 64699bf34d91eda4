import { Body, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminClientDto, MessageDto, UpdateAdminClientDto } from '../accounts';
import type { AuthenticatedAccount } from '../identity';
import { CurrentAccount, AdminResource } from '../identity';
import { AdminList, AdminListQueryDto, type AdminPage } from '../../common/admin-list';
import { UuidParamDto } from '../../common/route-params';
import { AdminClientExportDto } from './clients.dto';
import { ClientsService } from './clients.service';

/** Clients (attendees) in the console: search, show, deactivate, GDPR export and erasure. */
@AdminResource('clients')
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Get()
  @ApiOperation({ summary: 'filter: q (email, name, phone), isActive' })
  @ApiOkResponse({ type: AdminClientDto, isArray: true })
  @AdminList('clients')
  list(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminClientDto>> {
    return this.clients.list(query);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminClientDto })
  @ApiNotFoundResponse({ description: 'ACCOUNT_NOT_EXIST' })
  get(@Param() params: UuidParamDto): Promise<AdminClientDto> {
    return this.clients.get(params.id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Deactivates (sessions ended) or reactivates the client' })
  @ApiOkResponse({ type: AdminClientDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param() params: UuidParamDto,
    @Body() body: UpdateAdminClientDto,
  ): Promise<AdminClientDto> {
    return this.clients.setActive(account.id, params.id, body.isActive);
  }

  @Get(':id/export')
  @ApiOperation({
    summary: 'GDPR export: every row about the client, as in their own export from their space (JSON)',
  })
  @ApiOkResponse({ type: AdminClientExportDto })
  @ApiNotFoundResponse({ description: 'ACCOUNT_NOT_EXIST' })
  exportData(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param() params: UuidParamDto,
  ): Promise<AdminClientExportDto> {
    return this.clients.exportData(account.id, params.id);
  }

  @Post(':id/erase')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'GDPR erasure on request, the same as the client deleting their account: the account, documents, folders and messages deleted, sessions ended, appointments kept without anything naming the person, a confirmation mail',
  })
  @ApiOkResponse({ type: MessageDto })
  @ApiNotFoundResponse({ description: 'ACCOUNT_NOT_EXIST (also once erased)' })
  erase(@CurrentAccount() account: AuthenticatedAccount, @Param() params: UuidParamDto): Promise<MessageDto> {
    return this.clients.erase(account.id, params.id);
  }
}
