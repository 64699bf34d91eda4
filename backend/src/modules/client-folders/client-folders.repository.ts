import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../common/like-pattern';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import {
  appointments,
  attendees,
  clientFolders,
  folderDocumentAudit,
  folderDocuments,
  folderMessages,
  users,
} from '../../database/schema';

export type FolderRow = typeof clientFolders.$inferSelect;
export type DocumentRow = typeof folderDocuments.$inferSelect;
export type MessageRow = typeof folderMessages.$inferSelect;
export type FolderParty = 'user' | 'attendee';
export type AuditLine = typeof folderDocumentAudit.$inferInsert;

export interface FolderListRow extends FolderRow {
  clientFirstName: string | null;
  clientLastName: string | null;
  clientEmail: string;
  proFirstName: string | null;
  proLastName: string | null;
  documentsCount: number;
  unreadCount: number;
}

/**
 * A client's name and phone as their professional may see them. Booking online with a professional is the client's
 * choice to share their account's details with them; until then the professional sees what they typed on the
 * appointments they entered by hand (the latest), never the account behind the address they named.
 */
function clientAsSeenBy(userId: SQL | string, attendeeId: SQL | string) {
  const shared = sql`EXISTS (SELECT 1 FROM appointments sa JOIN appointment_details sd ON sd.appointment_id = sa.id
    WHERE sa.user_id = ${userId} AND sa.attendee_id = ${attendeeId} AND sd.created_by = 'attendee')`;
  const typed = (column: string) =>
    sql`(SELECT td.${sql.raw(column)} FROM appointments ta JOIN appointment_details td ON td.appointment_id = ta.id
      WHERE ta.user_id = ${userId} AND ta.attendee_id = ${attendeeId} AND td.created_by = 'user'
      ORDER BY ta.starts_at DESC LIMIT 1)`;
  return {
    firstName: sql<
      string | null
    >`CASE WHEN ${shared} THEN ${attendees.firstName} ELSE ${typed('contact_first_name')} END`,
    lastName: sql<
      string | null
    >`CASE WHEN ${shared} THEN ${attendees.lastName} ELSE ${typed('contact_last_name')} END`,
    phone: sql<string | null>`CASE WHEN ${shared} THEN ${attendees.phone} ELSE ${typed('contact_phone')} END`,
  };
}

