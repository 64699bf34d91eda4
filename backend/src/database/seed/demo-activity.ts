import { and, eq, sql } from 'drizzle-orm';
import { getSector, type SectorKey } from '@rdv/sectors';
import type { Database } from '../database.types';
import { attendees, calendars, calls, clientFolders, motives, users, visioSettings } from '../schema';

/** The demo lawyer's own meeting room (a demo address: no video service answers there). */
export const DEMO_VISIO_ROOM = 'https://visio.demo.rdv-avocat.fr/salle-du-cabinet';

/** Fictitious clients of the demo lawyer (no password: they never sign in). */
const DEMO_CLIENTS = [
  { civility: 'M.', firstName: 'Julien', lastName: 'Moreau', email: 'julien.moreau@demo.rdv-avocat.fr' },
  { civility: 'Mme', firstName: 'Sarah', lastName: 'Benali', email: 'sarah.benali@demo.rdv-avocat.fr' },
  { civility: 'M.', firstName: 'Thomas', lastName: 'Lambert', email: 'thomas.lambert@demo.rdv-avocat.fr' },
  { civility: 'Mme', firstName: 'Claire', lastName: 'Fontaine', email: 'claire.fontaine@demo.rdv-avocat.fr' },
  { civility: 'M.', firstName: 'Karim', lastName: 'Haddad', email: 'karim.haddad@demo.rdv-avocat.fr' },
  { civility: 'Mme', firstName: 'Élise', lastName: 'Perrin', email: 'elise.perrin@demo.rdv-avocat.fr' },
];

/**
 * The demo lawyer's agenda as a practice's week looks: past consultations, requests awaiting validation and
 * confirmed meetings over the coming working days, in office hours ({ working days from today, Paris time,
 * status, mode, client, motive }). `workdays` counts Monday to Friday only, so nothing falls on a weekend
 * whatever day the seed runs; on a Tuesday the morning ones move to the afternoon (`tuesdayAt`): the demo
 * calendar holds the weekly hearing on Tuesday mornings. Fixed references make the seed idempotent.
 */
const DEMO_APPOINTMENTS: readonly {
  ref: string;
  workdays: number;
  at: string;
  tuesdayAt?: string;
  status: 'confirmed' | 'pending' | 'cancelled';
  mode: 'in_person' | 'visio' | 'phone';
  client: number;
  motive: number;
}[] = [
  {
    ref: 'DEMOWEEKPASTRDVA',
    workdays: -10,
    at: '14:00',
    status: 'confirmed',
    mode: 'in_person',
    client: 0,
    motive: 0,
  },
  {
    ref: 'DEMOWEEKPASTRDVB',
    workdays: -4,
    at: '11:00',
    tuesdayAt: '16:00',
    status: 'confirmed',
    mode: 'visio',
    client: 1,
    motive: 1,
  },
  {
    ref: 'DEMOWEEKPASTRDVC',
    workdays: -2,
    at: '16:30',
    status: 'cancelled',
    mode: 'phone',
    client: 2,
    motive: 2,
  },
  {
    ref: 'DEMOWEEKPASTRDVD',
    workdays: -1,
    at: '10:00',
    tuesdayAt: '15:00',
    status: 'confirmed',
    mode: 'in_person',
    client: 3,
    motive: 0,
  },
  {
    ref: 'DEMOWEEKNEXTRDVA',
    workdays: 1,
    at: '09:30',
    tuesdayAt: '15:15',
    status: 'confirmed',
    mode: 'in_person',
    client: 1,
    motive: 0,
  },
  {
    ref: 'DEMOWEEKNEXTRDVB',
    workdays: 1,
    at: '14:30',
    status: 'confirmed',
    mode: 'visio',
    client: 4,
    motive: 1,
  },
  {
    ref: 'DEMOWEEKNEXTRDVC',
    workdays: 1,
    at: '16:30',
    status: 'confirmed',
    mode: 'phone',
    client: 5,
    motive: 2,
  },
  {
    ref: 'DEMOWEEKNEXTRDVD',
    workdays: 2,
    at: '10:00',
    tuesdayAt: '16:00',
    status: 'pending',
    mode: 'in_person',
    client: 0,
    motive: 0,
  },
  {
    ref: 'DEMOWEEKNEXTRDVE',
    workdays: 2,
    at: '15:00',
    status: 'confirmed',
    mode: 'in_person',
    client: 3,
    motive: 1,
  },
  {
    ref: 'DEMOWEEKNEXTRDVF',
    workdays: 3,
    at: '11:30',
    tuesdayAt: '15:15',
    status: 'pending',
    mode: 'phone',
    client: 1,
    motive: 2,
  },
  {
    ref: 'DEMOWEEKNEXTRDVG',
    workdays: 3,
    at: '14:00',
    status: 'confirmed',
    mode: 'visio',
    client: 2,
    motive: 1,
  },
  {
    ref: 'DEMOWEEKNEXTRDVH',
    workdays: 4,
    at: '09:30',
    tuesdayAt: '14:30',
    status: 'confirmed',
    mode: 'in_person',
    client: 5,
    motive: 0,
  },
  {
    ref: 'DEMOWEEKNEXTRDVI',
    workdays: 4,
    at: '17:00',
    status: 'pending',
    mode: 'visio',
    client: 4,
    motive: 1,
  },
  {
    ref: 'DEMOWEEKNEXTRDVJ',
    workdays: 5,
    at: '15:30',
    status: 'confirmed',
    mode: 'in_person',
    client: 0,
    motive: 1,
  },
];

