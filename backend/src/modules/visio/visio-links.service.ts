import { Inject, Injectable } from '@nestjs/common';
import { getSector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { DomainError } from '../../common/domain-error';
import type { DbOrTx } from '../../database/database.types';
import { VISIO_PROVIDERS, type CalendarProvider, type VisioProvider } from '../../database/schema';
import { JitsiVisioLinks } from '../notifications';
import { VisioSettingsRepository, type StoredVisioSettings } from './visio-settings.repository';
import type { UpdateVisioSettingsDto, VisioSettingsDto } from './visio.dto';

/** Refused when a video appointment is asked of a professional who has no way to give a link. */
export const visioUnavailable = () =>
  new DomainError(
    'VISIO_UNAVAILABLE',
    'Ce professionnel n’a pas encore configuré de lien de visioconférence : choisissez un autre mode de rendez-vous',
    422,
  );

const UNUSABLE: Record<VisioProvider, string> = {
  google_meet:
    'Google Meet demande un agenda Google connecté où les rendez-vous sont écrits (Synchronisation de vos calendriers)',
  teams:
    'Microsoft Teams demande un agenda Office 365 (compte professionnel) connecté où les rendez-vous sont écrits',
  jitsi: 'Ce site ne propose pas de serveur Jitsi : choisissez un autre fournisseur',
  own_link: 'Indiquez le lien de votre salle de visioconférence',
};

/** Which providers can give a link now: Meet and Teams come with the write-back calendar's account. */
function usableProviders(
  settings: StoredVisioSettings,
  writeTarget: CalendarProvider | null,
  jitsi: boolean,
): Record<VisioProvider, boolean> {
  return {
    google_meet: writeTarget === 'google',
    // Teams meetings need a work or school account: Outlook.com ('live') accounts cannot create them.
    teams: writeTarget === 'office365',
    jitsi,
    own_link: Boolean(settings.ownLinkUrl),
  };
}

/**
 * The professional's chosen provider while it can give a link; otherwise (automatic, or the calendar it needed
 * was disconnected) the first that can, in this order: Google Meet, Teams, the site's Jitsi, their own link.
 */
export function effectiveProvider(
  settings: StoredVisioSettings,
  writeTarget: CalendarProvider | null,
  jitsi: boolean,
): VisioProvider | null {
  const usable = usableProviders(settings, writeTarget, jitsi);
  if (settings.provider && usable[settings.provider]) return settings.provider;
  return VISIO_PROVIDERS.find((provider) => usable[provider]) ?? null;
}

/**
 * SQL condition on the professional `userId` (a column): they can give a video link, the site's Jitsi aside — their
 * own room link, or a working Google / Office 365 write-back calendar for Meet / Teams (the `usableProviders` rule,
 * for reads that list many professionals). With the site's Jitsi every professional can.
 */
export function visioLinkAvailableSql(userId: string, siteJitsi: boolean): string {
  if (siteJitsi) return 'true';
  return `(EXISTS (SELECT 1 FROM visio_settings vs WHERE vs.user_id = ${userId} AND vs.own_link_url IS NOT NULL)
    OR EXISTS (SELECT 1 FROM external_calendars ec JOIN calendar_connections cc ON cc.id = ec.connection_id
               WHERE ec.user_id = ${userId} AND ec.is_write_target AND cc.status = 'active'
                 AND cc.provider IN ('google', 'office365')))`;
}

/** Where video appointments take place, professional by professional, and their links. */
@Injectable()
export class VisioLinksService {
  private readonly jitsi: JitsiVisioLinks | null;

  constructor(
    private readonly repository: VisioSettingsRepository,
    @Inject(ENV) env: Env,
  ) {
    this.jitsi = env.JITSI_BASE_URL
      ? new JitsiVisioLinks(env.JITSI_BASE_URL, getSector(env.SECTOR).productName)
      : null;
  }

  async settingsOf(userId: string): Promise<VisioSettingsDto> {
    const settings = await this.repository.find(userId);
    const writeTarget = await this.repository.writeTargetProvider(userId);
    const available = usableProviders(settings, writeTarget, this.jitsi !== null);
    // Own link is always offered: it becomes usable once its URL is given.
    available.own_link = true;
    const effective = effectiveProvider(settings, writeTarget, this.jitsi !== null);
    return {
      provider: settings.provider,
      ownLinkUrl: settings.ownLinkUrl,
      effectiveProvider: effective,
      available,
      jitsiBaseUrl: this.jitsi ? this.jitsi.baseUrl : null,
      acceptsVisio: effective !== null,
    };
  }

  async update(userId: string, dto: UpdateVisioSettingsDto): Promise<VisioSettingsDto> {
    const current = await this.repository.find(userId);
    const next: StoredVisioSettings = {
      provider: dto.provider === undefined ? current.provider : dto.provider,
      ownLinkUrl: dto.ownLinkUrl === undefined ? current.ownLinkUrl : dto.ownLinkUrl?.trim() || null,
    };
    if (next.provider) {
      const usable = usableProviders(
        next,
        await this.repository.writeTargetProvider(userId),
        this.jitsi !== null,
      );
      if (!usable[next.provider])
        throw new DomainError('VISIO_PROVIDER_UNAVAILABLE', UNUSABLE[next.provider], 422);
    }
    await this.repository.save(userId, next);
    return this.settingsOf(userId);
  }

  /**
   * The link a new video appointment carries: a Jitsi room or the professional's own link at once; null when
   * Meet or Teams will create it with the calendar event at validation. 422 when the professional has none.
   */
  async linkAtBooking(userId: string, tx?: DbOrTx): Promise<string | null> {
    const settings = await this.repository.find(userId, tx);
    const provider = effectiveProvider(
      settings,
      await this.repository.writeTargetProvider(userId, tx),
      this.jitsi !== null,
    );
    if (provider === null) throw visioUnavailable();
    if (provider === 'jitsi') return this.jitsi!.newMeetingUrl();
    if (provider === 'own_link') return settings.ownLinkUrl;
    return null;
  }

  /**
   * When the calendar gave no meeting (its account broke, the provider failed): the site's Jitsi, else the
   * professional's own link, stored on the appointment (nothing when neither exists).
   */
  async fallBack(appointmentId: string, userId: string): Promise<void> {
    const settings = await this.repository.find(userId);
    const url = this.jitsi?.newMeetingUrl() ?? settings.ownLinkUrl;
    if (url) await this.repository.setLinkIfMissing(appointmentId, url);
  }
}
