import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import type { MailTemplateSource } from './mail-templates';

/** Everything a booking notification needs about one appointment, read when the job runs. */
export interface AppointmentNotificationRow {
  id: string;
  refAppointment: string;
  status: 'pending' | 'confirmed' | 'refused' | 'cancelled';
  mode: 'in_person' | 'visio' | 'phone';
  startsAt: Date;
  endsAt: Date;
  timezone: string;
  title: string | null;
  location: string | null;
  notes: string | null;
  updatedAt: Date;
  visioUrl: string | null;
  cancelledBy: 'attendee' | 'user' | null;
  motiveTitle: string | null;
  pro: {
    id: string;
    civility: string | null;
    firstName: string;
    lastName: string;
    email: string;
    telephone: string | null;
    userUri: string;
    mailCopyActivated: boolean;
    copyEmails: string[];
    teamId: string | null;
    teamName: string | null;
  };
  attendee: { email: string; firstName: string | null; lastName: string | null; phone: string | null } | null;
  chat: { webhookUrl: string; messageTemplate: string | null } | null;
}

type Row = Record<string, unknown>;

@Injectable()
export class BookingNotificationsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async appointment(id: string): Promise<AppointmentNotificationRow | undefined> {
    const result = await this.db.execute(sql`
      SELECT a.id, a.ref_appointment, a.status, a.mode, a.starts_at, a.ends_at, a.timezone, a.title, a.location, a.notes, a.updated_at,
             d.visio_url, d.cancelled_by, m.title AS motive_title,
             u.id AS pro_id, u.civility AS pro_civility, u.first_name AS pro_first_name, u.last_name AS pro_last_name,
             u.email AS pro_email, u.telephone AS pro_telephone, u.user_uri AS pro_user_uri,
             u.mail_copy_activated, u.copy_emails, u.team_id, t.name AS team_name,
             at.email AS attendee_email, at.first_name AS attendee_first_name, at.last_name AS attendee_last_name, at.phone AS attendee_phone,
             cs.webhook_url AS chat_webhook_url, cs.message_template AS chat_message_template
      FROM appointments a
      JOIN users u ON u.id = a.user_id
      LEFT JOIN appointment_details d ON d.appointment_id = a.id
      LEFT JOIN motives m ON m.id = a.motive_id
      LEFT JOIN teams t ON t.id = u.team_id
      LEFT JOIN team_chat_settings cs ON cs.team_id = u.team_id AND cs.enabled
      LEFT JOIN attendees at ON at.id = a.attendee_id
      WHERE a.id = ${id}`);
    const row = result.rows[0] as Row | undefined;
    if (!row) return undefined;
    const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
    return {
      id: String(row.id),
      refAppointment: String(row.ref_appointment),
      status: row.status as AppointmentNotificationRow['status'],
      mode: row.mode as AppointmentNotificationRow['mode'],
      startsAt: new Date(row.starts_at as string | Date),
      endsAt: new Date(row.ends_at as string | Date),
      timezone: String(row.timezone),
      title: text(row.title),
      location: text(row.location),
      notes: text(row.notes),
      updatedAt: new Date(row.updated_at as string | Date),
      visioUrl: text(row.visio_url),
      cancelledBy: text(row.cancelled_by) as AppointmentNotificationRow['cancelledBy'],
      motiveTitle: text(row.motive_title),
      pro: {
        id: String(row.pro_id),
        civility: text(row.pro_civility),
        firstName: String(row.pro_first_name),
        lastName: String(row.pro_last_name),
        email: String(row.pro_email),
        telephone: text(row.pro_telephone),
        userUri: String(row.pro_user_uri),
        mailCopyActivated: Boolean(row.mail_copy_activated),
        copyEmails: Array.isArray(row.copy_emails) ? (row.copy_emails as string[]) : [],
        teamId: text(row.team_id),
        teamName: text(row.team_name),
      },
      attendee:
        row.attendee_email === null || row.attendee_email === undefined
          ? null
          : {
              email: String(row.attendee_email),
              firstName: text(row.attendee_first_name),
              lastName: text(row.attendee_last_name),
              phone: text(row.attendee_phone),
            },
      chat: row.chat_webhook_url
        ? { webhookUrl: String(row.chat_webhook_url), messageTemplate: text(row.chat_message_template) }
        : null,
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
