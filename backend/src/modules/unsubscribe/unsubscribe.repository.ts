import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { mailSuppressions, slotAlerts, type SuppressibleMail } from '../../database/schema';

/** SQL of unsubscribing: the suppression list, and stopping an earlier-slot alert. */
@Injectable()
export class UnsubscribeRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async suppress(email: string, kind: SuppressibleMail): Promise<void> {
    await this.db.insert(mailSuppressions).values({ email: email.toLowerCase(), kind }).onConflictDoNothing();
  }

  async isSuppressed(email: string, kind: SuppressibleMail, tx: DbOrTx = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ email: mailSuppressions.email })
      .from(mailSuppressions)
      .where(and(eq(mailSuppressions.email, email.toLowerCase()), eq(mailSuppressions.kind, kind)));
    return row !== undefined;
  }

  /** The alert ends as if cancelled from its mail (nothing more is sent for it). */
  async stopAlert(alertId: string): Promise<void> {
    await this.db
      .update(slotAlerts)
      .set({ cancelledAt: sql`now()` })
      .where(and(eq(slotAlerts.id, alertId), sql`${slotAlerts.cancelledAt} IS NULL`));
  }
}
