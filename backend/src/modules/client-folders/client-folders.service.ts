import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../common/domain-error';
import { FileStorage, type StoredFile } from '../../common/file-storage';
import { ENV } from '../../config/config.module';
import { Transactions } from '../../database/database.module';
import type { Env } from '../../config/env.schema';
import { type AuthenticatedAccount, Sessions } from '../identity';
import { OutboxService } from '../outbox';
import {
  ClientFoldersRepository,
  type DocumentRow,
  type FolderListRow,
  type FolderParty,
  type FolderRow,
  type MessageRow,
} from './client-folders.repository';
import type {
  ClientHistoryDto,
  CreateFolderDto,
  FolderAppointmentDto,
  DownloadLinkDto,
  FolderDetailDto,
  FolderDocumentDto,
  FolderDto,
  FolderMessageDto,
  FolderQueryDto,
  UpdateFolderDto,
  UploadDocumentDto,
} from './client-folders.dto';
import { DOWNLOAD_LINK_TTL_MS, DownloadLinks, DownloadLinkUses, type LinkSession } from './download-links';
import {
  antivirusUnavailable,
  decodeDocument,
  detectDocumentType,
  documentInfected,
  documentLabel,
  downloadName,
  FOLDER_MAX_BYTES,
  FOLDER_MAX_DOCUMENTS,
  folderFull,
  newStorageName,
} from './folder-documents';
import { FOLDER_MESSAGE_JOB } from './folder-message.mail';
import { VirusScanner } from './virus-scanner';
import { isUuid } from '@rdv/sectors';

/** The storage port's token for folder documents (local disk under DOCUMENTS_DIR by default). */
export abstract class DocumentStorage extends FileStorage {}

export const folderNotFound = () => new NotFoundError('FOLDER_NOT_FOUND', 'Dossier introuvable');
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
 * Client folders: a professional's folder per client, with their appointments, documents
 * and exchanges. Only the folder's two parties reach it (the professional who owns it, the client it
 * is about); anyone else, administrators included, gets FOLDER_NOT_FOUND (lawyer-client privilege).
 */
@Injectable()
export class ClientFoldersService {
  private readonly logger = new Logger(ClientFoldersService.name);
  private readonly links: DownloadLinks;

  constructor(
    private readonly repository: ClientFoldersRepository,
    private readonly transactions: Transactions,
    private readonly storage: DocumentStorage,
    private readonly scanner: VirusScanner,
    private readonly outbox: OutboxService,
    private readonly linkUses: DownloadLinkUses,
    private readonly sessions: Sessions,
    @Inject(ENV) env: Env,
  ) {
    this.links = new DownloadLinks(env.JWT_SECRET);
  }

  // ---- folders ----

  async list(party: FolderParty, accountId: string, query: FolderQueryDto): Promise<FolderDto[]> {
    const status = query.status ?? 'open';
    const rows = await this.repository.list(party, accountId, {
      q: query.q?.trim() || undefined,
      archived: status === 'all' ? undefined : status === 'archived',
    });
    return rows.map((row) => folderDto(row, party));
  }

  async create(userId: string, dto: CreateFolderDto): Promise<FolderDetailDto> {
    const attendeeId = await this.repository.clientByEmail(userId, dto.attendee_email);
    if (!attendeeId)
      throw new DomainError(
        'CLIENT_NOT_FOUND',
        'Aucun de vos clients n’a cet email : un dossier s’ouvre pour une personne ayant pris rendez-vous avec vous.',
        400,
      );
    const folder = await this.repository.insertFolder(undefined, {
      userId,
      attendeeId,
      title: dto.title.trim(),
      reference: dto.reference?.trim() || null,
      notes: dto.notes ?? null,
    });
    return this.detail({ kind: 'user', id: userId }, folder.id);
  }

