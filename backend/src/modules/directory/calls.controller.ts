import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Uuid } from '../../common/route-params';
import { OwnAccount } from '../identity';
import { CallsQueryDto, CallStatsDto } from './calls.dto';
import { DirectoryService } from './directory.service';

@ApiTags('directory')
@Controller('users')
export class CallsController {
  constructor(private readonly directory: DirectoryService) {}

  @Get(':id/calls')
  @OwnAccount('user')
  @ApiOperation({
    summary:
      'Phone numbers revealed from the public profile, per day (30 days), week (12) or month (12), with the previous period',
  })
  @ApiOkResponse({ type: CallStatsDto })
  calls(@Param('id', Uuid) id: string, @Query() query: CallsQueryDto): Promise<CallStatsDto> {
    return this.directory.callStats(id, query.period ?? 'day');
  }
}
