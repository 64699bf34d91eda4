import { and, eq, sql } from 'drizzle-orm';
import type { SectorKey } from '@rdv/sectors';
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
    '4 0 obj<</Length 56>>stream',
    'BT /F1 18 Tf 72 760 Td (Document du client - demo) Tj ET',
    'endstream endobj',
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj',
    'trailer<</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

/** What the demo folder is about, in each sector's trade (the demo account is the same in all four). */
const FOLDER_CONTENT: Record<
  SectorKey,
  {
    title: string;
    reference: string;
    notes: string;
    fileName: string;
    label: string;
    clientMessage: string;
    reply: string;
  }
> = {
  lawyer: {
    title: 'Litige locatif – dépôt de garantie',
    reference: 'LOC-2026-014',
    notes: 'Bailleur de mauvaise foi. Mise en demeure à envoyer avant la saisine du juge des contentieux.',
    fileName: 'document-demo-bail.pdf',
    label: 'Contrat de bail',
    clientMessage:
      'Bonjour Maître, voici le contrat de bail. Le propriétaire refuse toujours de rendre le dépôt de garantie.',
    reply: 'Merci, bien reçu. Pouvez-vous m’envoyer aussi l’état des lieux de sortie ?',
  },
  notary: {
    title: 'Succession Durand – maison de Vincennes',
    reference: 'SUC-2026-031',
    notes: 'Trois héritiers, accord sur la vente. Attestation immobilière à établir après l’estimation.',
    fileName: 'document-demo-titre-propriete.pdf',
    label: 'Titre de propriété',
    clientMessage: 'Bonjour Maître, voici le titre de propriété de la maison de mes parents.',
    reply: 'Merci, bien reçu. Pouvez-vous m’envoyer aussi le livret de famille ?',
  },
  bailiff: {
    title: 'Constat d’état des lieux – appartement rue Oberkampf',
    reference: 'CST-2026-022',
    notes:
      'Sortie du locataire le 30. Le bailleur conteste des dégradations : photos datées à joindre au constat.',
    fileName: 'document-demo-etat-des-lieux.pdf',
    label: 'État des lieux d’entrée',
    clientMessage: 'Bonjour Maître, voici l’état des lieux d’entrée signé en 2021.',
    reply: 'Merci, bien reçu. Pouvez-vous confirmer que le logement sera vide le jour du constat ?',
  },
  groomer: {
    title: 'Pixel – caniche nain',
    reference: 'CHIEN-2026-007',
    notes: 'Peau sensible : shampooing hypoallergénique. Supporte mal le séchoir, prévoir une pause.',
    fileName: 'document-demo-carnet-vaccination.pdf',
    label: 'Carnet de vaccination',
    clientMessage: 'Bonjour, voici le carnet de vaccination de Pixel.',
    reply: 'Merci, bien reçu. À samedi pour la tonte !',
  },
};

/**
 * The demo client's folder with the demo lawyer: a past appointment, a folder with a
 * reference and office notes, a PDF the client sent and an exchange (the lawyer's last message
 * unread). Left alone when the folder exists.
 */
export async function seedDemoFolder(
  db: Database,
  accounts: { professionalEmail: string; attendeeEmail: string },
  /** The document storage, already checked (onModuleInit); without it the folder has no file. */
  documents: FileStorage | undefined,
  sector: SectorKey = 'lawyer',
): Promise<boolean> {
  const content = FOLDER_CONTENT[sector];
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
      // A past consultation, three weeks ago at 10:00 Paris time, moved back to the Friday when that is a weekend.
      await tx.execute(sql`
        INSERT INTO ${appointments} (ref_appointment, user_id, calendar_id, attendee_id, status, mode, starts_at, ends_at, title, timezone)
        SELECT md5(random()::text), ${pro.id}, ${calendar.id}, ${client.id}, 'confirmed', 'in_person',
               s, s + interval '45 minutes', 'Première consultation', 'Europe/Paris'
          FROM (SELECT (d - make_interval(days => CASE extract(isodow FROM d) WHEN 6 THEN 1 WHEN 7 THEN 2 ELSE 0 END)
                        + interval '10 hours') AT TIME ZONE 'Europe/Paris' AS s
                  FROM (SELECT date_trunc('day', now() AT TIME ZONE 'Europe/Paris') - interval '21 days' AS d) days) t
        ON CONFLICT DO NOTHING`);
    }
    const [folder] = await tx
      .insert(clientFolders)
      .values({
        userId: pro.id,
        attendeeId: client.id,
        title: content.title,
        reference: content.reference,
        notes: content.notes,
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
          fileName: content.fileName,
          label: content.label,
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
        body: content.clientMessage,
        readAt: new Date(Date.now() - 2 * day),
        createdAt: new Date(Date.now() - 3 * day),
      },
      {
        folderId: folder.id,
        author: 'user',
        body: content.reply,
        readAt: null,
        createdAt: new Date(Date.now() - day),
      },
    ]);
    return true;
  });
}
