import { Injectable } from '@nestjs/common';
import { barByKey } from '@rdv/sectors';
import type { DbOrTx } from '../../database/database.types';
import { OutboxService } from '../outbox';
import {
  feeNoteNumber,
  feeNoteXml,
  splitTtc,
  VAT_FRANCHISE_MENTION,
  type FeeNoteDocument,
} from './fee-note-document';
import { feeNotePdf } from './fee-note-pdf';
import { FeeNotesRepository, type FeeNoteRow } from './fee-notes.repository';

export const FEE_NOTE_DELIVERY_JOB = 'fee-note.delivery';

const parisDay = (date: Date) => date.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
const parisDateTime = (date: Date) =>
  date
    .toLocaleString('fr-FR', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })
    .replace(' ', ' à ');

/**
 * Issues a professional's fee notes (at the capture) and credit notes (at each refund) on their behalf, in the
 * caller's transaction, which is the payment's: the note exists if and only if the money moved. Numbers come
 * from the professional's counter locked FOR UPDATE, so the sequence has no gap and no duplicate; the mail and
 * the copy in the client folder follow through the outbox.
 */
@Injectable()
export class FeeNoteIssuer {
  constructor(
    private readonly repository: FeeNotesRepository,
    private readonly outbox: OutboxService,
  ) {}

  /** The fee note of what was captured; the existing one if the appointment has it already. */
  async feeNote(tx: DbOrTx, appointmentId: string, amountTtc: number): Promise<FeeNoteRow | undefined> {
    if (amountTtc <= 0) return undefined;
    const existing = await this.repository.feeNoteOf(tx, appointmentId);
    if (existing) return existing;
    return this.issue(tx, appointmentId, 'fee_note', amountTtc, null, null);
  }

  /** A credit note of `amountTtc` refunded, on the appointment's fee note (none when it never had one). */
  async creditNote(
    tx: DbOrTx,
    appointmentId: string,
    amountTtc: number,
    reason: string,
  ): Promise<FeeNoteRow | undefined> {
    const credited = await this.repository.feeNoteOf(tx, appointmentId);
    if (!credited || amountTtc <= 0) return undefined;
    return this.issue(tx, appointmentId, 'credit_note', amountTtc, credited, reason);
  }

  private async issue(
    tx: DbOrTx,
    appointmentId: string,
    kind: FeeNoteDocument['kind'],
    amountTtc: number,
    credited: FeeNoteRow | null,
    reason: string | null,
  ): Promise<FeeNoteRow> {
    const facts = await this.repository.issuingFacts(tx, appointmentId);
    if (!facts) throw new Error(`appointment ${appointmentId} not found for its fee note`);
    const settings = await this.repository.settings(facts.userId, tx);
    const subjectToVat = settings?.vatRegime === 'vat';
    const vatRate = credited ? credited.vatRate : subjectToVat ? settings.vatRate : 0;
    const now = new Date();
    const issuedOn = parisDay(now);
    const year = Number(issuedOn.slice(0, 4));
    const sequence = await this.repository.takeNumber(tx, facts.userId, year);
    const { totalHt, totalVat } = splitTtc(amountTtc, vatRate);
    const original = credited?.document as FeeNoteDocument | undefined;
    const clientName = [facts.clientFirstName, facts.clientLastName].filter(Boolean).join(' ');
    const doc: FeeNoteDocument = {
      kind,
      number: feeNoteNumber(year, sequence),
      issuedOn,
      // A credit note repeats its fee note's parties: it cancels that document, as it was.
      professional: original?.professional ?? {
        name: `${facts.proFirstName} ${facts.proLastName}`,
        bar: barByKey(facts.bar)?.label ?? null,
        siret:
          settings?.siret ??
          (/^\d{14}$/.test(facts.officeRegistration ?? '') ? facts.officeRegistration : null),
        street: facts.street ?? '',
        postalCode: facts.postalCode ?? '',
        city: facts.city ?? '',
        email: facts.proEmail,
        vatNumber: subjectToVat ? settings.vatNumber : null,
      },
      client: original?.client ?? {
        name: clientName || (facts.clientEmail ?? 'Client'),
        email: facts.clientEmail ?? '',
        company:
          facts.companyName && facts.companySiret
            ? { name: facts.companyName, siret: facts.companySiret }
            : null,
      },
      service: original?.service ?? {
        label: facts.title ?? 'Consultation',
        date: parisDateTime(facts.startsAt),
      },
      totalHt,
      vatRate,
      totalVat,
      totalTtc: amountTtc,
      vatMention: vatRate === 0 ? VAT_FRANCHISE_MENTION : null,
      settlement:
        kind === 'fee_note'
          ? `Honoraires réglés par carte bancaire lors de la réservation, encaissés le ${parisDay(now).split('-').reverse().join('/')}.`
          : 'Montant remboursé sur la carte bancaire utilisée pour le paiement.',
      creditedNumber: credited?.number ?? null,
      reason,
    };
    const xml = feeNoteXml(doc);
    const pdf = await feeNotePdf(doc, xml, now);
    const saved = await this.repository.insert(tx, {
      userId: facts.userId,
      appointmentId,
      kind,
      year,
      sequence,
      number: doc.number,
      creditedFeeNoteId: credited?.id ?? null,
      issuedOn,
      totalHt,
      vatRate,
      totalVat,
      totalTtc: amountTtc,
      document: doc,
      pdf,
      facturxXml: xml,
    });
    await this.outbox.enqueue(tx, {
      queue: 'notifications',
      jobName: FEE_NOTE_DELIVERY_JOB,
      payload: { feeNoteId: saved.id },
    });
    return saved;
  }
}
