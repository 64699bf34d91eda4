import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../identity';
import { AdminConsoleGuard, CurrentAccount } from '../identity';
import { AdminSiteConfigDto, SiteConfigDto, UpdateSiteConfigDto } from './site-config.dto';
import { SiteConfigService } from './site-config.service';

@ApiTags('site-config')
@Controller('site-config')
export class SiteConfigController {
  constructor(private readonly siteConfig: SiteConfigService) {}

  @Get()
  @ApiOperation({
    summary: 'Public site configuration: flags, contact, page sizes, company identity (legal pages)',
  })
  @ApiOkResponse({ type: SiteConfigDto })
  get(): Promise<SiteConfigDto> {
    return this.siteConfig.get();
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid token' })
@ApiForbiddenResponse({ description: 'Not an administrator token' })
@UseGuards(AdminConsoleGuard)
@Controller('admin/site-config')
export class AdminSiteConfigController {
  constructor(private readonly siteConfig: SiteConfigService) {}

  @Get()
  @ApiOkResponse({ type: AdminSiteConfigDto })
  get(): Promise<AdminSiteConfigDto> {
    return this.siteConfig.getForAdmin();
  }

  @Put()
  @ApiOperation({ summary: 'Replaces the sections sent (audited)' })
  @ApiOkResponse({ type: AdminSiteConfigDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (French message)' })
  update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() body: UpdateSiteConfigDto,
  ): Promise<AdminSiteConfigDto> {
    return this.siteConfig.update(account.id, body);
  }
}
