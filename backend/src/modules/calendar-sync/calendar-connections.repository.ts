import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { InjectDb, Transactions } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import {
  calendarConnections,
  externalBusyTimes,
  externalCalendars,
  type CalendarProvider,
  type ConnectionStatus,
} from '../../database/schema';
import type { RemoteCalendar } from './calendar-provider.port';

export type ConnectionRow = typeof calendarConnections.$inferSelect;
export type ExternalCalendarRow = typeof externalCalendars.$inferSelect;

export interface CalendarChoices {
  useForBusy?: boolean;
  isWriteTarget?: boolean;
  allDayBlocks?: boolean;
}

/** SQL of the connected accounts and their calendars: credentials, status, the lawyer's choices. */
@Injectable()
export class CalendarConnectionsRepository {
  constructor(
    @InjectDb() private readonly db: Database,
    private readonly transactions: Transactions,
  ) {}

  // ---- connections -----------------------------------------------------------------------------------------

  async insertConnection(data: {
    id: string;
    userId: string;
    provider: CalendarProvider;
    accountLabel: string;
    serverUrl: string | null;
    credentialsCiphertext: string;
    credentialsKeyId: string;
  }): Promise<ConnectionRow | undefined> {
    const [row] = await this.db.insert(calendarConnections).values(data).onConflictDoNothing().returning();
    return row;
  }

  /** A password account (Exchange) connected again: its new address and sealed password. */
  async reconnectPasswordAccount(
    connectionId: string,
    data: { serverUrl: string; credentialsCiphertext: string; credentialsKeyId: string },
  ): Promise<void> {
    await this.db
      .update(calendarConnections)
      .set({ ...data, updatedAt: sql`now()` })
      .where(eq(calendarConnections.id, connectionId));
  }

  /** A reconnected or refreshed account: new sealed credentials; a reconnection also clears its error. */
  async saveCredentials(
    connectionId: string,
    sealed: { credentialsCiphertext: string; credentialsKeyId: string },
  ): Promise<void> {
    await this.db
      .update(calendarConnections)
      .set({ ...sealed, updatedAt: sql`now()` })
      .where(eq(calendarConnections.id, connectionId));
  }

