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
import { AdminRegistrationRequestDto, RefuseRegistrationRequestDto } from './registration-requests.dto';
import { RegistrationRequestsService } from './registration-requests.service';

/** Registration requests sent from /demande-inscription (ra-data-simple-rest list + show, accept / refuse). */
@AdminResource('registration-requests')
export class RegistrationRequestsController {
  constructor(private readonly requests: RegistrationRequestsService) {}

  @Get()
  @ApiOperation({ summary: 'filter: q (name, email, city, office), status (pending | accepted | refused)' })
  @ApiOkResponse({ type: AdminRegistrationRequestDto, isArray: true })
  @AdminList('registration-requests')
  list(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminRegistrationRequestDto>> {
    return this.requests.list(query);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminRegistrationRequestDto })
  @ApiNotFoundResponse({ description: 'REGISTRATION_REQUEST_NOT_FOUND' })
  get(@Param() params: UuidParamDto): Promise<AdminRegistrationRequestDto> {
    return this.requests.get(params.id);
  }

  @Post(':id/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Creates the pending professional and mails the sign-up invitation' })
  @ApiOkResponse({ type: AdminRegistrationRequestDto })
  @ApiNotFoundResponse({ description: 'REGISTRATION_REQUEST_NOT_FOUND' })
  @ApiConflictResponse({ description: 'REGISTRATION_REQUEST_ALREADY_HANDLED, EMAIL_ALREADY_EXISTS' })
  accept(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param() params: UuidParamDto,
  ): Promise<AdminRegistrationRequestDto> {
    return this.requests.accept(account.id, params.id);
  }

  @Post(':id/refuse')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refuses the request; the reason is mailed to the applicant' })
  @ApiOkResponse({ type: AdminRegistrationRequestDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  @ApiNotFoundResponse({ description: 'REGISTRATION_REQUEST_NOT_FOUND' })
  @ApiConflictResponse({ description: 'REGISTRATION_REQUEST_ALREADY_HANDLED' })
  refuse(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param() params: UuidParamDto,
    @Body() body: RefuseRegistrationRequestDto,
  ): Promise<AdminRegistrationRequestDto> {
    return this.requests.refuse(account.id, params.id, body);
  }
}
