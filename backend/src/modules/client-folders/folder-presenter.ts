import type { AuthenticatedAccount } from '../identity';
import type {
  DocumentRow,
  FolderListRow,
  FolderParty,
  FolderRow,
  MessageRow,
} from './client-folders.repository';
import type {
  FolderAppointmentDto,
  FolderDocumentDto,
  FolderDto,
  FolderMessageDto,
} from './client-folders.dto';

/** Which of the folder's two parties the account is, if any (administrators are neither). */
export function partyOf(actor: AuthenticatedAccount, folder: FolderRow): FolderParty | undefined {
  if (actor.kind === 'user' && actor.id === folder.userId) return 'user';
  if (actor.kind === 'attendee' && actor.id === folder.attendeeId) return 'attendee';
  return undefined;
}

export function folderDto(row: FolderListRow, party: FolderParty): FolderDto {
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

export function appointmentDto(appointment: {
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

export function documentDto(row: DocumentRow): FolderDocumentDto {
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

export function messageDto(row: MessageRow): FolderMessageDto {
  return {
    id: row.id,
    author: row.author,
    body: row.body,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
