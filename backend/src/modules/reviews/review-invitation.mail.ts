import { Inject, Injectable, Logger, Module, OnModuleInit } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { getSector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Transactions } from '../../database/database.module';
import { Mailer, NotificationsProcessor, NotificationsWorkerModule, paragraphsMail } from '../notifications';
import { OutboxModule, OutboxService } from '../outbox';
import { UnsubscribeLinks, UnsubscribeService, UnsubscribeWorkerModule } from '../unsubscribe';
import {
  professionalName,
  REVIEW_INVITATION_DELAY_MS,
  REVIEW_INVITATION_JOB,
  REVIEW_INVITATION_WINDOW_MS,
  ReviewInvitations,
} from './review-invitations';
import { ReviewsRepository } from './reviews.repository';

/**
 * Review invitations cron (worker, every 15 minutes): each confirmed meeting that ended at least an hour ago
 * (and at most a week ago) gets one `review.invitation` job. The claim and the outbox row share a transaction:
 * one invitation per appointment across runs and replicas.
 */
@Injectable()
export class ReviewInvitationScheduler {
  private readonly logger = new Logger(ReviewInvitationScheduler.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly repository: ReviewsRepository,
    private readonly outbox: OutboxService,
  ) {}

  @Cron('30 */15 * * * *', { name: 'review-invitations' })
  async tick(): Promise<void> {
    try {
      const count = await this.scan();
      if (count > 0) this.logger.log(`${count} review invitation(s) enqueued`);
    } catch (error) {
      this.logger.warn(
        `review invitation scan failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  scan(now = new Date()): Promise<number> {
    return this.transactions.run(async (tx) => {
      const due = await this.repository.claimReviewInvitations(
        tx,
        new Date(now.getTime() - REVIEW_INVITATION_WINDOW_MS),
        new Date(now.getTime() - REVIEW_INVITATION_DELAY_MS),
      );
      for (const { appointmentId } of due) {
        await this.outbox.enqueue(tx, {
          queue: 'notifications',
          jobName: REVIEW_INVITATION_JOB,
          payload: { appointmentId },
        });
      }
      return due.length;
    });
  }
}

/** Worker handler of `review.invitation`: the client gets the link to review the meeting. */
@Injectable()
export class ReviewInvitationMailJob implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly repository: ReviewsRepository,
    private readonly invitations: ReviewInvitations,
    private readonly mailer: Mailer,
    private readonly unsubscribe: UnsubscribeService,
    private readonly unsubscribeLinks: UnsubscribeLinks,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(REVIEW_INVITATION_JOB, (_tx, payload) =>
      this.send(String(payload.appointmentId)),
    );
  }

  async send(appointmentId: string): Promise<void> {
    const meeting = await this.repository.reviewableAppointment(appointmentId);
    if (!meeting?.attendee_email || meeting.reviewed || meeting.status !== 'confirmed') return;
    // The address unsubscribed from review invitations (one-click or the footer's link): nothing is sent.
    if (await this.unsubscribe.isSuppressed(meeting.attendee_email, 'review_invitation')) return;
    const stop = this.unsubscribeLinks.url({ kind: 'review_invitation', subject: meeting.attendee_email });
    const productName = getSector(this.env.SECTOR).productName;
    const professional = professionalName(meeting);
    const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: meeting.timezone }).format(
      new Date(meeting.starts_at),
    );
    await this.mailer.send(
      paragraphsMail(
        meeting.attendee_email,
        `Comment s’est passé votre rendez-vous avec ${professional} ?`,
        [
          meeting.attendee_first_name ? `Bonjour ${meeting.attendee_first_name},` : 'Bonjour,',
          `Vous avez rencontré ${professional} le ${day}. Votre avis aide d’autres personnes à choisir : il ne prend qu’une minute.`,
          `Donner mon avis : ${this.invitations.linkFor(this.env.PUBLIC_URL, appointmentId)}`,
          'Votre avis est relu avant d’être publié, signé du nom que vous choisissez.',
          `L’équipe ${productName}`,
        ],
        `<review-invitation-${appointmentId}@${new URL(this.env.PUBLIC_URL).hostname}>`,
        { unsubscribeUrl: stop, oneClickUnsubscribeUrl: stop },
      ),
    );
  }
}

/** Worker side of the reviews module. Import only in WorkerModule. */
@Module({
  imports: [NotificationsWorkerModule, OutboxModule, UnsubscribeWorkerModule],
  providers: [ReviewInvitationScheduler, ReviewInvitationMailJob, ReviewInvitations, ReviewsRepository],
  exports: [ReviewInvitationScheduler],
})
export class ReviewsWorkerModule {}
