import { Inject, Injectable } from '@nestjs/common';
import { DomainError, NotFoundError, TooManyRequestsError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Transactions } from '../../database/database.module';
import { AuthRateLimiter, Clock, SignedClaims } from '../identity';
import { OutboxService } from '../outbox';
import type { CreateSlotAlertDto, SlotAlertAnswerDto } from './slot-alerts.dto';
import { SlotAlertsRepository } from './slot-alerts.repository';

/** An alert lasts until the slot the client already has, and at most this long. */
const ALERT_MAX_MS = 30 * 86_400_000;
/**
 * Alerts per address (all professionals), confirmed or awaiting confirmation: enough for a real search, not
 * for flooding one inbox with confirmation mails. Subscriptions per client address are limited in
 * `PUBLIC_ACTION_LIMITS['slot-alert']` (identity module).
 */
export const SLOT_ALERTS_PER_EMAIL = 5;
/** An alert whose address was not confirmed within this delay never mails and is deleted. */
export const SLOT_ALERT_CONFIRM_TTL_MS = 48 * 3_600_000;
export const SLOT_ALERT_LINK_TTL_MS = ALERT_MAX_MS + 86_400_000;
/** Outbox job written with a new alert: the mail that asks the address to confirm it. */
export const SLOT_ALERT_CONFIRM_JOB = 'slot-alert.confirm';

/** The signed links of alert mails: one purpose each (stop / confirm), so a link opens nothing else. */
export class SlotAlertLinks {
  private readonly stopSigner: SignedClaims<{ a: string }>;
  private readonly confirmSigner: SignedClaims<{ a: string }>;

  constructor(secret: string) {
    this.stopSigner = new SignedClaims(secret, 'slot-alert/v1');
    this.confirmSigner = new SignedClaims(secret, 'slot-alert-confirm/v1');
  }

  sign(alertId: string, now: number): string {
    return this.stopSigner.sign({ a: alertId }, SLOT_ALERT_LINK_TTL_MS, now);
  }

  verify(token: string, now: number): string | undefined {
    const id = this.stopSigner.verify(token, now)?.a;
    return typeof id === 'string' ? id : undefined;
  }

  signConfirmation(alertId: string, now: number): string {
    return this.confirmSigner.sign({ a: alertId }, SLOT_ALERT_CONFIRM_TTL_MS, now);
  }

  verifyConfirmation(token: string, now: number): string | undefined {
    const id = this.confirmSigner.verify(token, now)?.a;
    return typeof id === 'string' ? id : undefined;
  }
}

const linkInvalid = () => new NotFoundError('SLOT_ALERT_LINK_INVALID', 'Ce lien est invalide ou a expiré.');

/**
 * Earlier-slot alerts: a client who sees or booked a slot far away asks to be told when
 * an earlier one frees up for that professional and motive; the worker (slot-alerts.worker.ts) tells them.
 */
@Injectable()
export class SlotAlertsService {
  private readonly links: SlotAlertLinks;

  constructor(
    private readonly repository: SlotAlertsRepository,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
    private readonly outbox: OutboxService,
    private readonly limiter: AuthRateLimiter,
    @Inject(ENV) env: Env,
  ) {
    this.links = new SlotAlertLinks(env.JWT_SECRET);
  }

  /**
   * `attendeeId`: the signed-in client, when there is one (their verified phone gets an SMS too). The alert waits
   * for its address to be confirmed; the answer is the same whether the address already had one (it says nothing
   * of who waits for whom), and the mail tells the address which case it is.
   */
  async create(
    userId: string,
    dto: CreateSlotAlertDto,
    ip: string,
    attendeeId?: string,
  ): Promise<SlotAlertAnswerDto> {
    await this.limiter.countPublicAction('slot-alert', ip);
    const now = this.clock.now();
    const before = new Date(dto.before);
    if (before.getTime() <= now.getTime())
      throw new DomainError('SLOT_ALERT_IN_PAST', 'Ce créneau est déjà passé', 400);
    const motiveId = dto.motive_id ?? (await this.repository.firstMotive(userId));
    if (!motiveId || !(await this.repository.bookableMotive(userId, motiveId)))
      throw new NotFoundError('MOTIVE_NOT_FOUND', 'Ce motif de rendez-vous n’est pas proposé en ligne');
    const unconfirmedSince = new Date(now.getTime() - SLOT_ALERT_CONFIRM_TTL_MS);
    const expiresAt = new Date(Math.min(before.getTime(), now.getTime() + ALERT_MAX_MS));
    await this.transactions.run(async (tx) => {
      const others = await this.repository.activeCountOf(
        tx,
        dto.email,
        userId,
        motiveId,
        now,
        unconfirmedSince,
      );
      if (others >= SLOT_ALERTS_PER_EMAIL)
        throw new TooManyRequestsError(
          'TOO_MANY_SLOT_ALERTS',
          `Vous suivez déjà ${SLOT_ALERTS_PER_EMAIL} créneaux : annulez une alerte depuis ses emails.`,
          3600,
        );
      const alertId = await this.repository.upsert(tx, {
        userId,
        motiveId,
        email: dto.email,
        attendeeId: attendeeId ?? null,
        before,
        expiresAt,
        now,
      });
      await this.outbox.enqueue(tx, {
        queue: 'notifications',
        jobName: SLOT_ALERT_CONFIRM_JOB,
        payload: { alertId },
      });
    });
    return {
      message:
        'Vérifiez votre boîte mail pour confirmer l’alerte : nous vous écrirons ensuite si un créneau se libère plus tôt (un email par jour au plus).',
    };
  }

  /** The link of the confirmation mail: from now on the alert may be told. */
  async confirm(token: string): Promise<SlotAlertAnswerDto> {
    const now = this.clock.now();
    const id = this.links.verifyConfirmation(token, now.getTime());
    if (!id) throw linkInvalid();
    const unconfirmedSince = new Date(now.getTime() - SLOT_ALERT_CONFIRM_TTL_MS);
    if (!(await this.repository.confirm(id, now, unconfirmedSince))) throw linkInvalid();
    return {
      message:
        'Votre alerte est confirmée : nous vous écrirons si un créneau se libère plus tôt (un email par jour au plus).',
    };
  }

  async cancel(token: string): Promise<SlotAlertAnswerDto> {
    const now = this.clock.now();
    const id = this.links.verify(token, now.getTime());
    if (!id) throw linkInvalid();
    await this.repository.cancel(id, now);
    return { message: 'Vous ne recevrez plus d’alerte pour ce rendez-vous.' };
  }
}
