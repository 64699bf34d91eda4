import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { DbOrTx } from '../../database/database.types';
import { euros } from '../billing';
import { FolderFiling } from '../client-folders';
import { Mailer, NotificationsProcessor, paragraphsMail } from '../notifications';
import type { FeeNoteDocument } from './fee-note-document';
import { FEE_NOTE_DELIVERY_JOB } from './fee-note-issuer';
import { FeeNotesRepository } from './fee-notes.repository';

/** "Note d’honoraires 2026-0001" / "Avoir 2026-0002": the label in the folder, the mail's subject. */
export const feeNoteLabel = (doc: Pick<FeeNoteDocument, 'kind' | 'number'>) =>
  `${doc.kind === 'credit_note' ? 'Avoir' : 'Note d’honoraires'} ${doc.number}`;

/**
 * Delivers an issued note (outbox job queued with it): a copy in the client folder, then the mail to the
 * client with the PDF. Each step is recorded on the note's delivery row (locked), so a retried job repeats
 * neither; the mail's Message-ID is derived from the note, a duplicate is detectable downstream.
 */
@Injectable()
export class FeeNoteDelivery implements OnModuleInit {
  constructor(
    private readonly repository: FeeNotesRepository,
    private readonly filing: FolderFiling,
    private readonly mailer: Mailer,
    private readonly processor: NotificationsProcessor,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(FEE_NOTE_DELIVERY_JOB, (tx, payload) =>
      this.deliver(tx, String(payload.feeNoteId)),
    );
  }

  async deliver(tx: DbOrTx, feeNoteId: string): Promise<void> {
    const delivery = await this.repository.delivery(tx, feeNoteId);
    const note = delivery && (await this.repository.byId(feeNoteId, tx));
    if (!delivery || !note) return;
    const doc = note.document as FeeNoteDocument;
    const label = feeNoteLabel(doc);
    if (!delivery.folderDocumentId) {
      const documentId = await this.filing.filePdf(tx, note.appointmentId, note.pdf, label);
      if (documentId) await this.repository.markFiled(tx, note.id, documentId);
    }
    if (!delivery.mailedAt && doc.client.email) {
      const paragraphs =
        doc.kind === 'fee_note'
          ? [
              'Bonjour,',
              `Vous trouverez ci-joint la note d’honoraires n° ${doc.number} de ${doc.professional.name} pour « ${doc.service.label} » du ${doc.service.date}, d’un montant de ${euros(doc.totalTtc)} TTC, réglée lors de votre réservation.`,
              'Elle est aussi conservée dans votre dossier, dans votre espace client.',
            ]
          : [
              'Bonjour,',
              `Vous trouverez ci-joint l’avoir n° ${doc.number} de ${doc.professional.name}, de ${euros(doc.totalTtc)} TTC, sur la note d’honoraires n° ${doc.creditedNumber} : ce montant vous est remboursé sur votre carte.`,
              'Il est aussi conservé dans votre dossier, dans votre espace client.',
            ];
      const host = new URL(this.env.PUBLIC_URL).hostname;
      await this.mailer.send({
        ...paragraphsMail(
          doc.client.email,
          `${label} — ${doc.professional.name}`,
          paragraphs,
          `<fee-note-${note.id}@${host}>`,
        ),
        attachments: [
          {
            filename: `${label.replace(/[’\s]+/g, '-')}.pdf`,
            content: note.pdf.toString('base64'),
            contentType: 'application/pdf',
            encoding: 'base64',
          },
        ],
      });
      await this.repository.markMailed(tx, note.id);
    }
  }
}
