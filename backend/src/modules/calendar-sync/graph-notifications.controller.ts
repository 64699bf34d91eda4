import { Body, Controller, HttpCode, Post, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DomainError, ForbiddenError } from '../../common/domain-error';
import { GraphNotificationsDto } from './calendar-sync.dto';
import { CalendarProviders } from './calendar-providers';
import { PushChannels } from './push-channels.service';

/**
 * Microsoft Graph's change notifications for Outlook.com / Office 365 calendars. Two kinds of request: the
 * validation handshake when a subscription is created or renewed (`?validationToken=`, answered at once with
 * the token as text/plain), and notifications (clientState checked, a sync job queued, nothing more: Graph
 * wants an answer within 3 seconds).
 */
@ApiTags('calendar-sync')
@Controller('calendar-sync/microsoft')
export class GraphNotificationsController {
  constructor(
    private readonly providers: CalendarProviders,
    private readonly pushChannels: PushChannels,
  ) {}

  @Post('notifications')
  @HttpCode(202)
  @ApiQuery({ name: 'validationToken', required: false, description: 'Subscription validation handshake' })
  @ApiBody({ type: GraphNotificationsDto, required: false })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'The validationToken, echoed as text/plain' })
  @ApiAcceptedResponse({ description: 'Checked; a sync job is queued for each genuine calendar' })
  @ApiForbiddenResponse({ description: 'No notification carried a genuine clientState' })
  async notify(
    @Query('validationToken') validationToken: string | undefined,
    @Body() body: GraphNotificationsDto | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (validationToken !== undefined) {
      if (
        typeof validationToken !== 'string' ||
        validationToken.length === 0 ||
        validationToken.length > 1024
      )
        throw new DomainError('VALIDATION_FAILED', 'Jeton de validation invalide.', 400);
      // Sent back exactly as received, as plain text (never HTML: it is Graph's string, not ours).
      await reply
        .code(200)
        .type('text/plain; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .send(validationToken);
      return;
    }
    const notifications = Array.isArray(body?.value) ? body.value : [];
    if (notifications.length === 0)
      throw new DomainError('VALIDATION_FAILED', 'Aucune notification dans la requête.', 400);
    // Each genuine clientState names its calendar; a batch with none is refused.
    const calendars = notifications
      .map((n) => this.providers.graphClientStates.calendarOf((n as { clientState?: unknown }).clientState))
      .filter((id): id is string => id !== null);
    if (calendars.length > 0) await this.pushChannels.onNotified(calendars);
    if (calendars.length === 0)
      throw new ForbiddenError('CALENDAR_CHANNEL_UNKNOWN', 'Canal de notification inconnu.');
    await reply.code(202).send();
  }
}
