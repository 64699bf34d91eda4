import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import type { AppointmentRecord } from '../appointments';
import type { MailTemplateSource } from './mail-templates';

/** Everything a booking notification needs: the appointment (the shared read model) and the office's chat receiver. */
export type AppointmentNotificationRow = AppointmentRecord & {
  chat: { webhookUrl: string; messageTemplate: string | null } | null;
};

type Row = Record<string, unknown>;

@Injectable()
export class BookingNotificationsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** The office's enabled chat receiver (team messaging), if any. */
  async teamChat(teamId: string | null): Promise<AppointmentNotificationRow['chat']> {
    if (!teamId) return null;
    const result = await this.db.execute(
      sql`SELECT webhook_url, message_template FROM team_chat_settings WHERE team_id = ${teamId} AND enabled`,
    );
    const row = result.rows[0] as Row | undefined;
    if (!row?.webhook_url) return null;
    return {
      webhookUrl: String(row.webhook_url),
      messageTemplate: row.message_template === null ? null : String(row.message_template),
    };
  }

  /** The template stored under `key`, if an administrator customised it. */
  async mailTemplate(key: string): Promise<MailTemplateSource | undefined> {
    const result = await this.db.execute(
      sql`SELECT subject, html, text FROM mail_templates WHERE key = ${key}`,
    );
    const row = result.rows[0] as Row | undefined;
    return row ? { subject: String(row.subject), html: String(row.html), text: String(row.text) } : undefined;
  }
}