  /** "Ouvrir un dossier" from an appointment: the client's open folder with this professional, or a new one. */
  async openFromAppointment(userId: string, appointmentId: string): Promise<FolderDetailDto> {
    const folder = await this.folderForAppointment({ id: appointmentId });
    if (!folder || folder.userId !== userId)
      throw new NotFoundError('APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable');
    return this.detail({ kind: 'user', id: userId }, folder.id);
  }

  /** The attendee dialog of /user/events: the client's history with this professional and their folder. */
  async clientOfAppointment(userId: string, appointmentId: string): Promise<ClientHistoryDto> {
    const appointment = await this.repository.appointmentParties({ id: appointmentId });
    if (!appointment || appointment.userId !== userId || !appointment.attendeeId)
      throw new NotFoundError('APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable');
    const pair = { userId, attendeeId: appointment.attendeeId } as FolderRow;
    const [{ client }, appointments, folder] = await Promise.all([
      this.repository.parties(pair, true),
      this.repository.appointmentsOf(pair),
      this.repository.openFolderOf(userId, appointment.attendeeId),
    ]);
    return {
      client: {
        id: appointment.attendeeId,
        first_name: client.firstName,
        last_name: client.lastName,
        email: client.email,
      },
      phone: client.phone,
      appointments: appointments.map(appointmentDto),
      folder: folder ? { id: folder.id, title: folder.title } : null,
    };
  }

  async detail(actor: AuthenticatedAccount, folderId: string): Promise<FolderDetailDto> {
    const { folder, party } = await this.access(actor, folderId);
    const [{ client, professional }, appointments, documents, messages] = await Promise.all([
      this.repository.parties(folder, party === 'user'),
      this.repository.appointmentsOf(folder),
      this.repository.documents(folder.id),
      this.repository.messages(folder.id),
    ]);
    const other: FolderParty = party === 'user' ? 'attendee' : 'user';
    const row: FolderListRow = {
      ...folder,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      clientEmail: client.email,
      proFirstName: professional.firstName,
      proLastName: professional.lastName,
      documentsCount: documents.length,
      unreadCount: messages.filter((message) => message.author === other && !message.readAt).length,
    };
    return {
      ...folderDto(row, party),
      appointments: appointments.map(appointmentDto),
      documents: documents.map(documentDto),
      messages: messages.map(messageDto),
    };
  }

  async update(
    actor: AuthenticatedAccount,
    folderId: string,
    dto: UpdateFolderDto,
  ): Promise<FolderDetailDto> {
    const { folder, party } = await this.access(actor, folderId);
    if (party !== 'user') throw folderNotFound();
    await this.repository.updateFolder(folder.id, {
      ...(dto.title !== undefined ? { title: dto.title.trim() } : {}),
      ...(dto.reference !== undefined ? { reference: dto.reference?.trim() || null } : {}),
      ...(dto.notes !== undefined ? { notes: dto.notes } : {}),
      ...(dto.archived !== undefined
        ? { archivedAt: dto.archived ? (folder.archivedAt ?? new Date()) : null }
        : {}),
    });
    return this.detail(actor, folder.id);
  }

  // ---- documents ----

  async upload(
    actor: AuthenticatedAccount,
    folderId: string,
    dto: UploadDocumentDto,
  ): Promise<FolderDocumentDto> {
    const { folder, party } = await this.access(actor, folderId);
    return this.store(folder, party, actor.id, dto);
  }

  /**
   * Upload from the appointment page (/appointments/{ref}, "documents à transmettre à votre avocat"):
   * the reference is the client's secret; the document goes into their open folder with the
   * professional, created on the way.
   */
  async uploadByRef(ref: string, dto: UploadDocumentDto): Promise<FolderDocumentDto> {
    const appointment = /^[A-Za-z0-9_-]{1,64}$/.test(ref)
      ? await this.repository.appointmentParties({ ref })
      : undefined;
    if (!appointment?.attendeeId) throw new NotFoundError('APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable');
    // The file is checked before any folder is opened: a refused upload writes nothing.
    const checked = await this.check(dto, undefined, appointment.attendeeId);
    const folder = await this.folderForAppointment({ ref });
    if (!folder) throw new NotFoundError('APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable');
    return this.save(folder, 'attendee', folder.attendeeId, dto, checked);
  }

