import { Injectable } from '@nestjs/common';
import { isUuid } from '@rdv/sectors';
import { DomainError } from '../../common/domain-error';
import type { DbOrTx } from '../../database/database.types';
import type { SuppressibleMail } from '../../database/schema';
import { UnsubscribeLinks, type UnsubscribeTarget } from './unsubscribe-links';
import { UnsubscribeRepository } from './unsubscribe.repository';

export const invalidUnsubscribeLink = () =>
  new DomainError('INVALID_UNSUBSCRIBE_LINK', 'Ce lien de désinscription n’est pas valide', 400);

/** What each kind of link stops, in the page's words. */
export const UNSUBSCRIBE_WHAT: Record<UnsubscribeTarget['kind'], string> = {
  slot_alert: 'les alertes de créneau plus tôt pour ce rendez-vous',
  review_invitation: 'les invitations à donner votre avis après un rendez-vous',
  sponsorship_invitation: 'les invitations de parrainage',
};

/** One-click unsubscribe (RFC 8058) of the non-transactional mails, and the senders' check. */
@Injectable()
export class UnsubscribeService {
  constructor(
    private readonly links: UnsubscribeLinks,
    private readonly repository: UnsubscribeRepository,
  ) {}

  /** The target of a link, or 400 in French (nothing changes). */
  target(token: unknown): UnsubscribeTarget {
    const target = this.links.verify(token);
    if (!target || (target.kind === 'slot_alert' && !isUuid(target.subject))) throw invalidUnsubscribeLink();
    return target;
  }

  async unsubscribe(token: unknown): Promise<UnsubscribeTarget> {
    const target = this.target(token);
    if (target.kind === 'slot_alert') await this.repository.stopAlert(target.subject);
    else await this.repository.suppress(target.subject, target.kind);
    return target;
  }

  /** Senders of review and sponsorship invitations ask this before each mail. */
  isSuppressed(email: string, kind: SuppressibleMail, tx?: DbOrTx): Promise<boolean> {
    return this.repository.isSuppressed(email, kind, tx);
  }
}
