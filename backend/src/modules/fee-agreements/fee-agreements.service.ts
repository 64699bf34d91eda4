import { Inject, Injectable, Logger } from '@nestjs/common';
import { getSector } from '@rdv/sectors';
import { DomainError, NotFoundError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Transactions } from '../../database/database.module';
import type { DbOrTx } from '../../database/database.types';
import { OutboxService } from '../outbox';
import { agreementPdf } from './agreement-pdf';
import { AgreementStorage, newAgreementName, readAll } from './agreement-storage';
import { fillAgreement, MODEL_TERMS, sha256, TERMS_MAX_LENGTH } from './agreement-text';
import type { AgreementPreviewDto, MotiveAgreementDto } from './fee-agreements.dto';
import { FeeAgreementsRepository, type MotiveAgreement, type VersionRow } from './fee-agreements.repository';

/** Outbox job (queue `notifications`): mail the accepted agreement to both parties and file it in the folder. */
export const FEE_AGREEMENT_ACCEPTED_JOB = 'fee-agreements.accepted';

/** What a booking carries from the check before the transaction to the evidence row written in it. */
export interface PreparedAgreement {
  version: VersionRow & { terms: string; hash: string };
  motiveId: string;
  filledText: string;
  filledHash: string;
  priceCents: number;
  acceptedAt: Date;
  clientIp: string;
  pdfStorageName: string;
  pdfSha256: string;
}

const motiveNotFound = () => new NotFoundError('MOTIVE_NOT_FOUND', 'Motif introuvable');
const agreementNotFound = () =>
  new NotFoundError('FEE_AGREEMENT_NOT_FOUND', 'Aucune convention d’honoraires pour ce rendez-vous');

/**
 * The fee agreement (convention d'honoraires) of the lawyer sector: the terms a professional writes per paid
 * motive (versioned by their SHA-256), the client's explicit acceptance at booking with its evidence (text
 * rendered here from the version, time, account, address, PDF), and the PDFs' downloads by their owners.
 */
@Injectable()
export class FeeAgreementsService {
  private readonly logger = new Logger(FeeAgreementsService.name);
  private readonly enabled: boolean;

  constructor(
    private readonly repository: FeeAgreementsRepository,
    private readonly storage: AgreementStorage,
    private readonly outbox: OutboxService,
    private readonly transactions: Transactions,
    @Inject(ENV) env: Env,
  ) {
    // French law asks lawyers for a written fee agreement; the other professions never see one.
    this.enabled = getSector(env.SECTOR).key === 'lawyer';
  }

  async terms(userId: string, motiveId: string): Promise<MotiveAgreementDto> {
    const motive = await this.repository.motive(userId, motiveId);
    if (!motive) throw motiveNotFound();
    return this.present(motive.version);
  }

  /** A change of the text adds a version; the same text again changes nothing; an empty text removes the terms. */
  async saveTerms(userId: string, motiveId: string, text: string | null): Promise<MotiveAgreementDto> {
    if (!this.enabled)
      throw new DomainError(
        'FEE_AGREEMENT_NOT_AVAILABLE',
        'La convention d’honoraires ne concerne que les avocats',
        400,
      );
    const terms = text?.replace(/\r\n?/g, '\n').trim() || null;
    if (terms && terms.length > TERMS_MAX_LENGTH)
      throw new DomainError(
        'VALIDATION_FAILED',
        `La convention d’honoraires ne peut dépasser ${TERMS_MAX_LENGTH} caractères`,
        400,
      );
    return this.transactions.run(async (tx) => {
      const motive = await this.repository.motive(userId, motiveId, tx);
      if (!motive) throw motiveNotFound();
      if (terms && (motive.paymentRule === 'free' || motive.priceCents === null))
        throw new DomainError(
          'FEE_AGREEMENT_FREE_MOTIVE',
          'Une convention d’honoraires se rédige pour un motif payant : indiquez d’abord un tarif',
          400,
        );
      const hash = terms ? sha256(terms) : null;
      if ((motive.version?.hash ?? null) === hash) return this.present(motive.version);
      return this.present(await this.repository.insertVersion(tx, { motiveId, userId, terms, hash }));
    });
  }

  /** The agreement a client is about to accept, filled for them (booking dialog); `required` false: none to sign. */
  async preview(
    attendeeId: string,
    query: { user_id: string; motive_id: string; start?: string; legal_aid?: boolean },
  ): Promise<AgreementPreviewDto> {
    const motive = await this.repository.motive(query.user_id, query.motive_id);
    if (!motive) throw motiveNotFound();
    const version = this.applicable(motive, query.legal_aid === true);
    if (!version) return { required: false, text: null, versionHash: null };
    const start = query.start ? new Date(query.start) : new Date();
    const text = await this.fill(version.terms, motive, query.user_id, attendeeId, start);
    return { required: true, text, versionHash: version.hash };
  }

