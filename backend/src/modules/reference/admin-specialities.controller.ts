import { Body, Controller, Get, Param, Put, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedAccount } from '../identity';
import { AdminConsoleGuard, CurrentAccount } from '../identity';
import { AdminListQueryDto, setContentRange } from '../../common/admin-list';
import { NumericIdParamDto } from '../../common/route-params';
import { AdminSpecialityDto, UpdateSpecialityDto } from './admin-specialities.dto';
import { AdminSpecialitiesService } from './admin-specialities.service';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid token' })
@ApiForbiddenResponse({ description: 'Not an administrator token' })
@UseGuards(AdminConsoleGuard)
@Controller('admin/specialities')
export class AdminSpecialitiesController {
  constructor(private readonly specialities: AdminSpecialitiesService) {}

  @Get()
  @ApiOkResponse({ type: AdminSpecialityDto, isArray: true })
  async list(
    @Query() query: AdminListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminSpecialityDto[]> {
    const page = await this.specialities.list(query);
    setContentRange(reply, 'specialities', page.offset, page.rows.length, page.total);
    return page.rows;
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
