import { Module } from '@nestjs/common';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeLinks } from './unsubscribe-links';
import { UnsubscribeRepository } from './unsubscribe.repository';
import { UnsubscribeService } from './unsubscribe.service';

/** One-click unsubscribe of the non-transactional mails: signed links, the endpoint, the suppression list. */
@Module({
  controllers: [UnsubscribeController],
  providers: [UnsubscribeLinks, UnsubscribeService, UnsubscribeRepository],
  exports: [UnsubscribeLinks, UnsubscribeService],
})
export class UnsubscribeModule {}

/** Worker side: the senders sign their links and check the suppression list. */
@Module({
  providers: [UnsubscribeLinks, UnsubscribeService, UnsubscribeRepository],
  exports: [UnsubscribeLinks, UnsubscribeService],
})
export class UnsubscribeWorkerModule {}
