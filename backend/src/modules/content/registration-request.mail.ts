import { Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { getSector, officeIdentifierOf, type Sector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { AccountsModule, AccountCredentialsService } from '../accounts';
import {
  escapeHtml,
  Mailer,
  MailMessage,
  NotificationsWorkerModule,
  NotificationsProcessor,
  paragraphsMail,
} from '../notifications';
import { REGISTRATION_REQUEST_JOB } from './content.service';
import { REGISTRATION_REFUSED_JOB, type RegistrationRefusedPayload } from './registration-requests.service';

/** The fields the API stored with the request (see ContentService.createRegistrationRequest). */
export interface RegistrationRequestPayload {
  registrationRequestId: number | string;
  civility: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  officeName: string | null;
  officeNumber: string | null;
  city: string;
  message: string | null;
  createdAt: string;
}

/** The notice a new registration request sends to one administrator (French, HTML + text). */
export function registrationRequestMail(
  to: string,
  request: RegistrationRequestPayload,
  sector: Sector,
  adminUrl: string,
): MailMessage {
  const productName = sector.productName;
  const rows: Array<[string, string | null]> = [
    ['Nom', `${request.civility} ${request.firstName} ${request.lastName}`],
    ['Email', request.email],
    ['Téléphone', request.phone],
    // "Cabinet", "Étude", "Salon"
    [sector.words.office.charAt(0).toUpperCase() + sector.words.office.slice(1), request.officeName],
    [officeIdentifierOf(sector).name, request.officeNumber],
    ['Ville', request.city],
    ['Message', request.message],
  ];
  const filled = rows.filter((row): row is [string, string] => Boolean(row[1]));
  const text = [
    'Bonjour,',
    '',
    `Une nouvelle demande d’inscription est arrivée sur ${productName} :`,
    '',
    ...filled.map(([label, value]) => `${label} : ${value}`),
    '',
    `Console d’administration : ${adminUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#222">
<p>Bonjour,</p>
<p>Une nouvelle demande d’inscription est arrivée sur ${escapeHtml(productName)} :</p>
<table cellpadding="4">${filled
    .map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
<p><a href="${escapeHtml(adminUrl)}">Ouvrir la console d’administration</a></p>
</body></html>`;
  return {
    to,
    subject: `Nouvelle demande d’inscription : ${request.firstName} ${request.lastName}`,
    text,
    html,
    // one deterministic id per request and recipient: a duplicate delivery is recognisable
    messageId: `<registration-request-${request.registrationRequestId}-${to}@${new URL(adminUrl).hostname}>`,
  };
}

/** The acknowledgement the applicant receives once the request is saved. */
export function registrationAcknowledgementMail(
  request: RegistrationRequestPayload,
  productName: string,
  publicUrl: string,
): MailMessage {
  return paragraphsMail(
    request.email,
    `Votre demande d’inscription sur ${productName} a bien été reçue`,
    [
      `Bonjour ${request.civility} ${request.lastName},`,
      `Nous avons bien reçu votre demande d’inscription sur ${productName}. Notre équipe l’étudie et revient vers vous très rapidement.`,
      'Si elle est acceptée, vous recevrez un email pour choisir votre mot de passe et finaliser votre inscription.',
      `L’équipe ${productName}`,
    ],
    `<registration-request-ack-${request.registrationRequestId}@${new URL(publicUrl).hostname}>`,
  );
}

/** The refusal, with the administrator's reason, mailed to the applicant. */
export function registrationRefusalMail(
  request: RegistrationRefusedPayload,
  productName: string,
  publicUrl: string,
): MailMessage {
  return paragraphsMail(
    request.email,
    `Votre demande d’inscription sur ${productName}`,
    [
      `Bonjour ${request.civility} ${request.lastName},`,
      `Nous avons étudié votre demande d’inscription sur ${productName} et ne pouvons pas y donner suite pour le moment.`,
      `Motif : ${request.reason}`,
      `Pour toute question, répondez simplement à cet email.`,
      `L’équipe ${productName}`,
    ],
    `<registration-request-refused-${request.registrationRequestId}@${new URL(publicUrl).hostname}>`,
  );
}

/**
 * Worker handler of `registration-request.received`: mails every administrator. It runs in the
 * job's transaction with its idempotency key (processed_jobs), so a duplicated job sends nothing.
 */
@Injectable()
export class RegistrationRequestMailJob implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly accounts: AccountCredentialsService,
    private readonly mailer: Mailer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(REGISTRATION_REQUEST_JOB, (_tx, payload) =>
      this.handle(payload as unknown as RegistrationRequestPayload),
    );
    this.processor.register(REGISTRATION_REFUSED_JOB, (_tx, payload) =>
      this.mailer.send(
        registrationRefusalMail(
          payload as unknown as RegistrationRefusedPayload,
          getSector(this.env.SECTOR).productName,
          this.env.PUBLIC_URL,
        ),
      ),
    );
  }

  async handle(request: RegistrationRequestPayload): Promise<void> {
    const sector = getSector(this.env.SECTOR);
    const adminUrl = `${this.env.PUBLIC_URL}/admin/`;
    for (const to of await this.accounts.adminEmails()) {
      await this.mailer.send(registrationRequestMail(to, request, sector, adminUrl));
    }
    await this.mailer.send(registrationAcknowledgementMail(request, sector.productName, this.env.PUBLIC_URL));
  }
}

/** Worker side of the content module. Import only in WorkerModule. */
@Module({
  imports: [AccountsModule, NotificationsWorkerModule],
  providers: [RegistrationRequestMailJob],
})
export class ContentWorkerModule {}
