import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { PublicCache } from '../../common/http-cache';
import { SpecialityDto } from './reference.dto';
import { ReferenceService } from './reference.service';

@ApiTags('reference')
@Controller()
export class ReferenceController {
  constructor(private readonly reference: ReferenceService) {}

  @Get('specialities')
  @PublicCache('reference')
  @ApiOkResponse({ type: SpecialityDto, isArray: true, description: 'Specialities in display order' })
  specialities(): Promise<SpecialityDto[]> {
    return this.reference.specialities();
  }

  @Get('timezones')
  @PublicCache('reference')
  @ApiOkResponse({
    schema: { type: 'array', items: { type: 'string', example: 'Europe/Paris' } },
    description: 'IANA time zone names',
  })
  timezones(): string[] {
    return this.reference.timezones();
  }
}
