import { Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiProperty, ApiTags } from '@nestjs/swagger';
import { OwnAccount } from '../identity';
import { Uuid } from '../../common/route-params';
import { CalendarFeedService } from './calendar-feed.service';
import { AuditedWrite } from '../audit';

export class CalendarFeedUrlDto {
  @ApiProperty({ example: 'https://rdv-avocat.fr/api/v1/calendar-feeds/<id>/<token>.ics' }) url: string;
}

/** The professional's private feed URL (their token or an admin's). */
@ApiTags('calendar-sync')
@OwnAccount('user', { admins: true })
@Controller('users/:id/calendar-feed')
export class CalendarFeedController {
  constructor(private readonly feeds: CalendarFeedService) {}

  @Get()
  @ApiOkResponse({ type: CalendarFeedUrlDto })
  url(@Param('id', Uuid) id: string) {
    return this.feeds.urlOf(id);
  }

  @Post('regenerate')
  @HttpCode(200)
  @ApiOkResponse({ type: CalendarFeedUrlDto, description: 'A new URL; the previous ones stop working' })
  // the answer is the feed's secret URL: the trail keeps that it was regenerated, not the URL
  @AuditedWrite({ resource: 'calendar-feed', action: 'regenerate', keepAnswer: false })
  regenerate(@Param('id', Uuid) id: string) {
    return this.feeds.regenerate(id);
  }
}

/** The feed itself: public, the token in the URL is the credential (calendar apps send no header). */
@ApiTags('calendar-sync')
@Controller('calendar-feeds')
export class PublicCalendarFeedController {
  constructor(private readonly feeds: CalendarFeedService) {}

  @Get(':userId/:file')
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @Header('Cache-Control', 'private, max-age=300')
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'The appointments as iCalendar (pending ones TENTATIVE)' })
  ics(@Param('userId', Uuid) userId: string, @Param('file') file: string): Promise<string> {
    return this.feeds.ics(userId, file.replace(/\.ics$/, ''));
  }
}
