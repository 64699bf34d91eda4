export { SmtpReceiver } from '../../support/smtp-receiver';
