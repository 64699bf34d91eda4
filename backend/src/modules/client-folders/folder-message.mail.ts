import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { getSector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { escapeHtml, Mailer, type MailMessage, NotificationsProcessor } from '../notifications';
import { ClientFoldersRepository } from './client-folders.repository';

/** Outbox job (queue `notifications`) written with each folder message. */
export const FOLDER_MESSAGE_JOB = 'client-folders.message';

const fullName = (person: { firstName: string | null; lastName: string | null }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ');

/** The notification of a message: who wrote and where to read it, never the content. */
export function folderMessageMail(to: string, sender: string, link: string, messageId: string): MailMessage {
  const line = `Vous avez un nouveau message de ${sender}`;
  const text = [
    'Bonjour,',
    '',
    `${line}.`,
    'Pour le lire, connectez-vous à votre espace :',
    link,
    '',
    'Par confidentialité, le contenu des messages n’est jamais envoyé par mail.',
  ].join('\n');
  const html = `<p>Bonjour,</p>
<p>${escapeHtml(line)}.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#b3261e;color:#fff;text-decoration:none;border-radius:4px">Lire le message</a></p>
<p style="color:#666;font-size:13px">Par confidentialité, le contenu des messages n’est jamais envoyé par mail.</p>`;
  return {
    to,
    subject: line,
    text,
    html,
    messageId: `<folder-message-${messageId}@${new URL(link).hostname}>`,
  };
}

/** Worker handler of `client-folders.message`: mails the other party of the folder. */
@Injectable()
export class FolderMessageMailJob implements OnModuleInit {
  constructor(
    private readonly processor: NotificationsProcessor,
    private readonly repository: ClientFoldersRepository,
    private readonly mailer: Mailer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.processor.register(FOLDER_MESSAGE_JOB, (_tx, payload) => this.handle(payload));
  }

  async handle(payload: Record<string, unknown>): Promise<void> {
    if (typeof payload.messageId !== 'string') return;
    const message = await this.repository.message(payload.messageId);
    const folder = message ? await this.repository.folder(message.folderId) : undefined;
    if (!message || !folder) return;
    const { client, professional } = await this.repository.parties(folder);
    if (message.author === 'user') {
      // Legal professions (lawyers, bailiffs, notaries) are addressed as "Maître".
      const title = getSector(this.env.SECTOR).key === 'groomer' ? '' : 'Maître ';
      await this.mailer.send(
        folderMessageMail(
          client.email,
          `${title}${fullName(professional)}`.trim(),
          `${this.env.PUBLIC_URL}/participant/profil#dossiers`,
          message.id,
        ),
      );
    } else {
      await this.mailer.send(
        folderMessageMail(
          professional.email,
          fullName(client) || client.email,
          `${this.env.PUBLIC_URL}/user/dossiers-client?dossier=${folder.id}`,
          message.id,
        ),
      );
    }
  }
}
