import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SpecialityDto } from './reference.dto';
import { ReferenceService } from './reference.service';

@ApiTags('reference')
@Controller()
export class ReferenceController {
  constructor(private readonly reference: ReferenceService) {}

  @Get('specialities')
  @ApiOkResponse({ type: SpecialityDto, isArray: true, description: 'Specialities in display order' })
  specialities(): Promise<SpecialityDto[]> {
    return this.reference.specialities();
  }

  @Get('timezones')
  @ApiOkResponse({
    schema: { type: 'array', items: { type: 'string', example: 'Europe/Paris' } },
    description: 'IANA time zone names',
  })
  timezones(): string[] {
    return this.reference.timezones();
  }
}
