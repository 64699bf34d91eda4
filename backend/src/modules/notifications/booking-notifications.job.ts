import { paymentText } from './payment-text';
import { type AppointmentRecord, AppointmentRecords } from '../appointments';
import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { atOffice, getSector, wordsFor, type Sector } from '@rdv/sectors';
import type { Job } from 'bullmq';
import { DateTime } from 'luxon';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { EventActionTokens } from '../identity';
import { appointmentIcs, icsMethodOf } from './appointment-ics';
import { BOOKING_NOTIFICATION_JOB, type BookingNotificationPayload } from './booking-notification.types';
import {
  type AppointmentNotificationRow,
  BookingNotificationsRepository,
} from './booking-notifications.repository';
import { chatContext } from './chat-message';
import { ChatWebhook } from './chat-webhook';
import { checkMailTemplate } from './mail-template-check';
import { sampleMailContext } from './mail-template-variables';
import {
  DEFAULT_CHAT_MESSAGE,
  DEFAULT_MAIL_TEMPLATES,
  DEFAULT_SMS_REMINDER,
  type MailTemplateKey,
  type MailTemplateSource,
  renderMail,
  renderText,
} from './mail-templates';
import { type MailAttachment, Mailer } from './mailer';
import {
  type DeliveryClaim,
  DeliveryInFlightError,
  type DeliveryIntent,
  NotificationDeliveriesRepository,
} from './notification-deliveries.repository';
import { NotificationsProcessor } from './notifications.processor';
import { SmsSender } from './sms-sender';

/** One message a booking event implies. */
type PlannedMessage =
  | { channel: 'mail'; recipient: string; template: MailTemplateKey; ics?: boolean }
  | { channel: 'sms'; recipient: string; text: string }
  | { channel: 'chat'; recipient: string; text: string };

const MODE_LABELS = { visio: 'en visio', phone: 'par téléphone' } as const;

/**
 * Worker handler of `booking.notification` jobs: renders the French mails (templates from `mail_templates`,
 * built-in defaults otherwise), SMS and chat messages of an appointment event and sends each ONCE:
 *
 *   1. claim: INSERT the deliveries (job id x channel x recipient) as `sending` with a lease, the job's
 *      messages in one statement, committed at once;
 *   2. send, with a Message-ID derived from that key;
 *   3. mark `sent`.
 *
 * A retried job skips `sent` deliveries and waits for running leases. If the worker dies between the SMTP
 * server's acceptance and step 3, the lease runs out and the mail is sent again: that window (a few
 * milliseconds) is the only duplicate left, and the duplicate carries the same Message-ID so mail systems
 * and people can spot it. Dying anywhere else sends nothing twice; a send that fails releases the lease.
 */
