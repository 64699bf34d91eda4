import { Controller, Get, Injectable, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsISO8601 } from 'class-validator';
import { sql } from 'drizzle-orm';
import { DomainError } from '../../common/domain-error';
import { IsInstantInRange } from '../../common/instant-range';
import { Uuid } from '../../common/route-params';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { OwnAccount } from '../identity';

const INSTANT_MESSAGE = 'La date doit être un instant ISO 8601 avec fuseau (ex. 2026-05-12T09:00:00+02:00)';
const ISO_INSTANT = { strict: true, strictSeparator: true };
/** A month view shows six weeks; a little more leaves room for time zones. */
const MAX_WINDOW_DAYS = 62;
/** Bounds one answer (a calendar full of recurring short events stays readable and cheap). */
const MAX_EVENTS = 2_000;

export class BusyEventsQueryDto {
  @ApiProperty({ format: 'date-time', description: 'Events ending after this instant' })
  @IsISO8601(ISO_INSTANT, { message: INSTANT_MESSAGE })
  @IsInstantInRange()
  from: string;

  @ApiProperty({
    format: 'date-time',
    description: `Events starting before this instant (at most ${MAX_WINDOW_DAYS} days after from)`,
  })
  @IsISO8601(ISO_INSTANT, { message: INSTANT_MESSAGE })
  @IsInstantInRange()
  to: string;
}

export class BusyEventDto {
  @ApiProperty({ format: 'date-time' }) start: string;
  @ApiProperty({ format: 'date-time' }) end: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The event’s title at the source; null when the source gave none',
  })
  title: string | null;
  @ApiProperty({ description: 'google | apple | live | office365 | exchange | caldav | ics' }) source: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The synced calendar it comes from, as the provider names it',
  })
  calendar: string | null;
}

/** The busy cache as the professional's agenda shows it: their external events (not the ones we wrote). */
@Injectable()
export class BusyEventsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async list(userId: string, from: Date, to: Date): Promise<BusyEventDto[]> {
    const result = await this.db.execute<{
      starts_at: Date | string;
      ends_at: Date | string;
      title: string | null;
      source: string;
      calendar: string | null;
    }>(sql`
      SELECT DISTINCT ON (b.starts_at, b.ends_at, coalesce(b.event_key, b.id::text))
             b.starts_at, b.ends_at, b.title, b.source, c.display_name AS calendar
      FROM external_busy_times b
      LEFT JOIN external_calendars c ON c.id = b.external_calendar_id
      WHERE b.user_id = ${userId} AND NOT b.own_event
        AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')
      ORDER BY b.starts_at, b.ends_at, coalesce(b.event_key, b.id::text)
      LIMIT ${MAX_EVENTS}`);
    const iso = (value: Date | string) => new Date(value).toISOString();
    return result.rows.map((row) => ({
      start: iso(row.starts_at),
      end: iso(row.ends_at),
      title: row.title,
      source: row.source,
      calendar: row.calendar,
    }));
  }
}

/**
 * The professional's external busy events for their agenda (greyed, under their appointments). Their own
 * token only: what their private calendar holds is not the office's nor the console's business.
 */
@ApiTags('calendar-sync')
@OwnAccount('user')
@Controller('users/:id/busy-events')
export class BusyEventsController {
  constructor(private readonly repository: BusyEventsRepository) {}

  @Get()
  @ApiOperation({
    summary:
      'External busy events of the professional’s synced calendars in [from, to) (agenda views); 400 over 62 days',
  })
  @ApiOkResponse({ type: [BusyEventDto] })
  list(@Param('id', Uuid) id: string, @Query() query: BusyEventsQueryDto): Promise<BusyEventDto[]> {
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (to <= from)
      throw new DomainError('INVALID_RANGE', 'La fin de la période doit être après son début', 400);
    if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * 86_400_000)
      throw new DomainError(
        'RANGE_TOO_LONG',
        `La période demandée ne peut pas dépasser ${MAX_WINDOW_DAYS} jours`,
        400,
      );
    return this.repository.list(id, from, to);
  }
}
