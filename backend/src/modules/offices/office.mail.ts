import { Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { getSector, ofOffice } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Mailer, NotificationsProcessor, NotificationsWorkerModule, paragraphsMail } from '../notifications';
import {
  OFFICE_JOIN_ANSWERED_JOB,
  OFFICE_JOIN_REQUESTED_JOB,
  type OfficeJoinAnsweredPayload,
  type OfficeJoinRequestedPayload,
} from './offices.service';
import { OfficesRepository } from './offices.repository';

/**
 * Worker handlers of the office jobs: the manager hears of a join request, the requester of the answer. Each runs
 * in its job's transaction with its idempotency key, so a duplicated job mails nobody twice.
 */
@Injectable()
export class OfficeMailJobs implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly repository: OfficesRepository,
    private readonly mailer: Mailer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(OFFICE_JOIN_REQUESTED_JOB, (_tx, payload) =>
      this.joinRequested(payload as unknown as OfficeJoinRequestedPayload),
    );
    this.processor.register(OFFICE_JOIN_ANSWERED_JOB, (_tx, payload) =>
      this.joinAnswered(payload as unknown as OfficeJoinAnsweredPayload),
    );
  }

  private get officeUrl(): string {
    return `${this.env.PUBLIC_URL}/user/mon-etude`;
  }

  private get host(): string {
    return new URL(this.env.PUBLIC_URL).hostname;
  }

  async joinRequested(request: OfficeJoinRequestedPayload): Promise<void> {
    // The manager at sending time: the office may have been handed over since the request.
    const manager = await this.repository.managerContact(request.teamId);
    if (!manager) return;
    const { productName, words } = getSector(this.env.SECTOR);
    await this.mailer.send(
      paragraphsMail(
        manager.email,
        `${request.requesterName} demande à rejoindre ${request.officeName}`,
        [
          `Bonjour ${manager.first_name},`,
          `${request.requesterName} (${request.requesterEmail}) demande à rejoindre votre ${words.office} « ${request.officeName} » sur ${productName}.`,
          `Acceptez ou refusez la demande depuis votre espace : ${this.officeUrl}`,
          `L’équipe ${productName}`,
        ],
        `<office-join-${request.teamId}-${request.requesterId}-${Date.parse(request.requestedAt)}@${this.host}>`,
      ),
    );
  }

  async joinAnswered(answer: OfficeJoinAnsweredPayload): Promise<void> {
    const sector = getSector(this.env.SECTOR);
    const { productName, words } = sector;
    await this.mailer.send(
      paragraphsMail(
        answer.requesterEmail,
        answer.accepted
          ? `Vous avez rejoint ${answer.officeName}`
          : `Votre demande pour rejoindre ${answer.officeName}`,
        [
          'Bonjour,',
          answer.accepted
            ? `Votre demande a été acceptée : vous faites désormais partie ${ofOffice(sector)} « ${answer.officeName} », qui apparaît sur votre page publique.`
            : `Le responsable ${ofOffice(sector)} « ${answer.officeName} » n’a pas accepté votre demande. Vous pouvez créer votre propre ${words.office} ou en rejoindre ${words.office === 'étude' ? 'une autre' : 'un autre'}.`,
          `Votre ${words.office} : ${this.officeUrl}`,
          `L’équipe ${productName}`,
        ],
        `<office-answer-${answer.teamId}-${answer.requesterId}-${Date.parse(answer.requestedAt)}@${this.host}>`,
      ),
    );
  }
}

/** Worker side of the offices module. Import only in WorkerModule. */
@Module({
  imports: [NotificationsWorkerModule],
  providers: [OfficeMailJobs, OfficesRepository],
})
export class OfficesWorkerModule {}
