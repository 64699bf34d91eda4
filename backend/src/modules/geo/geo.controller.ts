import { Controller, Get, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { NearestCityDto, NearestCityQueryDto } from './geo.dto';
import { GeoService } from './geo.service';

@ApiTags('geo')
@Controller('geo')
export class GeoController {
  constructor(private readonly geo: GeoService) {}

  @Get('nearest-city')
  @ApiOperation({
    summary: 'The nearest city that has professionals ("lawyer near you")',
    description:
      'With lat & lng (browser geolocation), from that point; without, from the client IP (X-Forwarded-For of the gateway) through an offline GeoLite2 database; private / loopback / unknown IPs fall back to Paris (`fallback: true`).',
  })
  @ApiOkResponse({ type: NearestCityDto })
  @ApiBadRequestResponse({ description: 'Only one of lat / lng, or out of range' })
  @ApiNotFoundResponse({ description: 'NO_CITY_WITH_PROFESSIONALS' })
  nearestCity(@Query() query: NearestCityQueryDto, @Req() request: FastifyRequest): Promise<NearestCityDto> {
    return this.geo.nearestCity(query.lat, query.lng, request.ip);
  }
}
