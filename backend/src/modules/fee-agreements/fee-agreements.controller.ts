import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Uuid } from '../../common/route-params';
import { OwnAccount } from '../identity';
import {
  AgreementPreviewDto,
  AgreementPreviewQueryDto,
  MotiveAgreementDto,
  SaveMotiveAgreementDto,
} from './fee-agreements.dto';
import { FeeAgreementsService } from './fee-agreements.service';

async function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer): Promise<void> {
  await reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(pdf.length))
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

/** The professional's side: the terms of a paid motive, the accepted agreement of an appointment. */
@ApiTags('fee-agreements')
@OwnAccount('user')
@Controller('users/:id')
export class ProfessionalFeeAgreementsController {
  constructor(private readonly agreements: FeeAgreementsService) {}

  @Get('motives/:motiveId/fee-agreement')
  @ApiOperation({
    summary: 'The fee agreement terms of a paid motive (current version) and the model shipped',
  })
  @ApiOkResponse({ type: MotiveAgreementDto })
  @ApiNotFoundResponse({ description: 'MOTIVE_NOT_FOUND' })
  terms(
    @Param('id', Uuid) id: string,
    @Param('motiveId', Uuid) motiveId: string,
  ): Promise<MotiveAgreementDto> {
    return this.agreements.terms(id, motiveId);
  }

  @Put('motives/:motiveId/fee-agreement')
  @ApiOperation({
    summary:
      'Saves the terms as a new version (same text: unchanged; empty: removed); agreements already accepted never change',
  })
  @ApiOkResponse({ type: MotiveAgreementDto })
  @ApiBadRequestResponse({
    description: 'FEE_AGREEMENT_NOT_AVAILABLE | FEE_AGREEMENT_FREE_MOTIVE | VALIDATION_FAILED',
  })
  saveTerms(
    @Param('id', Uuid) id: string,
    @Param('motiveId', Uuid) motiveId: string,
    @Body() dto: SaveMotiveAgreementDto,
  ): Promise<MotiveAgreementDto> {
    return this.agreements.saveTerms(id, motiveId, dto.terms);
  }

  @Get('appointments/:appointmentId/fee-agreement')
  @ApiOperation({ summary: 'The PDF of the fee agreement the client accepted for this appointment' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'FEE_AGREEMENT_NOT_FOUND' })
  async pdf(
    @Param('id', Uuid) id: string,
    @Param('appointmentId', Uuid) appointmentId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { pdf, fileName } = await this.agreements.pdf({ userId: id }, appointmentId);
    await sendPdf(reply, fileName, pdf);
  }
}

/** The client's side: the agreement to read before booking, the one they accepted. */
@ApiTags('fee-agreements')
@OwnAccount('attendee', { param: 'attendee_id' })
@Controller('attendees/:attendee_id')
export class ClientFeeAgreementsController {
  constructor(private readonly agreements: FeeAgreementsService) {}

  @Get('fee-agreement-preview')
  @ApiOperation({ summary: 'The fee agreement this booking asks the client to accept, filled for them' })
  @ApiOkResponse({ type: AgreementPreviewDto })
  @ApiNotFoundResponse({ description: 'MOTIVE_NOT_FOUND' })
  preview(
    @Param('attendee_id', Uuid) attendeeId: string,
    @Query() query: AgreementPreviewQueryDto,
  ): Promise<AgreementPreviewDto> {
    return this.agreements.preview(attendeeId, query);
  }

  @Get('appointments/:appointmentId/fee-agreement')
  @ApiOperation({ summary: 'The PDF of the fee agreement the client accepted for this appointment' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'FEE_AGREEMENT_NOT_FOUND' })
  async pdf(
    @Param('attendee_id', Uuid) attendeeId: string,
    @Param('appointmentId', Uuid) appointmentId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { pdf, fileName } = await this.agreements.pdf({ attendeeId }, appointmentId);
    await sendPdf(reply, fileName, pdf);
  }
}