@Injectable()
export class BookingNotificationsJob implements OnModuleInit {
  private readonly logger = new Logger(BookingNotificationsJob.name);
  private readonly sector: Sector;
  private readonly actionTokens: EventActionTokens;
  /** How long an attempt owns a delivery before another attempt may assume it died. */
  leaseMs: number;
  /** Sample values the stored templates are checked with (as on save in the admin console). */
  private readonly sampleContext: Record<string, unknown>;

  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly repository: BookingNotificationsRepository,
    private readonly records: AppointmentRecords,
    private readonly deliveries: NotificationDeliveriesRepository,
    private readonly mailer: Mailer,
    private readonly sms: SmsSender,
    private readonly chat: ChatWebhook,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.sector = getSector(env.SECTOR);
    this.actionTokens = new EventActionTokens(env.JWT_SECRET);
    this.leaseMs = env.NOTIFICATION_LEASE_SECONDS * 1000;
    this.sampleContext = sampleMailContext(this.sector, env.PUBLIC_URL);
  }

  onModuleInit(): void {
    this.processor.register(BOOKING_NOTIFICATION_JOB, (_tx, payload, job) =>
      this.handle(payload as BookingNotificationPayload, job),
    );
  }

  async handle(payload: BookingNotificationPayload, job: Pick<Job, 'id' | 'name'>): Promise<void> {
    const record = await this.records.find({ id: payload.appointmentId });
    if (!record) return;
    // The mails and SMS an event implies do not depend on the office's chat: their templates are read with it.
    const messages = this.plan(payload, record);
    const templateKeys = new Set(messages.flatMap((m) => (m.channel === 'mail' ? [m.template] : [])));
    const sources = await this.repository.messageSources(record.pro.teamId, [...templateKeys]);
    const appointment = { ...record, chat: sources.chat };
    const context = this.context(payload, appointment);
    // One delivery per key (two copy addresses differing only in case are one recipient), all claimed at once.
    const deliveries = new Map<string, PlannedMessage>();
    for (const message of [...messages, ...this.chatMessages(payload, appointment)])
      deliveries.set(`${job.id ?? job.name}:${message.channel}:${message.recipient.toLowerCase()}`, message);
    const claims = await this.deliveries.claimAll(
      [...deliveries].map(([dedupeKey, message]) => this.intent(dedupeKey, message, appointment)),
      this.leaseMs,
    );
    // The messages go out side by side (each its own send and mark): the attendee's mail no longer
    // waits for the professional's (commit-to-mail time). A failure of one does not stop the others;
    // the job then fails (and is retried) once all have settled, and its retry skips the deliveries already sent.
    const outcomes = await Promise.allSettled(
      [...deliveries].map(([dedupeKey, message]) =>
        this.deliverOnce(dedupeKey, claims.get(dedupeKey), message, appointment, context, sources.templates),
      ),
    );
    let inFlight: DeliveryInFlightError | undefined;
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') continue;
      if (outcome.reason instanceof DeliveryInFlightError) inFlight = outcome.reason;
      else throw outcome.reason;
    }
    if (inFlight) throw inFlight;
  }

  /** The office's team-messaging post of a request, when the office has a chat receiver. */
  private chatMessages(payload: BookingNotificationPayload, a: AppointmentNotificationRow): PlannedMessage[] {
    if (payload.event !== 'requested' || !a.chat) return [];
    return [
      {
        channel: 'chat',
        recipient: `team:${a.pro.teamId}`,
        text: a.chat.messageTemplate ?? DEFAULT_CHAT_MESSAGE,
      },
    ];
  }

  /** The mails and SMS of an event (the chat post aside: chatMessages). */
  private plan(payload: BookingNotificationPayload, a: AppointmentRecord): PlannedMessage[] {
    const toPro = (template: MailTemplateKey): PlannedMessage[] => {
      const copies = a.pro.mailCopyActivated
        ? a.pro.copyEmails.filter((email) => email && email.toLowerCase() !== a.pro.email.toLowerCase())
        : [];
      return [a.pro.email, ...new Set(copies)].map((recipient) => ({
        channel: 'mail' as const,
        recipient,
        template,
      }));
    };
    const toAttendee = (template: MailTemplateKey, ics = false): PlannedMessage[] =>
      a.attendee ? [{ channel: 'mail', recipient: a.attendee.email, template, ics }] : [];
    switch (payload.event) {
      case 'requested':
        return [
          ...toPro('appointment.requested.professional'),
          ...toAttendee('appointment.requested.attendee'),
        ];
      case 'created_by_user':
      case 'validated':
        return toAttendee('appointment.validated.attendee', true);
      case 'refused':
        return toAttendee('appointment.refused.attendee');
      case 'cancelled':
        return [
          // The .ics (METHOD:CANCEL, same UID) removes the event the client imported from the confirmation.
          ...toAttendee('appointment.cancelled.attendee', true),
          ...toPro('appointment.cancelled.professional'),
        ];
      case 'moved':
        return toAttendee('appointment.moved.attendee', a.status === 'confirmed');
      case 'reschedule_requested':
        return toPro('appointment.reschedule_requested.professional');
      case 'reschedule_refused':
        return toAttendee('appointment.reschedule_refused.attendee');
      case 'availabilities_requested':
        return toAttendee('availabilities.requested.attendee');
      case 'availabilities_submitted':
        return toPro('availabilities.submitted.professional');
      case 'reminder': {
        // Only the reminder of the current start of a still-confirmed appointment.
        if (
          a.status !== 'confirmed' ||
          (payload.startsAt && Date.parse(payload.startsAt) !== a.startsAt.getTime())
        )
          return [];
        const sms: PlannedMessage[] = a.attendee?.phone
          ? [{ channel: 'sms', recipient: a.attendee.phone, text: DEFAULT_SMS_REMINDER }]
          : [];
        return [...toAttendee('appointment.reminder.attendee'), ...sms];
      }
      default:
        return [];
    }
  }

  private intent(dedupeKey: string, message: PlannedMessage, a: AppointmentNotificationRow): DeliveryIntent {
    return {
      dedupeKey,
      channel: message.channel,
      recipient: message.recipient,
      appointmentId: a.id,
      templateKey:
        message.channel === 'mail'
          ? message.template
          : message.channel === 'sms'
            ? 'sms.reminder'
            : 'chat.message',
    };
  }

  private async deliverOnce(
    dedupeKey: string,
    claim: DeliveryClaim | undefined,
    message: PlannedMessage,
    a: AppointmentNotificationRow,
    context: Record<string, unknown>,
    storedTemplates: ReadonlyMap<string, MailTemplateSource>,
  ): Promise<void> {
    if (claim === 'sent') return;
    if (claim !== 'send') throw new DeliveryInFlightError(dedupeKey);
    let subject: string | null = null;
    const messageId = this.messageId(dedupeKey);
    try {
      if (message.channel === 'mail') {
        const source = this.mailTemplate(message.template, storedTemplates.get(message.template));
        const rendered = renderMail(source, context);
        subject = rendered.subject;
        const attachments: MailAttachment[] = message.ics
          ? [
              {
                filename: 'rendez-vous.ics',
                content: this.ics(a),
                contentType: `text/calendar; charset=utf-8; method=${icsMethodOf(a.status)}`,
              },
            ]
          : [];
        await this.mailer.send({ to: message.recipient, ...rendered, messageId, attachments });
      } else if (message.channel === 'sms') {
        await this.sms.send(message.recipient, renderText(message.text, context));
      } else {
        const url = a.chat?.webhookUrl;
        // Read by the whole office: never with the bearer links of the mail context.
        if (url) await this.chat.post(url, renderText(message.text, chatContext(context)));
      }
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await this.deliveries.release(dedupeKey, text).catch(() => undefined);
      this.logger.warn({ dedupeKey }, `delivery failed: ${text}`);
      throw error;
    }
    await this.deliveries.markSent(dedupeKey, {
      messageId: message.channel === 'mail' ? messageId : null,
      subject,
    });
  }

  /**
   * The stored override when it passes the rules the admin console enforces on save, the built-in
   * default otherwise: a row written before those rules existed (a subject "24:61", a body "NaN")
   * or by hand never reaches a client.
   */
  private mailTemplate(key: MailTemplateKey, stored: MailTemplateSource | undefined): MailTemplateSource {
    if (!stored) return DEFAULT_MAIL_TEMPLATES[key];
    const problems = checkMailTemplate(key, stored, this.sampleContext);
    if (Object.keys(problems).length === 0) return stored;
    this.logger.warn({ template: key, problems }, 'stored mail template breaks the rules: default used');
    return DEFAULT_MAIL_TEMPLATES[key];
  }

  /** `<sha256(key)@domain>`: the same delivery always gets the same Message-ID. */
  messageId(dedupeKey: string): string {
    const hash = createHash('sha256').update(dedupeKey).digest('hex').slice(0, 40);
    const fromDomain =
      /@([^>\s]+)>?\s*$/.exec(this.env.MAIL_FROM)?.[1] ?? new URL(this.env.PUBLIC_URL).hostname;
    return `<${hash}@${fromDomain}>`;
  }

  private ics(a: AppointmentNotificationRow): string {
    const name = `${a.pro.firstName} ${a.pro.lastName}`;
    const page = `${this.env.PUBLIC_URL}/appointments/${a.refAppointment}`;
    return appointmentIcs(
      {
        refAppointment: a.refAppointment,
        status: a.status,
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        title: `Rendez-vous avec ${name}`,
        description: [a.motiveTitle, a.visioUrl ? `Visio : ${a.visioUrl}` : null, page]
          .filter(Boolean)
          .join('\n'),
        location: a.visioUrl ?? a.location,
        url: page,
        organizer: { name, email: a.pro.email },
        attendee: a.attendee
          ? { name: personName(a.attendee) ?? a.attendee.email, email: a.attendee.email }
          : null,
        updatedAt: a.updatedAt,
      },
      this.sector.productName,
      new URL(this.env.PUBLIC_URL).hostname,
    );
  }

  private context(
    payload: BookingNotificationPayload,
    a: AppointmentNotificationRow,
  ): Record<string, unknown> {
    const base = this.env.PUBLIC_URL.replace(/\/+$/, '');
    const when = (date: Date) => {
      const local = DateTime.fromJSDate(date).setZone(a.timezone).setLocale('fr');
      return { date: local.toFormat('cccc d LLLL yyyy'), time: local.toFormat("HH'h'mm") };
    };
    const start = when(a.startsAt);
    const end = when(a.endsAt);
    const proName = `${a.pro.firstName} ${a.pro.lastName}`.trim();
    return {
      productName: this.sector.productName,
      primaryColor: this.sector.primaryColor,
      // An appointment's mail speaks of its professional: "l'avocate", "la notaire" for "Mme" (words.e: "informée").
      words: { ...this.sector.words, ...wordsFor(this.sector, a.pro.civility) },
      professional: {
        name: proName,
        firstName: a.pro.firstName,
        lastName: a.pro.lastName,
        email: a.pro.email,
        office: a.pro.teamName,
      },
      attendee: {
        name: (a.attendee && personName(a.attendee)) ?? a.attendee?.email ?? 'Client',
        email: a.attendee?.email,
        phone: a.attendee?.phone,
      },
      appointment: {
        ref: a.refAppointment,
        date: start.date,
        time: start.time,
        endTime: end.time,
        timezone: a.timezone,
        mode: a.mode,
        // "au cabinet", "à l’étude", "au salon"
        modeLabel: a.mode === 'in_person' ? atOffice(this.sector) : MODE_LABELS[a.mode],
        motive: a.motiveTitle ?? a.title,
        payment: a.payment ? paymentText(a.payment) : null,
        address: a.mode === 'in_person' ? a.location : null,
        visioUrl: a.mode === 'visio' ? a.visioUrl : null,
        phoneNumber: a.mode === 'phone' ? a.pro.telephone : null,
        notes: a.notes,
        status: a.status,
      },
      links: {
        appointment: `${base}/appointments/${a.refAppointment}`,
        validate: `${base}/user/event-action?token=${encodeURIComponent(this.actionTokens.sign(a.id, 'validate'))}&action=validate`,
        refuse: `${base}/user/event-action?token=${encodeURIComponent(this.actionTokens.sign(a.id, 'refuse'))}&action=refuse`,
        eventsResponses: `${base}/events-responses/${a.id}`,
        userEvents: `${base}/user/events`,
        profile: `${base}/${this.sector.routes.profile}/${a.pro.userUri}`,
      },
      reason: payload.reason ?? null,
      message: payload.message ?? null,
      cancelledByAttendee: a.cancelledBy === 'attendee',
      previous: payload.previousStart ? when(new Date(payload.previousStart)) : null,
      proposal: payload.proposedStart ? when(new Date(payload.proposedStart)) : null,
      availabilities: (payload.availabilities ?? []).map((range) => {
        const from = when(new Date(range.start));
        const to = when(new Date(range.end));
        return {
          ...range,
          label:
            from.date === to.date
              ? `${from.date} de ${from.time} à ${to.time}`
              : `du ${from.date} ${from.time} au ${to.date} ${to.time}`,
        };
      }),
    };
  }
}

function personName(person: { firstName: string | null; lastName: string | null }): string | null {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}
