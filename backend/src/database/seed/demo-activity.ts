import { and, eq, sql } from 'drizzle-orm';
import { getSector, type SectorKey } from '@rdv/sectors';
import type { Database } from '../database.types';
import { attendees, calendars, calls, motives, users } from '../schema';

/** Fictitious clients of the demo lawyer (no password: they never sign in). */
const DEMO_CLIENTS = [
  { civility: 'M.', firstName: 'Julien', lastName: 'Moreau', email: 'julien.moreau@demo.rdv-avocat.fr' },
  { civility: 'Mme', firstName: 'Sarah', lastName: 'Benali', email: 'sarah.benali@demo.rdv-avocat.fr' },
  { civility: 'M.', firstName: 'Thomas', lastName: 'Lambert', email: 'thomas.lambert@demo.rdv-avocat.fr' },
];

/**
 * The demo lawyer's agenda as a lawyer's week looks: past consultations, requests awaiting validation and
 * confirmed upcoming meetings ({ day offset, Paris time, status, mode, client }). Fixed references make
 * the seed idempotent: a second run adds nothing.
 */
const DEMO_APPOINTMENTS = [
  { ref: 'DEMOACTIVITYPAST0001', days: -14, at: '14:00', status: 'confirmed', mode: 'in_person', client: 0 },
  { ref: 'DEMOACTIVITYPAST0002', days: -6, at: '11:00', status: 'confirmed', mode: 'visio', client: 1 },
  { ref: 'DEMOACTIVITYPAST0003', days: -2, at: '16:30', status: 'cancelled', mode: 'phone', client: 2 },
  { ref: 'DEMOACTIVITYNEXT0001', days: 1, at: '09:30', status: 'confirmed', mode: 'in_person', client: 1 },
  { ref: 'DEMOACTIVITYNEXT0002', days: 3, at: '15:00', status: 'confirmed', mode: 'visio', client: 2 },
  { ref: 'DEMOACTIVITYWAIT0001', days: 2, at: '10:00', status: 'pending', mode: 'in_person', client: 0 },
  { ref: 'DEMOACTIVITYWAIT0002', days: 4, at: '11:30', status: 'pending', mode: 'phone', client: 1 },
] as const;

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
  const [motive] = await db
    .select({ id: motives.id, title: motives.title, minutes: motives.durationMinutes })
    .from(motives)
    .where(eq(motives.userId, pro.id))
    .limit(1);
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
    let appointmentsAdded = 0;
    if (calendar && motive) {
      for (const a of DEMO_APPOINTMENTS) {
        const result = await tx.execute(sql`
          INSERT INTO appointments (ref_appointment, user_id, calendar_id, motive_id, attendee_id, status, mode,
                                    starts_at, ends_at, title, timezone)
          SELECT ${a.ref}, ${pro.id}, ${calendar.id}, ${motive.id}, ${clientIds[a.client]}, ${a.status}, ${demoMeetingMode(a.mode, sector)},
                 s, s + make_interval(mins => ${motive.minutes}), ${motive.title}, 'Europe/Paris'
            FROM (SELECT (date_trunc('day', now() AT TIME ZONE 'Europe/Paris') + make_interval(days => ${a.days})
                          + ${a.at}::time) AT TIME ZONE 'Europe/Paris' AS s) t
          ON CONFLICT DO NOTHING`);
        appointmentsAdded += result.rowCount ?? 0;
      }
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
