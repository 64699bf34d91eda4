import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../database/database.types';
import { calendars, motives, weeklyAvailabilities } from '../../database/schema';

/**
 * Demo agendas for the seed (demo professionals must show slots on their public profile): a default
 * calendar, three motives and weekly hours. Idempotent: professionals that already have a calendar are left
 * alone. Deterministic: the variety comes from the position of each id in the list.
 */
export async function seedDemoAvailability(
  db: DbOrTx,
  userIds: string[],
): Promise<{ professionals: number }> {
  if (userIds.length === 0) return { professionals: 0 };
  const existing = await db
    .select({ userId: calendars.userId })
    .from(calendars)
    .where(inArray(calendars.userId, userIds));
  const done = new Set(existing.map((row) => row.userId));
  const todo = userIds.filter((id) => !done.has(id));
  if (todo.length === 0) return { professionals: 0 };

  const createdCalendars = await db
    .insert(calendars)
    .values(todo.map((userId) => ({ userId, name: 'Cabinet', isDefault: true, position: 0 })))
    .returning({ id: calendars.id, userId: calendars.userId });

  await db.insert(motives).values(
    todo.flatMap((userId, i) => [
      {
        userId,
        title: 'Première consultation',
        durationMinutes: i % 2 === 0 ? 60 : 45,
        noticeMinutes: 24 * 60,
        notAfterMonths: 3,
        position: 0,
      },
      {
        userId,
        title: 'Consultation de suivi',
        durationMinutes: 30,
        noticeMinutes: 120,
        notAfterMonths: 3,
        visioAllowed: true,
        phoneAllowed: true,
        position: 1,
      },
      {
        userId,
        title: 'Conseil par téléphone',
        durationMinutes: 20,
        noticeMinutes: 60,
        notAfterMonths: 2,
        inPersonAllowed: false,
        phoneAllowed: true,
        position: 2,
      },
    ]),
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