/** The folders the demo professional keeps for some of these clients (title, reference, notes), per trade. */
const DEMO_FOLDERS: Record<SectorKey, { client: number; title: string; reference: string; notes: string }[]> =
  {
    lawyer: [
      {
        client: 0,
        title: 'Licenciement – contestation aux prud’hommes',
        reference: 'PRUD-2026-014',
        notes:
          'Saisine du conseil de prud’hommes à préparer ; pièces : contrat, bulletins, lettre de licenciement.',
      },
      {
        client: 1,
        title: 'Bail commercial – renouvellement',
        reference: 'BAIL-2026-022',
        notes: 'Congé avec offre de renouvellement reçu ; vérifier le déplafonnement du loyer.',
      },
      {
        client: 3,
        title: 'Divorce par consentement mutuel',
        reference: 'FAM-2026-031',
        notes: 'Convention en cours de rédaction avec le confrère de l’époux.',
      },
    ],
    notary: [
      {
        client: 0,
        title: 'Succession Moreau',
        reference: 'SUCC-2026-014',
        notes: 'Acte de notoriété signé ; déclaration de succession à déposer.',
      },
      {
        client: 1,
        title: 'Vente d’un appartement',
        reference: 'VENTE-2026-022',
        notes: 'Compromis signé ; conditions suspensives en cours.',
      },
      {
        client: 3,
        title: 'Donation aux enfants',
        reference: 'DON-2026-031',
        notes: 'Évaluation du bien demandée à l’agence.',
      },
    ],
    bailiff: [
      {
        client: 0,
        title: 'Constat de dégât des eaux',
        reference: 'CONST-2026-014',
        notes: 'Constat réalisé ; rapport transmis à l’assureur.',
      },
      {
        client: 1,
        title: 'Recouvrement d’une créance',
        reference: 'RECOUV-2026-022',
        notes: 'Relance amiable envoyée ; délai de quinze jours.',
      },
      {
        client: 3,
        title: 'État des lieux de sortie',
        reference: 'EDL-2026-031',
        notes: 'Rendez-vous à fixer avec le locataire sortant.',
      },
    ],
    groomer: [
      {
        client: 0,
        title: 'Fiche de Filou (caniche)',
        reference: 'CHIEN-014',
        notes: 'Tonte courte, peau sensible : shampoing doux.',
      },
      {
        client: 1,
        title: 'Fiche de Pixel (chat européen)',
        reference: 'CHAT-022',
        notes: 'Démêlage tous les deux mois.',
      },
      {
        client: 3,
        title: 'Fiche de Nala (golden retriever)',
        reference: 'CHIEN-031',
        notes: 'Bain et brossage ; craint le séchoir.',
      },
    ],
  };

/** The Paris calendar day (YYYY-MM-DD) `offset` working days (Monday to Friday) from `today`; 0 is today. */
export function workdayFrom(today: string, offset: number): string {
  const day = new Date(`${today}T12:00:00Z`);
  const step = offset < 0 ? -1 : 1;
  for (let left = Math.abs(offset); left > 0;) {
    day.setUTCDate(day.getUTCDate() + step);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/** Today's date in Paris (YYYY-MM-DD). */
export function parisToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);
}

/** Phone reveals per day over 90 days: a weekly rhythm (fewer on weekends), deterministic. */
function callsOnDay(daysAgo: number): number {
  const weekday = (7 - (daysAgo % 7)) % 7;
  const base = weekday >= 5 ? 0 : 1 + ((daysAgo * 7) % 4);
  return daysAgo < 30 ? base + 1 : base;
}

/**
 * The demo lawyer's dashboard shows real figures: appointments past, awaiting and upcoming,
 * and calls over the last 90 days. Left alone when already there.
 */
/** A sector without remote appointments (groomers) shows its demo meetings at the salon. */
export function demoMeetingMode(mode: string, sector: SectorKey): string {
  return getSector(sector).remoteAppointments ? mode : 'in_person';
}

