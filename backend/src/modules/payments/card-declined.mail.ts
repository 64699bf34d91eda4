import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { getSector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { DbOrTx } from '../../database/database.types';
import { Mailer, NotificationsProcessor, paragraphsMail } from '../notifications';
import { PaymentsRepository } from './payments.repository';

/** Outbox job: the saved card of a far meeting was refused at validation. */
export const CARD_DECLINED_JOB = 'payments.card-declined';

/** What both sides read as the cancellation's reason. */
export const CARD_DECLINED_REASON =
  'La carte enregistrée a été refusée au moment du débit : le rendez-vous n’a pas pu être confirmé';

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const when = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(date);

/**
 * The client learns that the meeting is not confirmed, that nothing was charged and how to book again; the
 * professional that the slot is free again. Sent once (the notifications queue's idempotency).
 */
@Injectable()
export class CardDeclinedMails implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly repository: PaymentsRepository,
    private readonly mailer: Mailer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(CARD_DECLINED_JOB, (tx, payload) => this.send(tx, String(payload.appointmentId)));
  }

  async send(tx: DbOrTx, appointmentId: string): Promise<void> {
    const facts = await this.repository.declinedFacts(tx, appointmentId);
    if (!facts) return;
    const sector = getSector(this.env.SECTOR);
    const base = this.env.PUBLIC_URL.replace(/\/+$/, '');
    const host = new URL(this.env.PUBLIC_URL).hostname;
    const pro = `${facts.proFirstName} ${facts.proLastName}`;
    const client = [facts.clientFirstName, facts.clientLastName].filter(Boolean).join(' ') || 'le client';
    const meeting = `${facts.title ?? 'Rendez-vous'} du ${when(facts.startsAt)}`;
    if (facts.clientEmail)
      await this.mailer.send(
        paragraphsMail(
          facts.clientEmail,
          `Paiement refusé : votre rendez-vous avec ${pro} n’est pas confirmé`,
          [
            'Bonjour,',
            `${pro} a accepté votre demande (${meeting}), mais la carte enregistrée lors de la réservation a été refusée au moment du débit de ${euros(facts.amountCents)}.`,
            'Le rendez-vous n’est donc pas confirmé : il est annulé et aucune somme n’a été prélevée. Le créneau est de nouveau proposé à la réservation.',
            `Pour rencontrer ${pro}, réservez de nouveau avec une autre carte : ${base}/appointments/${facts.refAppointment}`,
            `L’équipe ${sector.productName}`,
          ],
          `<card-declined-${appointmentId}@${host}>`,
        ),
      );
    await this.mailer.send(
      paragraphsMail(
        facts.proEmail,
        `Paiement refusé : le rendez-vous avec ${client} est annulé`,
        [
          'Bonjour,',
          `La carte enregistrée par ${client} pour le rendez-vous « ${meeting} » a été refusée au moment du débit de ${euros(facts.amountCents)} qui suivait votre validation.`,
          'Le rendez-vous n’est pas confirmé : il est annulé, le créneau est de nouveau libre et le client a été prévenu. Rien ne vous sera versé pour ce rendez-vous.',
          `L’équipe ${sector.productName}`,
        ],
        `<card-declined-pro-${appointmentId}@${host}>`,
      ),
    );
  }
}
