import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { mailTemplates, teamChatSettings, teams, users } from '../../database/schema';

@Injectable()
export class BookingSettingsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  storedTemplates(): Promise<{ key: string; subject: string; html: string; text: string }[]> {
    return this.db
      .select({
        key: mailTemplates.key,
        subject: mailTemplates.subject,
        html: mailTemplates.html,
        text: mailTemplates.text,
      })
      .from(mailTemplates);
  }

  async upsertTemplate(
    key: string,
    template: { subject: string; html: string; text: string },
  ): Promise<void> {
    await this.db
      .insert(mailTemplates)
      .values({ key, ...template })
      .onConflictDoUpdate({ target: mailTemplates.key, set: { ...template, updatedAt: sql`now()` } });
  }

  async deleteTemplate(key: string): Promise<void> {
    await this.db.delete(mailTemplates).where(eq(mailTemplates.key, key));
  }

  /** The professional's office and who manages it (null: nobody yet, any member may set it up). */
  async teamOf(userId: string): Promise<{ teamId: string | null; managerId: string | null } | undefined> {
    const [row] = await this.db
      .select({ teamId: users.teamId, managerId: teams.managerId })
      .from(users)
      .leftJoin(teams, eq(teams.id, users.teamId))
      .where(eq(users.id, userId));
    return row;
  }

  async chatSettings(
    teamId: string,
  ): Promise<{ webhookUrl: string; messageTemplate: string | null; enabled: boolean } | undefined> {
    const [row] = await this.db
      .select({
        webhookUrl: teamChatSettings.webhookUrl,
        messageTemplate: teamChatSettings.messageTemplate,
        enabled: teamChatSettings.enabled,
      })
      .from(teamChatSettings)
      .where(eq(teamChatSettings.teamId, teamId));
    return row;
  }

  async upsertChatSettings(
    teamId: string,
    settings: { webhookUrl: string; messageTemplate: string | null; enabled: boolean },
  ): Promise<void> {
    await this.db
      .insert(teamChatSettings)
      .values({ teamId, ...settings })
      .onConflictDoUpdate({ target: teamChatSettings.teamId, set: { ...settings, updatedAt: sql`now()` } });
  }
}
