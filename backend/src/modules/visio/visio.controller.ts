import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Uuid } from '../../common/route-params';
import { OwnAccount } from '../identity';
import { UpdateVisioSettingsDto, VisioSettingsDto } from './visio.dto';
import { VisioLinksService } from './visio-links.service';

/** "Visioconférence" in /user/setting: where the professional's video appointments take place. */
@ApiTags('visio')
@OwnAccount('user', { admins: true })
@Controller('users/:id/visio-settings')
export class VisioSettingsController {
  constructor(private readonly visio: VisioLinksService) {}

  @Get()
  @ApiOkResponse({ type: VisioSettingsDto })
  get(@Param('id', Uuid) id: string): Promise<VisioSettingsDto> {
    return this.visio.settingsOf(id);
  }

  @Put()
  @ApiOkResponse({ type: VisioSettingsDto })
  update(@Param('id', Uuid) id: string, @Body() dto: UpdateVisioSettingsDto): Promise<VisioSettingsDto> {
    return this.visio.update(id, dto);
  }
}
