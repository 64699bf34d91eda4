import { Inject, Injectable } from '@nestjs/common';
import { getSector } from '@rdv/sectors';
import Handlebars from 'handlebars';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidFieldsError,
  NotFoundError,
} from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { AuthenticatedAccount } from '../identity';
import {
  checkMailTemplate,
  MAIL_TEMPLATE_RULES,
  sampleMailContext,
  CHAT_MESSAGE_VARIABLES,
  DEFAULT_CHAT_MESSAGE,
  DEFAULT_MAIL_TEMPLATES,
  MAIL_TEMPLATE_KEYS,
  renderMail,
  frameMail,
  mailBrand,
  type MailBrand,
  type MailTemplateKey,
  type MailTemplateSource,
  bearerLinksIn,
  ChatWebhookAddressPolicy,
} from '../notifications';
import { forbiddenAccount } from './booking-errors';
import type {
  ChatSettingsDto,
  MailPreviewDto,
  MailTemplateDto,
  MailTemplateVariableDto,
  PreviewMailTemplateDto,
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

function isMailTemplateKey(key: string): key is MailTemplateKey {
  return (MAIL_TEMPLATE_KEYS as readonly string[]).includes(key);
}

function variablesOf(key: MailTemplateKey): MailTemplateVariableDto[] {
  const { variables, required } = MAIL_TEMPLATE_RULES[key];
  return variables.map((variable) => ({
    name: variable.name,
    label: variable.label,
    required: required.includes(variable.name),
    ...(variable.itemFields ? { itemFields: [...variable.itemFields] } : {}),
  }));
}

const unknownTemplate = () => new NotFoundError('MAIL_TEMPLATE_NOT_FOUND', 'Modèle de mail inconnu');

@Injectable()
export class BookingSettingsService {
  /** Realistic French values for previews and for the subject check. */
  private readonly sampleContext: Record<string, unknown>;
  private readonly brand: MailBrand;

  constructor(
    private readonly repository: BookingSettingsRepository,
    private readonly webhookPolicy: ChatWebhookAddressPolicy,
    @Inject(ENV) env: Env,
  ) {
    this.sampleContext = sampleMailContext(getSector(env.SECTOR), env.PUBLIC_URL);
    this.brand = mailBrand(getSector(env.SECTOR), env.PUBLIC_URL);
  }

  async templates(): Promise<MailTemplateDto[]> {
    const stored = new Map((await this.repository.storedTemplates()).map((t) => [t.key, t]));
    return MAIL_TEMPLATE_KEYS.map((key) => {
      const template = stored.get(key) ?? DEFAULT_MAIL_TEMPLATES[key];
      return {
        id: key,
        key,
        label: MAIL_TEMPLATE_RULES[key].label,
        subject: template.subject,
        html: template.html,
        text: template.text,
        customized: stored.has(key),
        variables: variablesOf(key),
      };
    });
  }

  async template(key: string): Promise<MailTemplateDto> {
    const found = (await this.templates()).find((t) => t.key === key);
    if (!found) throw unknownTemplate();
    return found;
  }

  /** Saves an override once it passes every rule of `checkMailTemplate`; nothing is written otherwise. */
  async updateTemplate(key: string, dto: UpdateMailTemplateDto): Promise<MailTemplateDto> {
    if (!isMailTemplateKey(key)) throw unknownTemplate();
    this.assertValid(key, dto);
    await this.repository.upsertTemplate(key, {
      subject: dto.subject,
      html: dto.html,
      text: dto.text,
    });
    return this.template(key);
  }

  /** Renders the saved template, or the fields of `draft` over it, with sample values, in the common layout. */
  async previewTemplate(key: string, draft: PreviewMailTemplateDto): Promise<MailPreviewDto> {
    if (!isMailTemplateKey(key)) throw unknownTemplate();
    const saved = await this.template(key);
    const source: MailTemplateSource = {
      subject: draft.subject ?? saved.subject,
      html: draft.html ?? saved.html,
      text: draft.text ?? saved.text,
    };
    this.assertValid(key, source);
    const rendered = renderMail(source, this.sampleContext);
    return { subject: rendered.subject, ...frameMail(this.brand, rendered) };
  }

  async resetTemplate(key: string): Promise<MailTemplateDto> {
    if (!isMailTemplateKey(key)) throw unknownTemplate();
    await this.repository.deleteTemplate(key);
    return this.template(key);
  }

  private assertValid(key: MailTemplateKey, source: MailTemplateSource): void {
    const problems = checkMailTemplate(key, source, this.sampleContext);
    if (Object.keys(problems).length > 0) throw new InvalidFieldsError('INVALID_TEMPLATE', problems);
  }

  async chatSettings(account: AuthenticatedAccount, userId: string): Promise<ChatSettingsDto> {
    const { teamId } = await this.teamOf(account, userId);
    const settings = teamId ? await this.repository.chatSettings(teamId) : undefined;
    return {
      webhookUrl: settings?.webhookUrl ?? null,
      messageTemplate: settings?.messageTemplate ?? null,
      enabled: settings?.enabled ?? false,
      defaultTemplate: DEFAULT_CHAT_MESSAGE,
      variables: [...CHAT_MESSAGE_VARIABLES],
      teamId,
    };
  }

  async updateChatSettings(
    account: AuthenticatedAccount,
    userId: string,
    dto: UpdateChatSettingsDto,
  ): Promise<ChatSettingsDto> {
    const team = await this.teamOf(account, userId);
    const teamId = team.teamId;
    if (!teamId) throw new ConflictError('NO_OFFICE', 'Rattachez-vous d’abord à un cabinet');
    // The office's webhook is the office manager's setting (nobody manages it yet: any member).
    if (team.managerId !== null && team.managerId !== userId)
      throw new ForbiddenError(
        'NOT_OFFICE_MANAGER',
        'Seul le responsable du cabinet peut faire cette modification',
      );
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

  private async teamOf(
    account: AuthenticatedAccount,
    userId: string,
  ): Promise<{ teamId: string | null; managerId: string | null }> {
    if (account.id !== userId) throw forbiddenAccount();
    const user = await this.repository.teamOf(userId);
    if (!user) throw new NotFoundError('USER_NOT_FOUND', 'Professionnel introuvable');
    return user;
  }
}
