import { Injectable } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../common/domain-error';
import { DocumentStorage } from './document-storage';
import { Transactions } from '../../database/database.module';
import type { AuthenticatedAccount } from '../identity';
import { OutboxService } from '../outbox';
import {
  ClientFoldersRepository,
  type FolderListRow,
  type FolderParty,
  type FolderRow,
} from './client-folders.repository';
import type {
  ClientHistoryDto,
  CreateFolderDto,
  FolderDetailDto,
  FolderDto,
  FolderMessageDto,
  FolderQueryDto,
  UpdateFolderDto,
} from './client-folders.dto';
import { openFolderForAppointment } from './folder-filing';
import { FOLDER_MESSAGE_JOB } from './folder-message.mail';
import { appointmentDto, documentDto, folderDto, messageDto, partyOf } from './folder-presenter';
import { isUuid } from '@rdv/sectors';

export { DocumentStorage } from './document-storage';

export const folderNotFound = () => new NotFoundError('FOLDER_NOT_FOUND', 'Dossier introuvable');

/**
 * Client folders: a professional's folder per client, with their appointments, documents
 * and exchanges. Only the folder's two parties reach it (the professional who owns it, the client it
 * is about); anyone else, administrators included, gets FOLDER_NOT_FOUND (lawyer-client privilege).
 */
@Injectable()
export class ClientFoldersService {
  constructor(
    private readonly repository: ClientFoldersRepository,
    private readonly transactions: Transactions,
    private readonly storage: DocumentStorage,
    private readonly outbox: OutboxService,
  ) {}

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

  /** The folder and the account's side of it; FOLDER_NOT_FOUND for anyone else. */
  async access(
    actor: AuthenticatedAccount,
    folderId: string,
  ): Promise<{ folder: FolderRow; party: FolderParty }> {
    const folder = isUuid(folderId) ? await this.repository.folder(folderId) : undefined;
    const party = folder ? partyOf(actor, folder) : undefined;
    if (!folder || !party) throw folderNotFound();
    return { folder, party };
  }

  /** The client's open folder with the professional of an appointment, opened on the way. */
  async folderForAppointment(where: { id: string } | { ref: string }): Promise<FolderRow | undefined> {
    return openFolderForAppointment(this.repository, where);
  }
}
