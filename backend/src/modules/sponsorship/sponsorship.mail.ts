import { Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { getSector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Mailer, NotificationsProcessor, NotificationsWorkerModule, paragraphsMail } from '../notifications';
import { UnsubscribeLinks, UnsubscribeService, UnsubscribeWorkerModule } from '../unsubscribe';
import { SponsorshipRepository } from './sponsorship.repository';
import { SPONSORSHIP_INVITATION_JOB, type SponsorshipInvitationPayload } from './sponsorship.service';

/** Worker handler of `sponsorship.invitation`: the colleague receives the sponsor's referral link. */
@Injectable()
export class SponsorshipMailJobs implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly repository: SponsorshipRepository,
    private readonly mailer: Mailer,
    private readonly unsubscribe: UnsubscribeService,
    private readonly unsubscribeLinks: UnsubscribeLinks,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(SPONSORSHIP_INVITATION_JOB, (tx, payload) =>
      this.invitation(payload as unknown as SponsorshipInvitationPayload, tx),
    );
  }

  async invitation(
    invitation: SponsorshipInvitationPayload,
    tx: Parameters<SponsorshipRepository['sponsor']>[1],
  ) {
    const sponsor = await this.repository.sponsor(invitation.sponsorId, tx);
    if (!sponsor?.referral_code) return;
    // The colleague unsubscribed from sponsorship invitations: no sponsor can mail them again.
    if (await this.unsubscribe.isSuppressed(invitation.email, 'sponsorship_invitation', tx)) return;
    const stop = this.unsubscribeLinks.url({ kind: 'sponsorship_invitation', subject: invitation.email });
    const sector = getSector(this.env.SECTOR);
    const name = `${sponsor.first_name} ${sponsor.last_name}`;
    const link = `${this.env.PUBLIC_URL.replace(/\/+$/, '')}/demande-inscription?parrain=${encodeURIComponent(sponsor.referral_code)}`;
    await this.mailer.send(
      paragraphsMail(
        invitation.email,
        `${name} vous invite sur ${sector.productName}`,
        [
          'Bonjour,',
          `${name} utilise ${sector.productName} pour recevoir ses rendez-vous en ligne et vous invite à le rejoindre : vos clients vous trouvent par ville et domaine de compétence et réservent en moins d’une minute.`,
          `Demandez votre inscription avec ce lien (code de parrainage ${sponsor.referral_code}) : votre premier mois est offert.`,
          link,
          `L’équipe ${sector.productName}`,
        ],
        `<sponsorship-${invitation.sponsorId}-${encodeURIComponent(invitation.email)}@${new URL(this.env.PUBLIC_URL).hostname}>`,
        { unsubscribeUrl: stop, oneClickUnsubscribeUrl: stop },
      ),
    );
  }
}

/** Worker side of the sponsorship module. Import only in WorkerModule. */
@Module({
  imports: [NotificationsWorkerModule, UnsubscribeWorkerModule],
  providers: [SponsorshipMailJobs, SponsorshipRepository],
})
export class SponsorshipWorkerModule {}
