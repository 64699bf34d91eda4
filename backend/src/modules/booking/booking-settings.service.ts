import { Injectable } from '@nestjs/common';
import Handlebars from 'handlebars';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import type { AuthenticatedAccount } from '../auth/guards';
import {
  DEFAULT_CHAT_MESSAGE,
  DEFAULT_MAIL_TEMPLATES,
  MAIL_TEMPLATE_KEYS,
  type MailTemplateKey,
} from '../notifications/mail-templates';
import { bearerLinksIn } from '../notifications/chat-message';
import { ChatWebhookAddressPolicy } from '../notifications/chat-webhook-address';
import { forbiddenAccount } from './booking-errors';
import type {
  ChatSettingsDto,
  MailTemplateDto,
  UpdateChatSettingsDto,
  UpdateMailTemplateDto,
} from './booking-settings.dto';
import { BookingSettingsRepository } from './booking-settings.repository';

function assertCompiles(source: string, label: string): void {
  try {
    Handlebars.precompile(source);
  } catch (error) {
    throw new DomainError(
      'INVALID_TEMPLATE',
      `${label} : modèle Handlebars invalide (${error instanceof Error ? error.message.split('\n')[0] : 'erreur'})`,
      400,
    );
  }
}

@Injectable()
export class BookingSettingsService {
  constructor(
    private readonly repository: BookingSettingsRepository,
    private readonly webhookPolicy: ChatWebhookAddressPolicy,
  ) {}

  async templates(): Promise<MailTemplateDto[]> {
    const stored = new Map((await this.repository.storedTemplates()).map((t) => [t.key, t]));
    return MAIL_TEMPLATE_KEYS.map((key) => {
      const template = stored.get(key) ?? DEFAULT_MAIL_TEMPLATES[key];
      return {
        id: key,
        key,
        subject: template.subject,
        html: template.html,
        text: template.text,
        customized: stored.has(key),
      };
    });
  }

  async template(key: string): Promise<MailTemplateDto> {
    const found = (await this.templates()).find((t) => t.key === key);
    if (!found) throw new NotFoundError('MAIL_TEMPLATE_NOT_FOUND', 'Modèle de mail inconnu');
    return found;
  }

  async updateTemplate(key: string, dto: UpdateMailTemplateDto): Promise<MailTemplateDto> {
    if (!MAIL_TEMPLATE_KEYS.includes(key as MailTemplateKey))
      throw new NotFoundError('MAIL_TEMPLATE_NOT_FOUND', 'Modèle de mail inconnu');
    assertCompiles(dto.subject, 'Sujet');
    assertCompiles(dto.html, 'HTML');
    assertCompiles(dto.text, 'Texte');
    await this.repository.upsertTemplate(key, dto);
    return this.template(key);
  }

  async resetTemplate(key: string): Promise<MailTemplateDto> {
    await this.repository.deleteTemplate(key);
    return this.template(key);
  }

  async chatSettings(account: AuthenticatedAccount, userId: string): Promise<ChatSettingsDto> {
    const teamId = await this.teamIdOf(account, userId);
    const settings = teamId ? await this.repository.chatSettings(teamId) : undefined;
    return {
      webhookUrl: settings?.webhookUrl ?? null,
      messageTemplate: settings?.messageTemplate ?? null,
      enabled: settings?.enabled ?? false,
      defaultTemplate: DEFAULT_CHAT_MESSAGE,
      teamId,
    };
  }

  async updateChatSettings(
    account: AuthenticatedAccount,
    userId: string,
    dto: UpdateChatSettingsDto,
  ): Promise<ChatSettingsDto> {
    const teamId = await this.teamIdOf(account, userId);
    if (!teamId) throw new ConflictError('NO_OFFICE', 'Rattachez-vous d’abord à un cabinet');
    const messageTemplate = dto.messageTemplate?.trim() || null;
    if (messageTemplate) {
      assertCompiles(messageTemplate, 'Message');
      const bearerLinks = bearerLinksIn(messageTemplate);
      if (bearerLinks.length > 0)
        throw new DomainError(
          'INVALID_TEMPLATE',
          `Message : les liens personnels (${bearerLinks.join(', ')}) ne peuvent pas être envoyés au cabinet, seul le professionnel concerné les reçoit par mail`,
          400,
        );
    }
    await this.webhookPolicy.assertAllowedOnSave(dto.webhookUrl);
    await this.repository.upsertChatSettings(teamId, {
      webhookUrl: dto.webhookUrl,
      messageTemplate,
      enabled: dto.enabled ?? true,
    });
    return this.chatSettings(account, userId);
  }

  private async teamIdOf(account: AuthenticatedAccount, userId: string): Promise<string | null> {
    if (account.id !== userId) throw forbiddenAccount();
    const user = await this.repository.teamOf(userId);
    if (!user) throw new NotFoundError('USER_NOT_FOUND', 'Professionnel introuvable');
    return user.teamId;
  }
}