export async function seedDemoActivity(
  db: Database,
  professionalEmail: string,
  sector: SectorKey = 'lawyer',
): Promise<{ appointments: number; calls: number }> {
  const [pro] = await db.select({ id: users.id }).from(users).where(eq(users.email, professionalEmail));
  if (!pro) return { appointments: 0, calls: 0 };
  const [calendar] = await db
    .select({ id: calendars.id })
    .from(calendars)
    .where(eq(calendars.userId, pro.id))
    .limit(1);
  const motiveRows = await db
    .select({ id: motives.id, title: motives.title, minutes: motives.durationMinutes })
    .from(motives)
    .where(eq(motives.userId, pro.id))
    .orderBy(motives.position);
  const today = parisToday();
  return db.transaction(async (tx) => {
    const clientIds: string[] = [];
    for (const client of DEMO_CLIENTS) {
      const [row] = await tx
        .insert(attendees)
        .values({ ...client, phone: null, cguAcceptedAt: new Date(), privacyAcceptedAt: new Date() })
        .onConflictDoUpdate({ target: attendees.email, set: { firstName: sql`excluded.first_name` } })
        .returning({ id: attendees.id });
      clientIds.push(row.id);
    }
    // The first demo week fell on whatever days the seed ran (weekends included): replaced by this one.
    await tx.execute(
      sql`DELETE FROM appointments WHERE user_id = ${pro.id} AND ref_appointment LIKE 'DEMOACTIVITY%'`,
    );
    let appointmentsAdded = 0;
    if (calendar && motiveRows.length > 0) {
      for (const a of DEMO_APPOINTMENTS) {
        const motive = motiveRows[a.motive % motiveRows.length];
        const day = workdayFrom(today, a.workdays);
        const at = new Date(`${day}T12:00:00Z`).getUTCDay() === 2 ? (a.tuesdayAt ?? a.at) : a.at;
        const result = await tx.execute(sql`
          INSERT INTO appointments (ref_appointment, user_id, calendar_id, motive_id, attendee_id, status, mode,
                                    starts_at, ends_at, title, timezone)
          SELECT ${a.ref}, ${pro.id}, ${calendar.id}, ${motive.id}, ${clientIds[a.client]}, ${a.status}, ${demoMeetingMode(a.mode, sector)},
                 s, s + make_interval(mins => ${motive.minutes}), ${motive.title}, 'Europe/Paris'
            FROM (SELECT (${day}::date + ${at}::time) AT TIME ZONE 'Europe/Paris' AS s) t
          ON CONFLICT DO NOTHING`);
        appointmentsAdded += result.rowCount ?? 0;
      }
      // Their video meetings carry the room the demo lawyer chose (Visioconférence: own link).
      await tx.execute(sql`
        INSERT INTO appointment_details (appointment_id, visio_url)
        SELECT id, ${DEMO_VISIO_ROOM} FROM appointments
         WHERE user_id = ${pro.id} AND mode = 'visio' AND ref_appointment LIKE 'DEMOWEEK%'
        ON CONFLICT (appointment_id) DO UPDATE SET visio_url = COALESCE(appointment_details.visio_url, excluded.visio_url)`);
    }
    await tx
      .insert(visioSettings)
      .values({ userId: pro.id, provider: 'own_link', ownLinkUrl: DEMO_VISIO_ROOM })
      .onConflictDoNothing();
    for (const folder of DEMO_FOLDERS[sector]) {
      const attendeeId = clientIds[folder.client];
      const [existing] = await tx
        .select({ id: clientFolders.id })
        .from(clientFolders)
        .where(and(eq(clientFolders.userId, pro.id), eq(clientFolders.attendeeId, attendeeId)))
        .limit(1);
      if (!existing)
        await tx.insert(clientFolders).values({
          userId: pro.id,
          attendeeId,
          title: folder.title,
          reference: folder.reference,
          notes: folder.notes,
        });
    }
    let callsAdded = 0;
    const [hasCalls] = await tx
      .select({ id: calls.id })
      .from(calls)
      .where(and(eq(calls.userId, pro.id)))
      .limit(1);
    if (!hasCalls) {
      const rows = [];
      for (let daysAgo = 0; daysAgo < 90; daysAgo++)
        for (let n = 0; n < callsOnDay(daysAgo); n++)
          rows.push({
            userId: pro.id,
            createdAt: new Date(Date.now() - daysAgo * 86_400_000 - n * 3_600_000),
          });
      if (rows.length) await tx.insert(calls).values(rows);
      callsAdded = rows.length;
    }
    return { appointments: appointmentsAdded, calls: callsAdded };
  });
}
