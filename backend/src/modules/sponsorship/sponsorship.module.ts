import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox';
import { SiteConfigModule } from '../site-config';
import { BankDetailsCipher } from './bank-details-cipher';
import { SponsorshipController } from './sponsorship.controller';
import { SponsorshipRepository } from './sponsorship.repository';
import { SponsorshipService } from './sponsorship.service';

/** Sponsorship (/user/parrainage). Exports the repository so an accepted registration request credits its sponsor. */
@Module({
  imports: [OutboxModule, SiteConfigModule],
  controllers: [SponsorshipController],
  providers: [SponsorshipService, SponsorshipRepository, BankDetailsCipher],
  exports: [SponsorshipRepository],
})
export class SponsorshipModule {}
