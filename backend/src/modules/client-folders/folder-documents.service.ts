import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../common/domain-error';
import type { StoredFile } from '../../common/file-storage';
import type { FileUpload, UploadedFile } from '../../common/multipart-upload';
import { ENV } from '../../config/config.module';
import { Transactions } from '../../database/database.module';
import type { Env } from '../../config/env.schema';
import { type AuthenticatedAccount, Sessions } from '../identity';
import { isUuid } from '@rdv/sectors';
import {
  ClientFoldersRepository,
  type DocumentRow,
  type FolderParty,
  type FolderRow,
} from './client-folders.repository';
import type { DownloadLinkDto, FolderDocumentDto } from './client-folders.dto';
import { ClientFoldersService, DocumentStorage } from './client-folders.service';
import { DOWNLOAD_LINK_TTL_MS, DownloadLinks, DownloadLinkUses, type LinkSession } from './download-links';
import { type DocumentType, InfectedUpload, streamDocumentToStorage } from './document-upload';
import {
  documentInfected,
  documentLabel,
  downloadName,
  FOLDER_MAX_BYTES,
  FOLDER_MAX_DOCUMENTS,
  folderFull,
} from './folder-documents';
import { documentDto, partyOf } from './folder-presenter';
import { VirusScanner } from './virus-scanner';

type StoredUpload = { storageName: string; type: DocumentType; size: number };

const documentNotFound = () => new NotFoundError('DOCUMENT_NOT_FOUND', 'Document introuvable');
const linkUsed = () =>
  new DomainError(
    'DOWNLOAD_LINK_USED',
    'Ce lien de téléchargement a déjà servi : redemandez-le depuis le dossier.',
    410,
  );
const linkInvalid = () =>
  new NotFoundError(
    'DOWNLOAD_LINK_INVALID',
    'Lien de téléchargement invalide ou expiré : redemandez-le depuis le dossier.',
  );

/**
 * The documents of a client folder: uploads (type read from the bytes, antivirus, quota), removals, and
 * single-use download links bound to the session that asked for them; every step leaves an audit line.
 * Who may reach the folder is decided by `ClientFoldersService.access`.
 */
@Injectable()
export class FolderDocumentsService {
  private readonly logger = new Logger(FolderDocumentsService.name);
  private readonly links: DownloadLinks;

  constructor(
    private readonly folders: ClientFoldersService,
    private readonly repository: ClientFoldersRepository,
    private readonly transactions: Transactions,
    private readonly storage: DocumentStorage,
    private readonly scanner: VirusScanner,
    private readonly linkUses: DownloadLinkUses,
    private readonly sessions: Sessions,
    @Inject(ENV) env: Env,
  ) {
    this.links = new DownloadLinks(env.JWT_SECRET);
  }

  async upload(
    actor: AuthenticatedAccount,
    folderId: string,
    upload: FileUpload,
  ): Promise<FolderDocumentDto> {
    // Access before reading a byte: a refused caller's file is never streamed anywhere.
    const { folder, party } = await this.folders.access(actor, folderId);
    return upload.open(async (file) => {
      const stored = await this.receive(file, folder, actor.id, party);
      return this.save(folder, party, actor.id, file.filename, stored);
    });
  }

  /**
   * Upload from the appointment page (/appointments/{ref}, "documents à transmettre à votre avocat"):
   * the reference is the client's secret; the document goes into their open folder with the
   * professional, created on the way.
   */
  async uploadByRef(ref: string, upload: FileUpload): Promise<FolderDocumentDto> {
    const appointment = /^[A-Za-z0-9_-]{1,64}$/.test(ref)
      ? await this.repository.appointmentParties({ ref })
      : undefined;
    if (!appointment?.attendeeId) throw new NotFoundError('APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable');
    return upload.open(async (file) => {
      // The file is checked (and stored) before any folder is opened: a refused upload writes nothing.
      const stored = await this.receive(file, undefined, appointment.attendeeId!);
      const folder = await this.folders.folderForAppointment({ ref }).catch(async (error: unknown) => {
        await this.storage.remove(stored.storageName);
        throw error;
      });
      if (!folder) {
        await this.storage.remove(stored.storageName);
        throw new NotFoundError('APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable');
      }
      return this.save(folder, 'attendee', folder.attendeeId, file.filename, stored);
    });
  }

  async remove(actor: AuthenticatedAccount, folderId: string, documentId: string): Promise<void> {
    const { folder, party } = await this.folders.access(actor, folderId);
    const document = isUuid(documentId) ? await this.repository.document(folder.id, documentId) : undefined;
    // The professional removes any document of the folder; the client only theirs.
    if (!document || (party === 'attendee' && document.uploadedBy !== 'attendee')) throw documentNotFound();
    await this.transactions.run(async (tx) => {
      await this.repository.deleteDocument(tx, document.id);
      await this.repository.audit(tx, {
        folderId: folder.id,
        documentId: document.id,
        action: 'delete',
        actorKind: actor.kind,
        actorId: actor.id,
        detail: document.fileName,
      });
    });
    await this.storage.remove(document.storageName);
  }

