import { Uuid } from '../../common/route-params';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminGuard, CurrentAccount, type AuthenticatedAccount, OwnAccount } from '../identity';
import {
  ChatSettingsDto,
  MailPreviewDto,
  MailTemplateDto,
  MailTemplateListQueryDto,
  PreviewMailTemplateDto,
  UpdateChatSettingsDto,
  UpdateMailTemplateDto,
} from './booking-settings.dto';
import { BookingSettingsService } from './booking-settings.service';
import { AuditedWrite } from '../audit';

/** Mail templates (react-admin resource `mail-templates`): built-in defaults, overridable per key. */
@ApiTags('booking-settings')
@Controller('admin/mail-templates')
@UseGuards(AdminGuard)
@ApiBearerAuth()
export class AdminMailTemplatesController {
  constructor(private readonly settings: BookingSettingsService) {}

  @Get()
  @ApiOperation({
    summary: 'Every mail template (stored or default); Content-Range header for ra-data-simple-rest',
  })
  @ApiOkResponse({ type: [MailTemplateDto] })
  async list(
    @Query() _query: MailTemplateListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MailTemplateDto[]> {
    const templates = await this.settings.templates();
    reply
      .header('Content-Range', `mail-templates 0-${templates.length - 1}/${templates.length}`)
      .header('Access-Control-Expose-Headers', 'Content-Range');
    return templates;
  }

  @Get(':key')
  @ApiOkResponse({ type: MailTemplateDto })
  get(@Param('key') key: string): Promise<MailTemplateDto> {
    return this.settings.template(key);
  }

  @Put(':key')
  @AuditedWrite<AdminMailTemplatesController>({
    resource: 'mail-templates',
    before: (c, p) => c.get(p.key),
  })
  @ApiOperation({
    summary:
      'Override a template. Refused (400 INVALID_TEMPLATE, French message per field in `errors`) unless it compiles, uses only its variables, holds the required ones in both bodies and has a plausible subject',
  })
  @ApiOkResponse({ type: MailTemplateDto })
  update(@Param('key') key: string, @Body() dto: UpdateMailTemplateDto): Promise<MailTemplateDto> {
    return this.settings.updateTemplate(key, dto);
  }

  @Post(':key/preview')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Render the saved template, or the edited fields sent, with sample values (same rules and 400 as saving)',
  })
  @ApiOkResponse({ type: MailPreviewDto })
  preview(@Param('key') key: string, @Body() draft: PreviewMailTemplateDto): Promise<MailPreviewDto> {
    return this.settings.previewTemplate(key, draft ?? {});
  }

  @Delete(':key')
  @AuditedWrite<AdminMailTemplatesController>({
    resource: 'mail-templates',
    action: 'reset',
    before: (c, p) => c.get(p.key),
  })
  @HttpCode(200)
  @ApiOperation({ summary: 'Back to the built-in default' })
  @ApiOkResponse({ type: MailTemplateDto })
  reset(@Param('key') key: string): Promise<MailTemplateDto> {
    return this.settings.resetTemplate(key);
  }
}

/** The office's team messaging tool, set by a professional of the office (/user/mon-etude). */
@ApiTags('booking-settings')
@Controller('users/:id/chat-settings')
@OwnAccount('user')
export class ChatSettingsController {
  constructor(private readonly settings: BookingSettingsService) {}

  @Get()
  @ApiOkResponse({ type: ChatSettingsDto })
  get(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
  ): Promise<ChatSettingsDto> {
    return this.settings.chatSettings(account, id);
  }

  @Put()
  @ApiOperation({
    summary:
      'Set the incoming-webhook URL and message template of the professional’s office (409 NO_OFFICE without office)',
  })
  @ApiOkResponse({ type: ChatSettingsDto })
  update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @Body() dto: UpdateChatSettingsDto,
  ): Promise<ChatSettingsDto> {
    return this.settings.updateChatSettings(account, id, dto);
  }
}