  async remove(actor: AuthenticatedAccount, folderId: string, documentId: string): Promise<void> {
    const { folder, party } = await this.access(actor, folderId);
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
    const { folder } = await this.access(actor, folderId);
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

  // ---- messages ----

  async postMessage(actor: AuthenticatedAccount, folderId: string, body: string): Promise<FolderMessageDto> {
    const { folder, party } = await this.access(actor, folderId);
    const message = await this.transactions.run(async (tx) => {
      const row = await this.repository.insertMessage(tx, {
        folderId: folder.id,
        author: party,
        body: body.trim(),
      });
      await this.repository.touch(tx, folder.id);
      // The mail says who wrote, never what: the content stays behind the sign-in.
      await this.outbox.enqueue(tx, {
        queue: 'notifications',
        jobName: FOLDER_MESSAGE_JOB,
        payload: { messageId: row.id },
      });
      return row;
    });
    return messageDto(message);
  }

  async markRead(actor: AuthenticatedAccount, folderId: string): Promise<{ marked: number }> {
    const { folder, party } = await this.access(actor, folderId);
    return { marked: await this.repository.markRead(folder.id, party) };
  }

  // ---- for other modules ----

  /** Storage names of every document in the attendee's folders (GDPR erasure removes the files). */
  storageNamesOfAttendee(attendeeId: string): Promise<string[]> {
    return this.repository.storageNamesOfAttendee(attendeeId);
  }

  async removeStoredFiles(names: string[]): Promise<void> {
    for (const name of names) await this.storage.remove(name);
  }

  /** Throws FOLDER_NOT_FOUND unless the account is one of the folder's two parties (FolderAccessGuard). */
  async assertParty(actor: AuthenticatedAccount, folderId: string): Promise<void> {
    await this.access(actor, folderId);
  }

  // ---- internals ----

  private async access(
    actor: AuthenticatedAccount,
    folderId: string,
  ): Promise<{ folder: FolderRow; party: FolderParty }> {
    const folder = isUuid(folderId) ? await this.repository.folder(folderId) : undefined;
    const party = folder ? partyOf(actor, folder) : undefined;
    if (!folder || !party) throw folderNotFound();
    return { folder, party };
  }

  private async folderForAppointment(
    where: { id: string } | { ref: string },
  ): Promise<FolderRow | undefined> {
    if ('id' in where && !isUuid(where.id)) return undefined;
    if ('ref' in where && !/^[A-Za-z0-9_-]{1,64}$/.test(where.ref)) return undefined;
    const appointment = await this.repository.appointmentParties(where);
    if (!appointment?.attendeeId) return undefined;
    const existing = await this.repository.openFolderOf(appointment.userId, appointment.attendeeId);
    if (existing) return existing;
    const folder = { userId: appointment.userId, attendeeId: appointment.attendeeId };
    // Its title is the professional's to read: the client as they may see them.
    const client = await this.repository.parties(folder, true);
    const name =
      [client.client.firstName, client.client.lastName].filter(Boolean).join(' ') || client.client.email;
    return this.repository.insertFolder(undefined, { ...folder, title: `Dossier ${name}` });
  }

  private async store(
    folder: FolderRow,
    party: FolderParty,
    actorId: string,
    dto: UploadDocumentDto,
  ): Promise<FolderDocumentDto> {
    const checked = await this.check(dto, folder, actorId, party);
    return this.save(folder, party, actorId, dto, checked);
  }

  /** Decodes, detects the type from the bytes and scans; a refusal by the antivirus gets an audit line. */
  private async check(
    dto: UploadDocumentDto,
    folder: FolderRow | undefined,
    actorId: string,
    party: FolderParty = 'attendee',
  ): Promise<{ bytes: Buffer; type: { mime: string; ext: string } }> {
    const bytes = decodeDocument(dto.data);
    const type = await detectDocumentType(bytes);
    let verdict;
    try {
      verdict = await this.scanner.scan(bytes);
    } catch (error) {
      this.logger.error(`antivirus unavailable: ${(error as Error).message}`);
      throw antivirusUnavailable();
    }
    if (!verdict.clean) {
      this.logger.warn(`upload refused by the antivirus: ${verdict.signature}`);
      if (folder)
        await this.repository.audit(undefined, {
          folderId: folder.id,
          action: 'rejected',
          actorKind: party,
          actorId,
          detail: `antivirus: ${verdict.signature}`,
        });
      throw documentInfected();
    }
    return { bytes, type };
  }

  private async save(
    folder: FolderRow,
    party: FolderParty,
    actorId: string,
    dto: UploadDocumentDto,
    { bytes, type }: { bytes: Buffer; type: { mime: string; ext: string } },
  ): Promise<FolderDocumentDto> {
    const now = new Date();
    const storageName = newStorageName(type.ext);
    // The file first, then the row: a crash between them leaves an orphan file, never a row without its file.
    await this.storage.put(storageName, bytes);
    try {
      const row = await this.transactions.run(async (tx) => {
        const usage = await this.repository.lockUsage(tx, folder.id);
        if (usage.count + 1 > FOLDER_MAX_DOCUMENTS || usage.bytes + bytes.length > FOLDER_MAX_BYTES)
          throw folderFull();
        const inserted = await this.repository.insertDocument(tx, {
          folderId: folder.id,
          uploadedBy: party,
          storageName,
          fileName: downloadName(type.ext, now),
          label: documentLabel(dto.file_name),
          mimeType: type.mime,
          sizeBytes: bytes.length,
        });
        await this.repository.audit(tx, {
          folderId: folder.id,
          documentId: inserted.id,
          action: 'upload',
          actorKind: party,
          actorId,
          detail: `${inserted.fileName} (${type.mime}, ${bytes.length} octets)`,
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

function partyOf(actor: AuthenticatedAccount, folder: FolderRow): FolderParty | undefined {
  if (actor.kind === 'user' && actor.id === folder.userId) return 'user';
  if (actor.kind === 'attendee' && actor.id === folder.attendeeId) return 'attendee';
  return undefined;
}

function folderDto(row: FolderListRow, party: FolderParty): FolderDto {
  return {
    id: row.id,
    title: row.title,
    reference: row.reference,
    notes: party === 'user' ? row.notes : null,
    archived: row.archivedAt !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    client: {
      id: row.attendeeId,
      first_name: row.clientFirstName,
      last_name: row.clientLastName,
      email: row.clientEmail,
    },
    professional: { id: row.userId, first_name: row.proFirstName, last_name: row.proLastName },
    documents_count: row.documentsCount,
    unread_count: row.unreadCount,
  };
}

function appointmentDto(appointment: {
  id: string;
  refAppointment: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
  mode: string;
  title: string | null;
}): FolderAppointmentDto {
  return {
    id: appointment.id,
    refAppointment: appointment.refAppointment,
    start: appointment.startsAt.toISOString(),
    end: appointment.endsAt.toISOString(),
    status: appointment.status,
    mode: appointment.mode,
    title: appointment.title,
  };
}

function documentDto(row: DocumentRow): FolderDocumentDto {
  return {
    id: row.id,
    label: row.label,
    file_name: row.fileName,
    mime_type: row.mimeType,
    size: row.sizeBytes,
    uploaded_by: row.uploadedBy,
    created_at: row.createdAt.toISOString(),
  };
}

function messageDto(row: MessageRow): FolderMessageDto {
  return {
    id: row.id,
    author: row.author,
    body: row.body,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
