import { Inject, Injectable } from '@nestjs/common';
import { DomainError, NotFoundError, TooManyRequestsError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Clock, SignedClaims } from '../identity';
import type { CreateSlotAlertDto, SlotAlertAnswerDto } from './slot-alerts.dto';
import { SlotAlertsRepository } from './slot-alerts.repository';

/** An alert lasts until the slot the client already has, and at most this long. */
const ALERT_MAX_MS = 30 * 86_400_000;
/** Active alerts per address (all professionals): enough for a real search, not for flooding. */
const ALERTS_PER_EMAIL = 10;
export const SLOT_ALERT_LINK_TTL_MS = ALERT_MAX_MS + 86_400_000;

/** The signed link of an alert mail (cancel); one purpose, so it opens nothing else. */
export class SlotAlertLinks {
  private readonly signer: SignedClaims<{ a: string }>;

  constructor(secret: string) {
    this.signer = new SignedClaims(secret, 'slot-alert/v1');
  }

  sign(alertId: string, now: number): string {
    return this.signer.sign({ a: alertId }, SLOT_ALERT_LINK_TTL_MS, now);
  }

  verify(token: string, now: number): string | undefined {
    const id = this.signer.verify(token, now)?.a;
    return typeof id === 'string' ? id : undefined;
  }
}

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
    @Inject(ENV) env: Env,
  ) {
    this.links = new SlotAlertLinks(env.JWT_SECRET);
  }

  /** `attendeeId`: the signed-in client, when there is one (their verified phone gets an SMS too). */
  async create(userId: string, dto: CreateSlotAlertDto, attendeeId?: string): Promise<SlotAlertAnswerDto> {
    const now = this.clock.now();
    const before = new Date(dto.before);
    if (before.getTime() <= now.getTime())
      throw new DomainError('SLOT_ALERT_IN_PAST', 'Ce créneau est déjà passé', 400);
    const motiveId = dto.motive_id ?? (await this.repository.firstMotive(userId));
    if (!motiveId || !(await this.repository.bookableMotive(userId, motiveId)))
      throw new NotFoundError('MOTIVE_NOT_FOUND', 'Ce motif de rendez-vous n’est pas proposé en ligne');
    if ((await this.repository.activeCountOf(dto.email, now)) >= ALERTS_PER_EMAIL)
      throw new TooManyRequestsError(
        'TOO_MANY_SLOT_ALERTS',
        `Vous suivez déjà ${ALERTS_PER_EMAIL} créneaux : annulez une alerte depuis ses emails.`,
        3600,
      );
    const expiresAt = new Date(Math.min(before.getTime(), now.getTime() + ALERT_MAX_MS));
    await this.repository.upsert({
      userId,
      motiveId,
      email: dto.email,
      attendeeId: attendeeId ?? null,
      before,
      expiresAt,
    });
    return {
      message:
        'C’est noté : nous vous écrirons si un créneau se libère plus tôt (un email par jour au plus).',
    };
  }

  async cancel(token: string): Promise<SlotAlertAnswerDto> {
    const now = this.clock.now();
    const id = this.links.verify(token, now.getTime());
    if (!id) throw new NotFoundError('SLOT_ALERT_LINK_INVALID', 'Ce lien est invalide ou a expiré.');
    await this.repository.cancel(id, now);
    return { message: 'Vous ne recevrez plus d’alerte pour ce rendez-vous.' };
  }
}