  /**
   * Before a booking is written (nothing stored yet when it refuses): the agreement the motive asks for,
   * rendered from the current version, its PDF made and stored. Null when there is none to accept.
   */
  async prepare(
    input: {
      userId: string;
      motiveId: string;
      attendeeId: string;
      refAppointment: string;
      startsAt: Date;
      legalAid: boolean;
      accepted: boolean;
      clientIp: string;
    },
    known?: MotiveAgreement | null,
  ): Promise<PreparedAgreement | null> {
    // `known`: the caller read the motive and its terms with its own statement (`latestVersionSql`).
    const motive =
      known !== undefined ? (known ?? undefined) : await this.repository.motive(input.userId, input.motiveId);
    const version = motive && this.applicable(motive, input.legalAid);
    if (!motive || !version) return null;
    if (!input.accepted)
      throw new DomainError(
        'FEE_AGREEMENT_REQUIRED',
        'Pour réserver ce rendez-vous, lisez et acceptez la convention d’honoraires (case « J’ai lu et j’accepte la convention d’honoraires »)',
        400,
      );
    const filledText = await this.fill(version.terms, motive, input.userId, input.attendeeId, input.startsAt);
    const acceptedAt = new Date();
    const filledHash = sha256(filledText);
    const pdf = await agreementPdf(filledText, {
      acceptedAt,
      clientIp: input.clientIp,
      versionHash: version.hash,
      filledHash,
      refAppointment: input.refAppointment,
    });
    const pdfStorageName = newAgreementName();
    await this.storage.put(pdfStorageName, pdf);
    return {
      version,
      motiveId: motive.motiveId,
      filledText,
      filledHash,
      priceCents: motive.priceCents!,
      acceptedAt,
      clientIp: input.clientIp,
      pdfStorageName,
      pdfSha256: sha256(pdf),
    };
  }

  /** In the booking's transaction: the evidence row, and the job that mails and files the PDF. */
  async record(
    tx: DbOrTx,
    appointment: { id: string; refAppointment: string; userId: string; attendeeId: string },
    prepared: PreparedAgreement,
  ): Promise<void> {
    await this.repository.insertAgreement(tx, {
      appointmentId: appointment.id,
      refAppointment: appointment.refAppointment,
      userId: appointment.userId,
      attendeeId: appointment.attendeeId,
      motiveId: prepared.motiveId,
      versionId: prepared.version.id,
      versionHash: prepared.version.hash,
      filledText: prepared.filledText,
      filledHash: prepared.filledHash,
      priceCents: prepared.priceCents,
      acceptedAt: prepared.acceptedAt,
      clientIp: prepared.clientIp,
      pdfStorageName: prepared.pdfStorageName,
      pdfSha256: prepared.pdfSha256,
    });
    await this.outbox.enqueue(tx, {
      queue: 'notifications',
      jobName: FEE_AGREEMENT_ACCEPTED_JOB,
      payload: { appointmentId: appointment.id },
    });
  }

  /** The booking was not written: its PDF goes (no row points at it). */
  async abandon(prepared: PreparedAgreement | null): Promise<void> {
    if (!prepared) return;
    await this.storage
      .remove(prepared.pdfStorageName)
      .catch((error: Error) => this.logger.warn(`agreement PDF not removed: ${error.message}`));
  }

  /** The accepted PDF, for the appointment's professional or its client only. */
  async pdf(owner: { userId: string } | { attendeeId: string }, appointmentId: string) {
    const row = await this.repository.byAppointment(appointmentId);
    const mine =
      row && ('userId' in owner ? row.userId === owner.userId : row.attendeeId === owner.attendeeId);
    if (!row || !mine) throw agreementNotFound();
    const pdf = await readAll(this.storage, row.pdfStorageName);
    if (!pdf) throw agreementNotFound();
    return { pdf, fileName: `convention-honoraires-${row.refAppointment}.pdf` };
  }

  private applicable(motive: MotiveAgreement, legalAid: boolean) {
    if (!this.enabled || motive.paymentRule === 'free' || motive.priceCents === null) return null;
    // Full legal aid: the law exempts the agreement (only where the motive takes legal aid; else booking refuses).
    if (legalAid && motive.acceptsLegalAid) return null;
    const version = motive.version;
    if (!version?.terms || !version.hash) return null;
    return version as VersionRow & { terms: string; hash: string };
  }

  private async fill(
    terms: string,
    motive: MotiveAgreement,
    userId: string,
    attendeeId: string,
    startsAt: Date,
  ): Promise<string> {
    const { pro, client } = await this.repository.names(userId, attendeeId);
    const clientName = [client?.firstName, client?.lastName].filter(Boolean).join(' ') || client?.email || '';
    return fillAgreement(terms, {
      professional: `Maître ${pro?.firstName ?? ''} ${pro?.lastName ?? ''}`.trim(),
      client: clientName,
      service: motive.title,
      priceCents: motive.priceCents!,
      startsAt,
    });
  }

  private present(version: VersionRow | undefined): MotiveAgreementDto {
    return {
      available: this.enabled,
      terms: version?.terms ?? null,
      versionHash: version?.hash ?? null,
      versionCreatedAt: version?.terms ? version.createdAt.toISOString() : null,
      model: this.enabled ? MODEL_TERMS : null,
    };
  }
}
