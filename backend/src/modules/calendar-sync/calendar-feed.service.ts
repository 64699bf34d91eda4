import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { createEvents, type EventAttributes } from 'ics';
import { getSector } from '@rdv/sectors';
import { NotFoundError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { CalendarFeedRepository } from './calendar-feed.repository';
import type { AppointmentToWrite } from './write-back.repository';

const feedNotFound = () => new NotFoundError('CALENDAR_FEED_NOT_FOUND', 'Flux de calendrier introuvable');

/**
 * The private ICS feed of a professional (any calendar app that subscribes to a URL). Its token is
 * HMAC(key, user:generation), the key derived from JWT_SECRET: nothing secret is stored, and regenerating
 * (generation + 1) retires every URL given before.
 */
@Injectable()
export class CalendarFeedService {
  private readonly key: Buffer;

  constructor(
    private readonly repository: CalendarFeedRepository,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', env.JWT_SECRET, 'rdv-calendar-feed', 'ics-feed-token', 32));
  }

  async urlOf(userId: string): Promise<{ url: string }> {
    return { url: this.url(userId, await this.repository.feedGeneration(userId)) };
  }

  async regenerate(userId: string): Promise<{ url: string }> {
    return { url: this.url(userId, await this.repository.bumpFeedGeneration(userId)) };
  }

  /** The .ics of the feed, or 404 for a wrong or retired token (same answer, nothing to probe). */
  async ics(userId: string, token: string): Promise<string> {
    const generation = await this.repository.currentFeedGeneration(userId);
    if (generation === undefined) throw feedNotFound();
    const expected = Buffer.from(this.token(userId, generation));
    const given = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw feedNotFound();
    const appointments = await this.repository.feedAppointments(userId);
    if (appointments.length === 0) return emptyCalendar(getSector(this.env.SECTOR).productName);
    const { error, value } = createEvents(
      appointments.map((a) => this.event(a)),
      {
        productId: `-//${getSector(this.env.SECTOR).productName}//Flux privé//FR`,
        calName: `Mes rendez-vous ${getSector(this.env.SECTOR).productName}`,
      },
    );
    if (error || !value) throw error ?? new Error('ics feed generation failed');
    return value;
  }

  private event(a: AppointmentToWrite): EventAttributes {
    return {
      // The UID of the confirmation mail's .ics and of the write-back: one event everywhere.
      uid: `${a.refAppointment}@${new URL(this.env.PUBLIC_URL).hostname}`,
      start: a.startsAt.getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: a.endsAt.getTime(),
      endInputType: 'utc',
      endOutputType: 'utc',
      title: `RDV ${a.clientName ?? 'client'}${a.motiveTitle ? ` - ${a.motiveTitle}` : ''}`,
      description: a.status === 'pending' ? 'En attente de votre validation' : undefined,
      location: (a.mode === 'visio' ? a.visioUrl : a.location) ?? undefined,
      status: a.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED',
      busyStatus: 'BUSY',
    };
  }

  private url(userId: string, generation: number): string {
    return `${this.env.PUBLIC_URL}/api/v1/calendar-feeds/${userId}/${this.token(userId, generation)}.ics`;
  }

  private token(userId: string, generation: number): string {
    return createHmac('sha256', this.key).update(`${userId}:${generation}`).digest('base64url');
  }
}

function emptyCalendar(productName: string): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${productName}//Flux privé//FR`,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
