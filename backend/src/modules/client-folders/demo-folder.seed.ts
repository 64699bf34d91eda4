import { and, eq, sql } from 'drizzle-orm';
import type { FileStorage } from '../../common/file-storage';
import type { Database } from '../../database/database.types';
import {
  appointments,
  attendees,
  calendars,
  clientFolders,
  folderDocumentAudit,
  folderDocuments,
  folderMessages,
  users,
} from '../../database/schema';
import { newStorageName } from './folder-documents';

/** A one-page PDF, as a client would send it. */
const DEMO_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj',
    '4 0 obj<</Length 60>>stream',
    'BT /F1 18 Tf 72 760 Td (Contrat de bail - document de demo) Tj ET',
    'endstream endobj',
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj',
    'trailer<</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

/**
 * The demo client's folder with the demo lawyer (issue 15): a past appointment, a folder with a
 * reference and office notes, a PDF the client sent and an exchange (the lawyer's last message
 * unread). Left alone when the folder exists.
 */
export async function seedDemoFolder(
  db: Database,
  accounts: { professionalEmail: string; attendeeEmail: string },
  /** The document storage, already checked (onModuleInit); without it the folder has no file. */
  documents: FileStorage | undefined,
): Promise<boolean> {
  const [pro] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, accounts.professionalEmail));
  const [client] = await db
    .select({ id: attendees.id })
    .from(attendees)
    .where(eq(attendees.email, accounts.attendeeEmail));
  if (!pro || !client) return false;
  const [existing] = await db
    .select({ id: clientFolders.id })
    .from(clientFolders)
    .where(and(eq(clientFolders.userId, pro.id), eq(clientFolders.attendeeId, client.id)));
  if (existing) return false;
  const [calendar] = await db
    .select({ id: calendars.id })
    .from(calendars)
    .where(eq(calendars.userId, pro.id))
    .limit(1);
  return db.transaction(async (tx) => {
    if (calendar) {
      // A past consultation, three weeks ago at 10:00 Paris time.
      await tx.execute(sql`
        INSERT INTO ${appointments} (ref_appointment, user_id, calendar_id, attendee_id, status, mode, starts_at, ends_at, title, timezone)
        SELECT md5(random()::text), ${pro.id}, ${calendar.id}, ${client.id}, 'confirmed', 'in_person',
               s, s + interval '45 minutes', 'Première consultation', 'Europe/Paris'
          FROM (SELECT (date_trunc('day', now() AT TIME ZONE 'Europe/Paris') - interval '21 days' + interval '10 hours')
                       AT TIME ZONE 'Europe/Paris' AS s) t
        ON CONFLICT DO NOTHING`);
    }
    const [folder] = await tx
      .insert(clientFolders)
      .values({
        userId: pro.id,
        attendeeId: client.id,
        title: 'Litige locatif – dépôt de garantie',
        reference: 'LOC-2026-014',
        notes:
          'Bailleur de mauvaise foi. Mise en demeure à envoyer avant la saisine du juge des contentieux.',
      })
      .returning();
    if (documents) {
      const storageName = newStorageName('pdf');
      await documents.put(storageName, DEMO_PDF);
      const [document] = await tx
        .insert(folderDocuments)
        .values({
          folderId: folder.id,
          uploadedBy: 'attendee',
          storageName,
          fileName: 'document-demo-bail.pdf',
          label: 'Contrat de bail',
          mimeType: 'application/pdf',
          sizeBytes: DEMO_PDF.length,
        })
        .returning();
      await tx.insert(folderDocumentAudit).values({
        folderId: folder.id,
        documentId: document.id,
        action: 'upload',
        actorKind: 'attendee',
        actorId: client.id,
        detail: `${document.fileName} (application/pdf, ${DEMO_PDF.length} octets)`,
      });
    }
    const day = 24 * 3600 * 1000;
    await tx.insert(folderMessages).values([
      {
        folderId: folder.id,
        author: 'attendee',
        body: 'Bonjour Maître, voici le contrat de bail. Le propriétaire refuse toujours de rendre le dépôt de garantie.',
        readAt: new Date(Date.now() - 2 * day),
        createdAt: new Date(Date.now() - 3 * day),
      },
      {
        folderId: folder.id,
        author: 'user',
        body: 'Merci, bien reçu. Pouvez-vous m’envoyer aussi l’état des lieux de sortie ?',
        readAt: null,
        createdAt: new Date(Date.now() - day),
      },
    ]);
    return true;
  });
}
