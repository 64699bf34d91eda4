import { Body, Get, Param, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
} from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../identity';
import { CurrentAccount, AdminResource } from '../identity';
import { AdminList, AdminListQueryDto, type AdminPage } from '../../common/admin-list';
import { NumericIdParamDto } from '../../common/route-params';
import { AdminSpecialityDto, UpdateSpecialityDto } from './admin-specialities.dto';
import { AdminSpecialitiesService } from './admin-specialities.service';

@AdminResource('specialities')
export class AdminSpecialitiesController {
  constructor(private readonly specialities: AdminSpecialitiesService) {}

  @Get()
  @ApiOkResponse({ type: AdminSpecialityDto, isArray: true })
  @AdminList('specialities')
  list(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminSpecialityDto>> {
    return this.specialities.list(query);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminSpecialityDto })
  @ApiNotFoundResponse({ description: 'SPECIALITY_NOT_FOUND' })
  get(@Param() params: NumericIdParamDto): Promise<AdminSpecialityDto> {
    return this.specialities.get(params.id);
  }

  @Put(':id')
  @ApiOkResponse({ type: AdminSpecialityDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  @ApiNotFoundResponse({ description: 'SPECIALITY_NOT_FOUND' })
  @ApiConflictResponse({ description: 'SLUG_ALREADY_EXISTS' })
  update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param() params: NumericIdParamDto,
    @Body() body: UpdateSpecialityDto,
  ): Promise<AdminSpecialityDto> {
    return this.specialities.update(account.id, params.id, body);
  }
}
