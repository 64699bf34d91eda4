import { Inject, Injectable, Module } from '@nestjs/common';
import {
  HostResolver,
  OUTBOUND_REFUSAL_DETAILS,
  OutboundAddressModule,
  checkOutboundAddress,
  type CheckedOutboundAddress,
} from '../../common/outbound-address';
import { DomainError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';

export { HostResolver, isPublicAddress } from '../../common/outbound-address';

export type CheckedWebhook = CheckedOutboundAddress;

export const forbiddenWebhook = (detail: string) =>
  new DomainError('CHAT_WEBHOOK_FORBIDDEN', `L’adresse du webhook est refusée : ${detail}`, 400);

/** The webhook's name does not resolve (a typo, or an offline development machine). */
export class UnresolvedWebhookHost extends DomainError {
  constructor() {
    super(
      'CHAT_WEBHOOK_FORBIDDEN',
      `L’adresse du webhook est refusée : ${OUTBOUND_REFUSAL_DETAILS.unresolved}`,
      400,
    );
  }
}

/**
 * Where the office chat webhook may point (no SSRF into our own network). Outside development it
 * must be https to a name that resolves only to public addresses; CHAT_WEBHOOK_ALLOW_PRIVATE=true
 * (tests, demo) also lets http and local receivers through. Checked when the settings are saved
 * and again before each send, on the address then connected to (DNS rebinding).
 */
@Injectable()
export class ChatWebhookAddressPolicy {
  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly resolver: HostResolver,
  ) {}

  /**
   * The check when the settings are saved. With the development setting, a name that does not
   * resolve is kept (the demo and e2e machines are offline); it is checked again before each send.
   */
  async assertAllowedOnSave(rawUrl: string): Promise<void> {
    try {
      await this.check(rawUrl);
    } catch (error) {
      if (!(this.env.CHAT_WEBHOOK_ALLOW_PRIVATE && error instanceof UnresolvedWebhookHost)) throw error;
    }
  }

  /** The check before a send: the address to connect to, or a 400 DomainError. */
  check(rawUrl: string): Promise<CheckedWebhook> {
    return checkOutboundAddress(
      rawUrl,
      {
        allowPrivate: this.env.CHAT_WEBHOOK_ALLOW_PRIVATE,
        refuseUrlCredentials: true,
        refuse: (reason) =>
          reason === 'unresolved'
            ? new UnresolvedWebhookHost()
            : forbiddenWebhook(OUTBOUND_REFUSAL_DETAILS[reason]),
      },
      this.resolver,
    );
  }
}

@Module({
  imports: [OutboundAddressModule],
  providers: [ChatWebhookAddressPolicy],
  exports: [ChatWebhookAddressPolicy, OutboundAddressModule],
})
export class ChatWebhookAddressModule {}
