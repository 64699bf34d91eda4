// Public surface of the notifications module: other modules import from '../notifications' only (eslint enforces it).
// Mails, SMS and chat messages: templates, the job registry of the worker, the mailer.
export { appointmentIcs } from './appointment-ics';
export { BOOKING_NOTIFICATION_JOB } from './booking-notification.types';
export type { BookingNotificationEvent, BookingNotificationPayload } from './booking-notification.types';
export { bearerLinksIn, CHAT_MESSAGE_VARIABLES } from './chat-message';
export { ChatWebhookAddressModule, ChatWebhookAddressPolicy } from './chat-webhook-address';
export { checkMailTemplate } from './mail-template-check';
export { MAIL_TEMPLATE_RULES, sampleMailContext } from './mail-template-variables';
export {
  DEFAULT_CHAT_MESSAGE,
  DEFAULT_MAIL_TEMPLATES,
  MAIL_TEMPLATE_KEYS,
  renderMail,
} from './mail-templates';
export type { MailTemplateKey, MailTemplateSource } from './mail-templates';
export { frameMail, mailBrand } from './mail-layout';
export type { MailBrand } from './mail-layout';
export { MailMessage, Mailer, escapeHtml, paragraphsMail } from './mailer';
export { NotificationsWorkerModule } from './notifications.module';
export { NotificationsProcessor } from './notifications.processor';
export { JitsiVisioLinks } from './visio-links';
export { SmsSender } from './sms-sender';
