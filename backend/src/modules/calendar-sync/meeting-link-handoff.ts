import { Injectable, Logger } from '@nestjs/common';
import { Transactions } from '../../database/database.module';
import { BOOKING_NOTIFICATION_JOB, type BookingNotificationPayload } from '../notifications';
import { OutboxService } from '../outbox';
import { VisioLinksService } from '../visio';
import { WRITE_BACK_JOB } from './calendar-sync.jobs';
import { WriteBackRepository } from './write-back.repository';
import { WriteBackService } from './write-back.service';

/**
 * A video appointment confirmed with Google Meet or Teams: its link is made with the calendar event, so the
 * write-back runs first and the confirmation follows with the link in it. Should the calendar give no link
 * (the account broke, the provider failed), the site's Jitsi or the professional's own link stands in, so the
 * confirmation never waits on a provider's outage; a failed write is then retried on its own.
 */
@Injectable()
export class MeetingLinkHandoff {
  private readonly logger = new Logger(MeetingLinkHandoff.name);

  constructor(
    private readonly writeBack: WriteBackService,
    private readonly repository: WriteBackRepository,
    private readonly visio: VisioLinksService,
    private readonly outbox: OutboxService,
    private readonly transactions: Transactions,
  ) {}

  async run(
    appointmentId: string,
    uidDomain: string,
    notification: BookingNotificationPayload,
  ): Promise<string> {
    let outcome: string;
    let failed = false;
    try {
      outcome = await this.writeBack.writeBack(appointmentId, uidDomain);
    } catch (error) {
      this.logger.warn(
        { appointmentId },
        `write-back before the confirmation failed: ${(error as Error).message}`,
      );
      outcome = 'failed';
      failed = true;
    }
    const appointment = await this.repository.findAppointmentToWrite(appointmentId);
    if (appointment?.mode === 'visio' && !appointment.visioUrl)
      await this.visio.fallBack(appointmentId, appointment.userId);
    await this.transactions.run(async (tx) => {
      await this.outbox.enqueue(tx, {
        queue: 'notifications',
        jobName: BOOKING_NOTIFICATION_JOB,
        payload: notification,
      });
      if (failed)
        await this.outbox.enqueue(tx, {
          queue: 'calendar-sync',
          jobName: WRITE_BACK_JOB,
          payload: { appointmentId },
        });
    });
    return outcome;
  }
}
