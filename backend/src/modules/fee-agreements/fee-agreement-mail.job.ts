import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { DbOrTx } from '../../database/database.types';
import { FolderFiling } from '../client-folders';
import { Mailer, NotificationsProcessor, paragraphsMail } from '../notifications';
import { AgreementStorage, readAll } from './agreement-storage';
import { FEE_AGREEMENT_ACCEPTED_JOB } from './fee-agreements.service';
import { FeeAgreementsRepository } from './fee-agreements.repository';

/**
 * Worker handler of `fee-agreements.accepted`: the accepted PDF mailed to the client and to the professional
 * (the common layout, the PDF attached) and filed in the client's folder. The processor runs it once per job.
 */
@Injectable()
export class FeeAgreementMailJob implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly repository: FeeAgreementsRepository,
    private readonly storage: AgreementStorage,
    private readonly mailer: Mailer,
    private readonly filing: FolderFiling,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(FEE_AGREEMENT_ACCEPTED_JOB, (tx, payload) => this.handle(tx, payload));
  }

  async handle(tx: DbOrTx, payload: Record<string, unknown>): Promise<void> {
    const row = await this.repository.byAppointment(String(payload.appointmentId), tx);
    if (!row) return;
    const pdf = await readAll(this.storage, row.pdfStorageName);
    if (!pdf) throw new Error(`agreement PDF ${row.pdfStorageName} missing`);
    const { pro, client } = await this.repository.names(row.userId, row.attendeeId);
    const fileName = `convention-honoraires-${row.refAppointment}.pdf`;
    const attachments = [
      {
        filename: fileName,
        content: pdf.toString('base64'),
        contentType: 'application/pdf',
        encoding: 'base64' as const,
      },
    ];
    const host = new URL(this.env.PUBLIC_URL).hostname;
    const subject = 'Convention d’honoraires signée';
    const clientName = [client?.firstName, client?.lastName].filter(Boolean).join(' ') || client?.email;
    if (client)
      await this.mailer.send({
        ...paragraphsMail(
          client.email,
          subject,
          [
            'Bonjour,',
            `Vous avez accepté la convention d’honoraires de Maître ${pro?.firstName} ${pro?.lastName} pour votre rendez-vous. Vous la trouverez en pièce jointe (PDF) ; elle est aussi rangée dans votre dossier et sur la page du rendez-vous :`,
            `${this.env.PUBLIC_URL.replace(/\/+$/, '')}/appointments/${row.refAppointment}`,
          ],
          `<fee-agreement-client-${row.id}@${host}>`,
        ),
        attachments,
      });
    if (pro)
      await this.mailer.send({
        ...paragraphsMail(
          pro.email,
          subject,
          [
            'Bonjour,',
            `${clientName} a accepté votre convention d’honoraires en réservant son rendez-vous. Le document signé est en pièce jointe (PDF) et rangé dans le dossier du client.`,
          ],
          `<fee-agreement-pro-${row.id}@${host}>`,
        ),
        attachments,
      });
    await this.filing.filePdf(tx, row.appointmentId, pdf, fileName);
  }
}
