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

  /**
   * What a notification job renders besides the appointment, in one statement: the office's enabled chat receiver
   * (team messaging), if any, and the mail templates among `templateKeys` an administrator customised (a key
   * without a row uses its built-in default). Two reads a job before, and one more per mail.
   */
  async messageSources(
    teamId: string | null,
    templateKeys: readonly string[],
  ): Promise<{ chat: AppointmentNotificationRow['chat']; templates: Map<string, MailTemplateSource> }> {
    const result = await this.db.execute(sql`
      SELECT NULL AS key, webhook_url, message_template, NULL AS subject, NULL AS html, NULL AS text
      FROM team_chat_settings WHERE team_id = ${teamId} AND enabled
      UNION ALL
      SELECT key, NULL, NULL, subject, html, text FROM mail_templates WHERE key = ANY(${sql.param(templateKeys)}::text[])`);
    let chat: AppointmentNotificationRow['chat'] = null;
    const templates = new Map<string, MailTemplateSource>();
    for (const row of result.rows as Row[]) {
      if (row.key === null) {
        if (row.webhook_url)
          chat = {
            webhookUrl: String(row.webhook_url),
            messageTemplate: row.message_template === null ? null : String(row.message_template),
          };
      } else
        templates.set(String(row.key), {
          subject: String(row.subject),
          html: String(row.html),
          text: String(row.text),
        });
    }
    return { chat, templates };
  }
}
