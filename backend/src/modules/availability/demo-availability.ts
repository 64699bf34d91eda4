import { inArray } from 'drizzle-orm';
import type { SectorKey } from '@rdv/sectors';
import type { DbOrTx } from '../../database/database.types';
import { calendars, motives, weeklyAvailabilities } from '../../database/schema';
import { demoContentFor } from '../../database/seed/sector-demo-content';

/**
 * Demo agendas for the seed (demo professionals must show slots on their public profile): a default
 * calendar, the sector's three motives and weekly hours. Idempotent: professionals that already have a calendar are left
 * alone. Deterministic: the variety comes from the position of each id in the list.
 */
export async function seedDemoAvailability(
  db: DbOrTx,
  userIds: string[],
  sector: SectorKey = 'lawyer',
): Promise<{ professionals: number }> {
  if (userIds.length === 0) return { professionals: 0 };
  const existing = await db
    .select({ userId: calendars.userId })
    .from(calendars)
    .where(inArray(calendars.userId, userIds));
  const done = new Set(existing.map((row) => row.userId));
  const todo = userIds.filter((id) => !done.has(id));
  if (todo.length === 0) return { professionals: 0 };

  const content = demoContentFor(sector);
  const createdCalendars = await db
    .insert(calendars)
    .values(todo.map((userId) => ({ userId, name: content.calendarName, isDefault: true, position: 0 })))
    .returning({ id: calendars.id, userId: calendars.userId });

  // Notice and horizon by position: the first reason is booked a day ahead, the others sooner.
  const notice = [24 * 60, 120, 60];
  const horizon = [3, 3, 2];
  await db.insert(motives).values(
    todo.flatMap((userId, i) =>
      content.motives.map((motive, position) => ({
        userId,
        title: motive.title,
        durationMinutes: motive.durations[i % 2],
        noticeMinutes: notice[position],
        notAfterMonths: horizon[position],
        inPersonAllowed: motive.inPerson,
        visioAllowed: motive.visio,
        phoneAllowed: motive.phone,
        position,
      })),
    ),
  );

  const rows: Array<typeof weeklyAvailabilities.$inferInsert> = [];
  createdCalendars.forEach(({ id: calendarId }, i) => {
    const afternoonEnd = ['18:00', '18:30', '19:00'][i % 3];
    for (let weekday = 1; weekday <= 5; weekday++) {
      if (i % 4 === 1 && weekday === 3) continue; // some do not work on Wednesdays
      rows.push({ calendarId, weekday, startTime: '09:00', endTime: '12:30' });
      rows.push({ calendarId, weekday, startTime: '14:00', endTime: afternoonEnd });
    }
    if (i % 3 === 0) rows.push({ calendarId, weekday: 6, startTime: '09:00', endTime: '12:00' });
  });
  await db.insert(weeklyAvailabilities).values(rows);
  return { professionals: todo.length };
}
