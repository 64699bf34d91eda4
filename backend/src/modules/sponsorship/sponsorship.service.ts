import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { bankDetailsProblems, getSector, maskIban, normalizeIban } from '@rdv/sectors';
import {
  ConflictError,
  InvalidFieldsError,
  NotFoundError,
  TooManyRequestsError,
} from '../../common/domain-error';
import { uniqueViolation } from '../../common/database-errors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Transactions } from '../../database/database.module';
import { QUEUES } from '../../queue/queue.constants';
import { Clock } from '../identity';
import { OutboxService } from '../outbox';
import { SiteConfigService } from '../site-config';
import { BankDetailsCipher } from './bank-details-cipher';
import type { ReferralDto, SaveBankDetailsDto, SponsorshipDto } from './sponsorship.dto';
import { SponsorshipRepository, type ReferralRow } from './sponsorship.repository';

export const SPONSORSHIP_INVITATION_JOB = 'sponsorship.invitation';
export interface SponsorshipInvitationPayload {
  sponsorId: string;
  email: string;
}

/** A sponsor invites at most this many colleagues a day (the mails leave from our domain). */
const INVITATIONS_PER_DAY = 20;
/** Unambiguous characters for referral codes (no 0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const toIso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/**
 * Sponsorship (/user/parrainage, docs/product.md §1 and §9): a personal referral link and code, invitations by email and
 * how far each referral got, and where rewards are paid. Shown only while the site's `sponsorship` flag is on.
 */
@Injectable()
export class SponsorshipService {
  constructor(
    private readonly repository: SponsorshipRepository,
    private readonly siteConfig: SiteConfigService,
    private readonly cipher: BankDetailsCipher,
    private readonly transactions: Transactions,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async get(userId: string): Promise<SponsorshipDto> {
    await this.assertEnabled();
    const sponsor = await this.repository.sponsor(userId);
    if (!sponsor) throw new NotFoundError('ACCOUNT_NOT_EXIST', 'Account not exist');
    const code =
      sponsor.referral_code ?? (await this.giveCode(userId, sponsor.first_name, sponsor.last_name));
    const [referrals, bank] = [
      await this.repository.referrals(userId),
      await this.repository.bankDetails(userId),
    ];
    return {
      code,
      link: `${this.env.PUBLIC_URL.replace(/\/+$/, '')}/demande-inscription?parrain=${encodeURIComponent(code)}`,
      reward_rule: this.rewardRule(),
      referrals: referrals.map(toReferral),
      bank_details: bank ? { masked_iban: bank.masked_iban, updated_at: toIso(bank.updated_at)! } : null,
    };
  }

  /** Mails the colleague the referral link (through the outbox); one invitation per address and sponsor. */
  async invite(userId: string, email: string): Promise<SponsorshipDto> {
    await this.assertEnabled();
    if (await this.repository.isProfessional(email))
      throw new ConflictError(
        'ALREADY_A_PROFESSIONAL',
        'Ce confrère a déjà un compte : il ne peut plus être parrainé',
      );
    const dayAgo = new Date(this.clock.now().getTime() - 86_400_000);
    if ((await this.repository.invitationsSince(userId, dayAgo)) >= INVITATIONS_PER_DAY)
      throw new TooManyRequestsError(
        'TOO_MANY_INVITATIONS',
        `Vous pouvez inviter ${INVITATIONS_PER_DAY} confrères par jour : réessayez demain.`,
        3600,
      );
    await this.transactions.run(async (tx) => {
      if (!(await this.repository.invite(userId, email, tx)))
        throw new ConflictError('ALREADY_INVITED', 'Vous avez déjà invité cette adresse');
      const payload: SponsorshipInvitationPayload = { sponsorId: userId, email };
      await this.outbox.enqueue(tx, {
        queue: QUEUES.notifications,
        jobName: SPONSORSHIP_INVITATION_JOB,
        payload: { ...payload },
      });
    });
    return this.get(userId);
  }

  async saveBankDetails(userId: string, dto: SaveBankDetailsDto): Promise<SponsorshipDto> {
    await this.assertEnabled();
    const problems = bankDetailsProblems(dto);
    if (Object.keys(problems).length > 0) throw new InvalidFieldsError('BANK_DETAILS_INVALID', problems);
    const iban = normalizeIban(dto.iban);
    const sealed = this.cipher.seal(
      { iban, bic: dto.bic.replace(/\s+/g, '').toUpperCase(), holder: dto.holder.trim() },
      bankDetailsBinding(userId),
    );
    await this.repository.saveBankDetails(userId, sealed, maskIban(iban));
    return this.get(userId);
  }

  async removeBankDetails(userId: string): Promise<SponsorshipDto> {
    await this.assertEnabled();
    await this.repository.deleteBankDetails(userId);
    return this.get(userId);
  }

  private rewardRule(): string {
    const words = getSector(this.env.SECTOR).words;
    return `Pour chaque ${words.singular} que vous parrainez et qui s’abonne, vous recevez 100 € par virement sur le compte indiqué ci-dessous, à la fin de son deuxième mois d’abonnement. Votre filleul bénéficie de son premier mois offert.`;
  }

  private async assertEnabled(): Promise<void> {
    const config = await this.siteConfig.get();
    if (!config.flags.sponsorship)
      throw new NotFoundError('SPONSORSHIP_DISABLED', 'Le parrainage n’est pas proposé actuellement');
  }

  /** "CMAR-7K2P": initials the sponsor recognises, then 4 random characters; retried on the rare collision. */
  private async giveCode(userId: string, firstName: string, lastName: string): Promise<string> {
    const letters = (value: string) =>
      value
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toUpperCase();
    const prefix = `${letters(firstName).slice(0, 1)}${letters(lastName).slice(0, 3)}`.padEnd(4, 'X');
    for (let attempt = 0; ; attempt++) {
      const suffix = Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
      try {
        const code = await this.repository.setCodeIfMissing(userId, `${prefix}-${suffix}`);
        if (!code) throw new NotFoundError('ACCOUNT_NOT_EXIST', 'Account not exist');
        return code;
      } catch (error) {
        if (attempt < 5 && uniqueViolation(error)) continue;
        throw error;
      }
    }
  }
}

/** The associated data of a sealed IBAN: it opens only for this professional's row. */
export const bankDetailsBinding = (userId: string) => `sponsor-bank-details:${userId}`;

function toReferral(row: ReferralRow): ReferralDto {
  const signedUp = row.signed_up;
  return {
    email: row.email,
    name: row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null,
    state: row.subscribed_at ? 'subscribed' : signedUp ? 'signed_up' : 'invited',
    invited_at: toIso(row.invited_at),
    signed_up_at: signedUp ? toIso(row.signed_up_at) : null,
    subscribed_at: toIso(row.subscribed_at),
  };
}
