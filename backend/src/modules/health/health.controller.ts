import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { LiveDto, ReadyDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({ type: LiveDto, description: 'The process is alive' })
  live(): LiveDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOkResponse({ type: ReadyDto, description: 'PostgreSQL and Redis answer' })
  @ApiServiceUnavailableResponse({ type: ReadyDto, description: 'PostgreSQL or Redis is down (see checks)' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadyDto> {
    const result = await this.health.readiness();
    reply.status(result.status === 'ok' ? 200 : 503);
    return result;
  }
}
