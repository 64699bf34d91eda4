import { Controller, Get, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AdminConsoleGuard } from '../identity';
import { AdminDashboardDto } from './dashboard.dto';
import { DashboardService } from './dashboard.service';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid token' })
@ApiForbiddenResponse({ description: 'Not an administrator token' })
@UseGuards(AdminConsoleGuard)
@Controller('admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @ApiOkResponse({ type: AdminDashboardDto })
  figures(): Promise<AdminDashboardDto> {
    return this.dashboard.figures();
  }
}
