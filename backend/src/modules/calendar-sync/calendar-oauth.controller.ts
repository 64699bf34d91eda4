import { Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiFoundResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { AccessTokens, OwnAccount, requestToken, Sessions } from '../identity';
import { Uuid } from '../../common/route-params';
import { CalendarOAuthService, OAUTH_PROVIDER_SLUGS } from './calendar-oauth.service';
import { CalendarProviders } from './calendar-providers';
import { PushChannels } from './push-channels.service';
import {
  OAuthCallbackQueryDto,
  OAuthProviderParamDto,
  OAuthProvidersDto,
  OAuthStartDto,
} from './calendar-sync.dto';

/** Where the lawyer's browser lands after the provider's consent (the card of /user/setting). */
export function settingsReturnUrl(
  publicUrl: string,
  outcome: { ok: boolean; message: string; connectionId?: string },
): string {
  const url = new URL('/user/setting', publicUrl);
  url.searchParams.set('calendrier', outcome.ok ? 'connecte' : 'erreur');
  url.searchParams.set('message', outcome.message);
  // The card opens its "what blocks, where to write" dialog on this account.
  if (outcome.connectionId) url.searchParams.set('connexion', outcome.connectionId);
  url.hash = 'synchronisation-calendriers';
  return url.toString();
}

/**
 * Connecting a calendar account by OAuth (Google; Outlook.com and Office 365 when their adapter lands).
 * Only the lawyer themself: the consent is theirs, an admin cannot give it.
 */
@ApiTags('calendar-sync')
@OwnAccount('user')
@Controller('users/:id/calendar-connections/oauth')
export class CalendarOAuthController {
  private readonly tokens: AccessTokens;

  constructor(
    private readonly oauth: CalendarOAuthService,
    @Inject(ENV) env: Env,
  ) {
    this.tokens = new AccessTokens(env.JWT_SECRET);
  }

  @Get()
  @ApiOkResponse({ type: OAuthProvidersDto })
  providers(@Param('id', Uuid) _id: string): OAuthProvidersDto {
    return { providers: this.oauth.configuredProviders() };
  }

  @Post(':provider')
  @ApiParam({ name: 'provider', enum: Object.keys(OAUTH_PROVIDER_SLUGS) })
  @ApiCreatedResponse({ type: OAuthStartDto })
  async start(
    @Param('id', Uuid) id: string,
    @Param() params: OAuthProviderParamDto,
    @Req() request: FastifyRequest,
  ): Promise<OAuthStartDto> {
    // The guard has checked the token; its JWT id names the session the flow is bound to.
    const token = requestToken(request, ['user'])?.token;
    const session = token ? this.tokens.verifyToken(token, ['user']) : undefined;
    if (!session) throw new UnauthorizedError('UNAUTHORIZED', 'Authentification requise');
    const authorizationUrl = await this.oauth.start(params.provider, {
      userId: id,
      sessionId: session.jti,
      issuedAt: session.issuedAt,
    });
    return { authorizationUrl };
  }
}

/** The providers' redirect URI: no bearer token here, the signed state names the lawyer's session. */
@ApiTags('calendar-sync')
@Controller('calendar-oauth')
export class CalendarOAuthCallbackController {
  constructor(
    private readonly oauth: CalendarOAuthService,
    private readonly sessions: Sessions,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Get('callback')
  @ApiFoundResponse({
    description: 'Back to /user/setting with a French message (calendrier=connecte|erreur)',
  })
  async callback(@Query() query: OAuthCallbackQueryDto, @Res() reply: FastifyReply): Promise<void> {
    const outcome = await this.oauth.callback(query, (session) =>
      this.sessions.isLive({
        kind: 'user',
        accountId: session.userId,
        jti: session.sessionId,
        issuedAt: session.issuedAt,
      }),
    );
    await reply.redirect(settingsReturnUrl(this.env.PUBLIC_URL, outcome), 302);
  }
}

/** Google's watch notifications: checked (channel token) and turned into a sync job, nothing more. */
@ApiTags('calendar-sync')
@Controller('calendar-sync/google')
export class GoogleNotificationsController {
  constructor(
    private readonly providers: CalendarProviders,
    private readonly pushChannels: PushChannels,
  ) {}

  @Post('notifications')
  @HttpCode(204)
  @ApiHeader({ name: 'x-goog-channel-id', required: true })
  @ApiHeader({ name: 'x-goog-channel-token', required: true })
  @ApiHeader({ name: 'x-goog-resource-state', required: false })
  @ApiNoContentResponse({ description: 'Checked; a sync job is queued when the calendar changed' })
  async notify(
    @Headers('x-goog-channel-id') channelId?: string,
    @Headers('x-goog-channel-token') token?: string,
    @Headers('x-goog-resource-state') state?: string,
  ): Promise<void> {
    if (state === 'sync') {
      // The handshake when a channel opens: nothing changed yet, but the token must still be ours.
      if (!this.providers.watchChannels.calendarOf(channelId, token))
        throw new ForbiddenError('CALENDAR_CHANNEL_UNKNOWN', 'Canal de notification inconnu.');
      return;
    }
    const calendarId = this.providers.watchChannels.calendarOf(channelId, token);
    if (!calendarId) throw new ForbiddenError('CALENDAR_CHANNEL_UNKNOWN', 'Canal de notification inconnu.');
    await this.pushChannels.onNotified([calendarId]);
  }
}
