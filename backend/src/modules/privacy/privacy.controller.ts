import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Uuid } from '../../common/route-params';
import { OwnAccount } from '../identity';
import { AttendeePrivacyService } from './attendee-privacy.service';
import { AttendeeDataExportDto, DeleteAccountDto, PrivacyMessageDto } from './privacy.dto';

/** GDPR rights of the attendee, from /participant/profil. */
@ApiTags('attendees')
@Controller('attendees')
@OwnAccount('attendee')
export class PrivacyController {
  constructor(private readonly privacy: AttendeePrivacyService) {}

  @Get(':id/export')
  @Header('cache-control', 'no-store')
  @Header('content-disposition', 'attachment; filename="mes-donnees.json"')
  @ApiOperation({ summary: 'Download all my data (JSON): every row about the attendee, table by table' })
  @ApiOkResponse({ type: AttendeeDataExportDto })
  export(@Param('id', Uuid) id: string): Promise<AttendeeDataExportDto> {
    return this.privacy.exportAttendeeData(id);
  }

  @Post(':id/delete-account')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Delete my account: documents and messages deleted, appointments anonymised, sessions revoked, confirmation mail',
  })
  @ApiOkResponse({ type: PrivacyMessageDto })
  @ApiBadRequestResponse({ description: 'CURRENT_PASSWORD_INVALID, VALIDATION_FAILED' })
  deleteAccount(@Param('id', Uuid) id: string, @Body() dto: DeleteAccountDto): Promise<PrivacyMessageDto> {
    return this.privacy.deleteOwnAccount(id, dto.password);
  }
}