  /** A single-use link, bound to the session that asks for it (`session`: the guard's verified token). */
  async downloadLink(
    actor: AuthenticatedAccount,
    session: LinkSession,
    folderId: string,
    documentId: string,
  ): Promise<DownloadLinkDto> {
    const { folder } = await this.folders.access(actor, folderId);
    const document = isUuid(documentId) ? await this.repository.document(folder.id, documentId) : undefined;
    if (!document) throw documentNotFound();
    const expiresAt = Date.now() + DOWNLOAD_LINK_TTL_MS;
    const nonce = DownloadLinks.newNonce();
    await this.linkUses.remember(
      nonce,
      { jti: session.jti, issuedAt: session.issuedAt },
      DOWNLOAD_LINK_TTL_MS,
    );
    const token = this.links.issue({ documentId: document.id, account: actor, expiresAt, nonce });
    return { url: `/api/v1/folder-documents/${token}`, expires_at: new Date(expiresAt).toISOString() };
  }

  /**
   * The file behind a signed link, once, for its party only, while the session that asked for it is still
   * signed in; with an audit line.
   */
  async download(token: string): Promise<{ document: DocumentRow; file: StoredFile }> {
    const claim = this.links.verify(token, Date.now());
    if (!claim?.nonce || !isUuid(claim.documentId)) throw linkInvalid();
    const document = await this.repository.documentById(claim.documentId);
    if (!document) throw linkInvalid();
    const folder = await this.repository.folder(document.folderId);
    if (!folder || partyOf(claim.account, folder) === undefined) throw linkInvalid();
    // Taken out atomically before the file is opened: of two concurrent uses, one gets the file.
    const session = await this.linkUses.consume(claim.nonce);
    if (!session) throw linkUsed();
    const live = await this.sessions.isLive({
      kind: claim.account.kind,
      accountId: claim.account.id,
      jti: session.jti,
      issuedAt: session.issuedAt,
    });
    if (!live) throw linkInvalid();
    const file = await this.storage.open(document.storageName);
    if (!file) throw linkInvalid();
    await this.repository.audit(undefined, {
      folderId: folder.id,
      documentId: document.id,
      action: 'download',
      actorKind: claim.account.kind,
      actorId: claim.account.id,
      detail: document.fileName,
    });
    return { document, file };
  }

  // ---- internals ----

  /**
   * Streams the file to the storage through the type check and the antivirus (document-upload.ts); a
   * refusal by the antivirus gets an audit line. Nothing stays stored when it throws.
   */
  private async receive(
    file: UploadedFile,
    folder: FolderRow | undefined,
    actorId: string,
    party: FolderParty = 'attendee',
  ): Promise<StoredUpload> {
    try {
      return await streamDocumentToStorage(file, this.storage, this.scanner, (error) =>
        this.logger.error(`antivirus unavailable: ${error.message}`),
      );
    } catch (error) {
      if (!(error instanceof InfectedUpload)) throw error;
      this.logger.warn(`upload refused by the antivirus: ${error.signature}`);
      if (folder)
        await this.repository.audit(undefined, {
          folderId: folder.id,
          action: 'rejected',
          actorKind: party,
          actorId,
          detail: `antivirus: ${error.signature}`,
        });
      throw documentInfected();
    }
  }

  private async save(
    folder: FolderRow,
    party: FolderParty,
    actorId: string,
    uploaderFileName: string,
    { storageName, type, size }: StoredUpload,
  ): Promise<FolderDocumentDto> {
    const now = new Date();
    // The file is stored first, then the row: a crash between them leaves an orphan file, never a row
    // without its file.
    try {
      const row = await this.transactions.run(async (tx) => {
        const usage = await this.repository.lockUsage(tx, folder.id);
        if (usage.count + 1 > FOLDER_MAX_DOCUMENTS || usage.bytes + size > FOLDER_MAX_BYTES)
          throw folderFull();
        const inserted = await this.repository.insertDocument(tx, {
          folderId: folder.id,
          uploadedBy: party,
          storageName,
          fileName: downloadName(type.ext, now),
          label: documentLabel(uploaderFileName),
          mimeType: type.mime,
          sizeBytes: size,
        });
        await this.repository.audit(tx, {
          folderId: folder.id,
          documentId: inserted.id,
          action: 'upload',
          actorKind: party,
          actorId,
          detail: `${inserted.fileName} (${type.mime}, ${size} octets)`,
        });
        await this.repository.touch(tx, folder.id);
        return inserted;
      });
      return documentDto(row);
    } catch (error) {
      await this.storage.remove(storageName);
      throw error;
    }
  }
}