  async findConnectionByAccount(
    userId: string,
    provider: CalendarProvider,
    accountLabel: string,
  ): Promise<ConnectionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.userId, userId),
          eq(calendarConnections.provider, provider),
          eq(calendarConnections.accountLabel, accountLabel),
        ),
      );
    return row;
  }

  async findConnection(connectionId: string): Promise<ConnectionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connectionId));
    return row;
  }

  listConnections(userId: string): Promise<ConnectionRow[]> {
    return this.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, userId))
      .orderBy(asc(calendarConnections.createdAt));
  }

  /** Deletes the connection; its calendars, cached busy ranges and write-back state go with it (cascades). */
  async deleteConnection(userId: string, connectionId: string): Promise<boolean> {
    const rows = await this.db
      .delete(calendarConnections)
      .where(and(eq(calendarConnections.id, connectionId), eq(calendarConnections.userId, userId)))
      .returning({ id: calendarConnections.id });
    return rows.length > 0;
  }

  async markConnectionOk(connectionId: string): Promise<void> {
    await this.db
      .update(calendarConnections)
      .set({ status: 'active', lastOkAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
      .where(eq(calendarConnections.id, connectionId));
  }

  /** Returns true when the status changed (the first failure of a run of failures). */
  async markConnectionFailed(
    connectionId: string,
    status: ConnectionStatus,
    error: string,
  ): Promise<boolean> {
    const rows = await this.db
      .update(calendarConnections)
      .set({ status, lastError: error, lastErrorAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(calendarConnections.id, connectionId), ne(calendarConnections.status, status)))
      .returning({ id: calendarConnections.id });
    if (rows.length === 0) {
      await this.db
        .update(calendarConnections)
        .set({ lastError: error, lastErrorAt: sql`now()` })
        .where(eq(calendarConnections.id, connectionId));
    }
    return rows.length > 0;
  }

  /**
   * Claims the right to send the "reconnect" mail of a broken connection: at most one a day. Returns the
   * professional to write to, or nothing when a mail went out less than a day ago or it is not broken.
   */
  async claimReauthMail(
    connectionId: string,
  ): Promise<{ email: string; firstName: string | null; accountLabel: string } | undefined> {
    const result = await this.db.execute<{
      email: string;
      firstName: string | null;
      accountLabel: string;
    }>(sql`
      UPDATE calendar_connections c SET reauth_mail_sent_at = now()
      FROM users u
      WHERE c.id = ${connectionId} AND u.id = c.user_id AND c.status = 'needs_reauth'
        AND (c.reauth_mail_sent_at IS NULL OR c.reauth_mail_sent_at < now() - interval '1 day')
      RETURNING u.email, u.first_name AS "firstName", c.account_label AS "accountLabel"`);
    return result.rows[0];
  }

  async setPauseBookingWhenBroken(userId: string, connectionId: string, pause: boolean): Promise<boolean> {
    const rows = await this.db
      .update(calendarConnections)
      .set({ pauseBookingWhenBroken: pause, updatedAt: sql`now()` })
      .where(and(eq(calendarConnections.id, connectionId), eq(calendarConnections.userId, userId)))
      .returning({ id: calendarConnections.id });
    return rows.length > 0;
  }

  // ---- calendars -------------------------------------------------------------------------------------------

  /** Adds the account's calendars not known yet and refreshes the names of the others. */
  async upsertCalendars(connectionId: string, userId: string, remote: RemoteCalendar[]): Promise<void> {
    if (remote.length === 0) return;
    await this.db
      .insert(externalCalendars)
      .values(
        remote.map((c) => ({
          connectionId,
          userId,
          externalId: c.externalId,
          displayName: c.displayName,
          color: c.color,
        })),
      )
      .onConflictDoUpdate({
        target: [externalCalendars.connectionId, externalCalendars.externalId],
        set: { displayName: sql`excluded.display_name`, color: sql`excluded.color`, updatedAt: sql`now()` },
      });
  }

  /**
   * A newly connected account: its main calendar blocks slots at once (the lawyer connected it for that);
   * the others stay as they are until the lawyer chooses, in the dialog that follows the connection.
   */
  async blockWithCalendar(connectionId: string, externalId: string): Promise<void> {
    await this.db
      .update(externalCalendars)
      .set({ useForBusy: true, updatedAt: sql`now()` })
      .where(
        and(eq(externalCalendars.connectionId, connectionId), eq(externalCalendars.externalId, externalId)),
      );
  }

  listCalendars(connectionIds: string[]): Promise<ExternalCalendarRow[]> {
    if (connectionIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(externalCalendars)
      .where(inArray(externalCalendars.connectionId, connectionIds))
      .orderBy(asc(externalCalendars.displayName));
  }

  async findCalendar(calendarId: string): Promise<ExternalCalendarRow | undefined> {
    const [row] = await this.db.select().from(externalCalendars).where(eq(externalCalendars.id, calendarId));
    return row;
  }

  /**
   * Saves the lawyer's choices. A calendar that stops blocking loses its cached ranges; one that starts
   * blocking, or whose all-day rule changes, starts over (cursor reset). On an all-day change the ranges
   * computed with the old rule stay until the full listing that follows replaces them in one transaction
   * (applySync): deleting them here would offer, until that sync, every slot its events cover.
   */
  async updateCalendarChoices(
    userId: string,
    calendarId: string,
    choices: CalendarChoices,
  ): Promise<ExternalCalendarRow | undefined> {
    return this.transactions.run(async (tx) => {
      const [before] = await tx
        .select()
        .from(externalCalendars)
        .where(and(eq(externalCalendars.id, calendarId), eq(externalCalendars.userId, userId)))
        .for('update');
      if (!before) return undefined;
      if (choices.isWriteTarget === true) {
        await tx
          .update(externalCalendars)
          .set({ isWriteTarget: false })
          .where(and(eq(externalCalendars.userId, userId), ne(externalCalendars.id, calendarId)));
      }
      const restart =
        (choices.useForBusy !== undefined && choices.useForBusy !== before.useForBusy) ||
        (choices.allDayBlocks !== undefined && choices.allDayBlocks !== before.allDayBlocks);
      const [row] = await tx
        .update(externalCalendars)
        .set({ ...choices, ...(restart ? { syncCursor: null, ctag: null } : {}), updatedAt: sql`now()` })
        .where(eq(externalCalendars.id, calendarId))
        .returning();
      if (row && !row.useForBusy && before.useForBusy)
        await tx.delete(externalBusyTimes).where(eq(externalBusyTimes.externalCalendarId, calendarId));
      return row;
    });
  }

  /** Connections per provider and status (the metrics' count of broken ones). */
  async connectionCounts(): Promise<{ provider: string; status: string; count: number }[]> {
    const rows = await this.db
      .select({
        provider: calendarConnections.provider,
        status: calendarConnections.status,
        count: sql<number>`count(*)::int`,
      })
      .from(calendarConnections)
      .groupBy(calendarConnections.provider, calendarConnections.status);
    return rows;
  }
}
