import { Body, Controller, Get, Param, Put, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminList, AdminListQueryDto, type AdminPage } from '../../common/admin-list';
import { Uuid } from '../../common/route-params';
import { sendPdf } from '../billing';
import { AdminConsoleGuard, OwnAccount } from '../identity';
import {
  AdminFeeNoteDto,
  FeeNoteSettingsDto,
  FeeNotesPageDto,
  SaveFeeNoteSettingsDto,
} from './fee-notes.dto';
import { FeeNotesService } from './fee-notes.service';

/** The professional's fee notes and credit notes ("Mes paiements") and their VAT settings: themself only. */
@ApiTags('payments')
@OwnAccount('user')
@Controller('users/:id')
export class FeeNotesController {
  constructor(private readonly feeNotes: FeeNotesService) {}

  @Get('fee-notes')
  @ApiOperation({ summary: 'Fee notes and credit notes issued on the professional’s behalf, newest first' })
  @ApiOkResponse({ type: FeeNotesPageDto })
  list(@Param('id', Uuid) id: string): Promise<FeeNotesPageDto> {
    return this.feeNotes.list(id);
  }

  @Get('fee-notes/:feeNoteId/pdf')
  @ApiOperation({ summary: 'The fee note or credit note as a PDF (Factur-X for a business client)' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'FEE_NOTE_NOT_FOUND' })
  async pdf(
    @Param('id', Uuid) id: string,
    @Param('feeNoteId', Uuid) feeNoteId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { number, pdf } = await this.feeNotes.pdf(id, feeNoteId);
    await sendPdf(reply, number, pdf);
  }

  @Get('fee-note-settings')
  @ApiOperation({ summary: 'VAT regime and SIRET printed on the fee notes (franchise by default)' })
  @ApiOkResponse({ type: FeeNoteSettingsDto })
  settings(@Param('id', Uuid) id: string): Promise<FeeNoteSettingsDto> {
    return this.feeNotes.settings(id);
  }

  @Put('fee-note-settings')
  @ApiOperation({ summary: 'Sets the VAT regime (franchise, or VAT number and rate) and the SIRET' })
  @ApiOkResponse({ type: FeeNoteSettingsDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  saveSettings(
    @Param('id', Uuid) id: string,
    @Body() dto: SaveFeeNoteSettingsDto,
  ): Promise<FeeNoteSettingsDto> {
    return this.feeNotes.saveSettings(id, dto);
  }
}

/** The console's view of every professional's fee notes (read only). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiForbiddenResponse({ description: 'Not an administrator token' })
@UseGuards(AdminConsoleGuard)
@Controller('admin/fee-notes')
export class AdminFeeNotesController {
  constructor(private readonly feeNotes: FeeNotesService) {}

  @Get()
  @ApiOperation({ summary: 'filter: userId; newest first' })
  @ApiOkResponse({ type: AdminFeeNoteDto, isArray: true })
  @AdminList('fee-notes')
  list(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminFeeNoteDto>> {
    return this.feeNotes.adminList(query);
  }

  @Get(':id/pdf')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'FEE_NOTE_NOT_FOUND' })
  async pdf(@Param('id', Uuid) id: string, @Res() reply: FastifyReply): Promise<void> {
    const { number, pdf } = await this.feeNotes.adminPdf(id);
    await sendPdf(reply, number, pdf);
  }
}