/** The SQL of client folders, their documents, messages and audit lines. */
@Injectable()
export class ClientFoldersRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async folder(id: string): Promise<FolderRow | undefined> {
    const [row] = await this.db.select().from(clientFolders).where(eq(clientFolders.id, id));
    return row;
  }

  /** Folders of a professional (`user`) or of a client (`attendee`), newest activity first. */
  async list(
    party: FolderParty,
    accountId: string,
    filter: { q?: string; archived?: boolean },
  ): Promise<FolderListRow[]> {
    const conditions: SQL[] = [
      party === 'user' ? eq(clientFolders.userId, accountId) : eq(clientFolders.attendeeId, accountId),
    ];
    if (filter.archived === true) conditions.push(isNotNull(clientFolders.archivedAt));
    if (filter.archived === false) conditions.push(isNull(clientFolders.archivedAt));
    // The professional finds and reads their clients by what they may see of them (clientAsSeenBy).
    const client =
      party === 'user'
        ? clientAsSeenBy(sql`${clientFolders.userId}`, sql`${clientFolders.attendeeId}`)
        : {
            firstName: sql<string | null>`${attendees.firstName}`,
            lastName: sql<string | null>`${attendees.lastName}`,
          };
    if (filter.q) {
      const like = containsPattern(filter.q);
      conditions.push(
        or(
          ilike(clientFolders.title, like),
          ilike(clientFolders.reference, like),
          sql`${client.firstName} ILIKE ${like}`,
          sql`${client.lastName} ILIKE ${like}`,
          ilike(attendees.email, like),
        ) as SQL,
      );
    }
    const other: FolderParty = party === 'user' ? 'attendee' : 'user';
    return this.db
      .select({
        id: clientFolders.id,
        userId: clientFolders.userId,
        attendeeId: clientFolders.attendeeId,
        title: clientFolders.title,
        reference: clientFolders.reference,
        notes: clientFolders.notes,
        archivedAt: clientFolders.archivedAt,
        createdAt: clientFolders.createdAt,
        updatedAt: clientFolders.updatedAt,
        clientFirstName: client.firstName,
        clientLastName: client.lastName,
        clientEmail: attendees.email,
        proFirstName: users.firstName,
        proLastName: users.lastName,
        documentsCount: sql<number>`(SELECT count(*)::int FROM ${folderDocuments} d WHERE d.folder_id = ${clientFolders.id})`,
        unreadCount: sql<number>`(SELECT count(*)::int FROM ${folderMessages} m WHERE m.folder_id = ${clientFolders.id} AND m.author = ${other} AND m.read_at IS NULL)`,
      })
      .from(clientFolders)
      .innerJoin(attendees, eq(attendees.id, clientFolders.attendeeId))
      .innerJoin(users, eq(users.id, clientFolders.userId))
      .where(and(...conditions))
      .orderBy(desc(clientFolders.updatedAt))
      .limit(200);
  }

  async insertFolder(
    db: DbOrTx | undefined,
    values: {
      userId: string;
      attendeeId: string;
      title: string;
      reference?: string | null;
      notes?: string | null;
    },
  ): Promise<FolderRow> {
    const [row] = await (db ?? this.db).insert(clientFolders).values(values).returning();
    return row;
  }

  async updateFolder(
    id: string,
    patch: Partial<Pick<FolderRow, 'title' | 'reference' | 'notes' | 'archivedAt'>>,
  ): Promise<void> {
    await this.db
      .update(clientFolders)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(clientFolders.id, id));
  }

  async touch(db: DbOrTx, id: string): Promise<void> {
    await db.update(clientFolders).set({ updatedAt: new Date() }).where(eq(clientFolders.id, id));
  }

  /** The client's open folder with this professional (the latest), if any. */
  async openFolderOf(userId: string, attendeeId: string): Promise<FolderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(clientFolders)
      .where(
        and(
          eq(clientFolders.userId, userId),
          eq(clientFolders.attendeeId, attendeeId),
          isNull(clientFolders.archivedAt),
        ),
      )
      .orderBy(desc(clientFolders.createdAt))
      .limit(1);
    return row;
  }

  async appointmentParties(
    where: { id: string } | { ref: string },
  ): Promise<{ id: string; userId: string; attendeeId: string | null } | undefined> {
    const [row] = await this.db
      .select({ id: appointments.id, userId: appointments.userId, attendeeId: appointments.attendeeId })
      .from(appointments)
      .where('id' in where ? eq(appointments.id, where.id) : eq(appointments.refAppointment, where.ref));
    return row;
  }

  /** A client of this professional (someone with an appointment with them), by email. */
  async clientByEmail(userId: string, email: string): Promise<string | undefined> {
    const [row] = await this.db
      .selectDistinct({ id: attendees.id })
      .from(attendees)
      .innerJoin(appointments, eq(appointments.attendeeId, attendees.id))
      .where(and(eq(appointments.userId, userId), eq(attendees.email, email.toLowerCase())))
      .limit(1);
    return row?.id;
  }

  /**
   * The folder's two parties. `forProfessional`: the client as their professional may see them (clientAsSeenBy);
   * otherwise the account itself (the client's own view, the mails sent to them).
   */
  async parties(
    folder: Pick<FolderRow, 'userId' | 'attendeeId'>,
    forProfessional = false,
  ): Promise<{
    client: { firstName: string | null; lastName: string | null; email: string; phone: string | null };
    professional: { firstName: string | null; lastName: string | null; email: string };
  }> {
    const seen = forProfessional
      ? clientAsSeenBy(folder.userId, folder.attendeeId)
      : { firstName: attendees.firstName, lastName: attendees.lastName, phone: attendees.phone };
    const [client] = await this.db
      .select({ ...seen, email: attendees.email })
      .from(attendees)
      .where(eq(attendees.id, folder.attendeeId));
    const [professional] = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, folder.userId));
    return { client, professional };
  }

  /** Every appointment between the folder's professional and client, latest first. */
  async appointmentsOf(folder: FolderRow) {
    return this.db
      .select({
        id: appointments.id,
        refAppointment: appointments.refAppointment,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        status: appointments.status,
        mode: appointments.mode,
        title: appointments.title,
      })
      .from(appointments)
      .where(and(eq(appointments.userId, folder.userId), eq(appointments.attendeeId, folder.attendeeId)))
      .orderBy(desc(appointments.startsAt))
      .limit(100);
  }

  // ---- documents ----

  documents(folderId: string): Promise<DocumentRow[]> {
    return this.db
      .select()
      .from(folderDocuments)
      .where(eq(folderDocuments.folderId, folderId))
      .orderBy(desc(folderDocuments.createdAt));
  }

  async document(folderId: string, id: string): Promise<DocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(folderDocuments)
      .where(and(eq(folderDocuments.folderId, folderId), eq(folderDocuments.id, id)));
    return row;
  }

  async documentById(id: string): Promise<DocumentRow | undefined> {
    const [row] = await this.db.select().from(folderDocuments).where(eq(folderDocuments.id, id));
    return row;
  }

  /** Count and total size of a folder's documents, read under a lock of the folder row (limits hold under concurrency). */
  async lockUsage(tx: DbOrTx, folderId: string): Promise<{ count: number; bytes: number }> {
    await tx.execute(sql`SELECT 1 FROM ${clientFolders} WHERE id = ${folderId} FOR UPDATE`);
    const { rows } = await tx.execute<{ count: number; bytes: string | null }>(
      sql`SELECT count(*)::int AS count, sum(size_bytes)::bigint AS bytes FROM ${folderDocuments} WHERE folder_id = ${folderId}`,
    );
    return { count: rows[0].count, bytes: Number(rows[0].bytes ?? 0) };
  }

  async insertDocument(tx: DbOrTx, values: typeof folderDocuments.$inferInsert): Promise<DocumentRow> {
    const [row] = await tx.insert(folderDocuments).values(values).returning();
    return row;
  }

  async deleteDocument(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(folderDocuments).where(eq(folderDocuments.id, id));
  }

  async audit(db: DbOrTx | undefined, line: AuditLine): Promise<void> {
    await (db ?? this.db).insert(folderDocumentAudit).values(line);
  }

  auditLines(folderId: string) {
    return this.db
      .select()
      .from(folderDocumentAudit)
      .where(eq(folderDocumentAudit.folderId, folderId))
      .orderBy(asc(folderDocumentAudit.id));
  }

  // ---- messages ----

  messages(folderId: string): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(folderMessages)
      .where(eq(folderMessages.folderId, folderId))
      .orderBy(asc(folderMessages.createdAt), asc(folderMessages.id))
      .limit(500);
  }

  async insertMessage(tx: DbOrTx, values: { folderId: string; author: FolderParty; body: string }) {
    const [row] = await tx.insert(folderMessages).values(values).returning();
    return row;
  }

  async message(id: string): Promise<MessageRow | undefined> {
    const [row] = await this.db.select().from(folderMessages).where(eq(folderMessages.id, id));
    return row;
  }

  /** Marks the other side's messages as read by `reader`. */
  async markRead(folderId: string, reader: FolderParty): Promise<number> {
    const rows = await this.db
      .update(folderMessages)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(folderMessages.folderId, folderId),
          ne(folderMessages.author, reader),
          isNull(folderMessages.readAt),
        ),
      )
      .returning({ id: folderMessages.id });
    return rows.length;
  }

  // ---- attendee's data (GDPR) ----

  async storageNamesOfAttendee(attendeeId: string): Promise<string[]> {
    const rows = await this.db
      .select({ name: folderDocuments.storageName })
      .from(folderDocuments)
      .innerJoin(clientFolders, eq(clientFolders.id, folderDocuments.folderId))
      .where(eq(clientFolders.attendeeId, attendeeId));
    return rows.map((row) => row.name);
  }
}
