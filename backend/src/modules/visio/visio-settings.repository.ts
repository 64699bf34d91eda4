import { Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import {
  appointmentDetails,
  calendarConnections,
  externalCalendars,
  visioSettings,
  type CalendarProvider,
  type VisioProvider,
} from '../../database/schema';

export interface StoredVisioSettings {
  provider: VisioProvider | null;
  ownLinkUrl: string | null;
}

/** SQL of the video settings: the professional's choice, and the write-back calendar it may depend on. */
@Injectable()
export class VisioSettingsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async find(userId: string, tx: DbOrTx = this.db): Promise<StoredVisioSettings> {
    const [row] = await tx
      .select({ provider: visioSettings.provider, ownLinkUrl: visioSettings.ownLinkUrl })
      .from(visioSettings)
      .where(eq(visioSettings.userId, userId));
    return row ?? { provider: null, ownLinkUrl: null };
  }

  async save(userId: string, settings: StoredVisioSettings): Promise<void> {
    await this.db
      .insert(visioSettings)
      .values({ userId, ...settings })
      .onConflictDoUpdate({ target: visioSettings.userId, set: { ...settings, updatedAt: sql`now()` } });
  }

  /** The provider of the professional's write-back calendar while its account works; null without one. */
  async writeTargetProvider(userId: string, tx: DbOrTx = this.db): Promise<CalendarProvider | null> {
    const [row] = await tx
      .select({ provider: calendarConnections.provider })
      .from(externalCalendars)
      .innerJoin(calendarConnections, eq(calendarConnections.id, externalCalendars.connectionId))
      .where(
        and(
          eq(externalCalendars.userId, userId),
          eq(externalCalendars.isWriteTarget, true),
          eq(calendarConnections.status, 'active'),
        ),
      );
    return row?.provider ?? null;
  }

  /** Sets the appointment's link unless one is already there (a link once mailed never changes). */
  async setLinkIfMissing(appointmentId: string, url: string): Promise<void> {
    await this.db
      .update(appointmentDetails)
      .set({ visioUrl: url })
      .where(and(eq(appointmentDetails.appointmentId, appointmentId), isNull(appointmentDetails.visioUrl)));
  }
}
