import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/domain-error';
import { AuditService } from '../audit';
import {
  SITE_LOCALES,
  SITE_PHONE_COUNTRIES,
  type AdminSiteConfigDto,
  type SiteCompanyDto,
  type SiteConfigDto,
  type UpdateSiteConfigDto,
} from './site-config.dto';
import { SiteConfigRepository } from './site-config.repository';
import { Transactions } from '../../database/database.module';

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));

const COMPANY_FIELDS = [
  'name',
  'legal_form',
  'share_capital',
  'rcs_city',
  'registration_number',
  'vat_number',
  'address',
  'city',
  'publication_director',
  'publication_director_role',
  'host_name',
  'host_address',
  'host_phone',
  'mediator',
  'dpo_email',
] as const satisfies ReadonlyArray<keyof SiteCompanyDto>;

/** docs/product.md §3 defaults, used for any key the table does not hold (or holds malformed). */
export const SITE_CONFIG_DEFAULTS: SiteConfigDto = {
  default_timezone: 'Europe/Paris',
  locales: ['fr', 'en'],
  default_locale: 'fr',
  allowed_phone_countries: ['FR', 'BE', 'CH'],
  page_sizes: { professionals_desktop: 20, professionals_mobile: 10 },
  flags: { specialities_enabled: true, user_card_default: false, sponsorship: true, client_folders: true },
  contact: { phone: null, email: null, social: {} },
  company: Object.fromEntries(COMPANY_FIELDS.map((field) => [field, null])) as SiteCompanyDto,
  payment_commission_percent: 0,
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

const commission = (value: unknown) =>
  typeof value === 'number' && value >= 0 && value <= 30
    ? value
    : SITE_CONFIG_DEFAULTS.payment_commission_percent;

/** The stored rows read defensively: every field present, with its default when absent or malformed. */
export function readSiteConfig(stored: Record<string, unknown>): SiteConfigDto {
  const d = SITE_CONFIG_DEFAULTS;
  const timezone = stored.default_timezone;
  const locales = Array.isArray(stored.locales)
    ? stored.locales.filter((l): l is 'fr' | 'en' => (SITE_LOCALES as readonly unknown[]).includes(l))
    : [];
  const countries = Array.isArray(stored.allowed_phone_countries)
    ? stored.allowed_phone_countries.filter((c): c is 'FR' | 'BE' | 'CH' =>
        (SITE_PHONE_COUNTRIES as readonly unknown[]).includes(c),
      )
    : [];
  const pageSizes = isObject(stored.page_sizes) ? stored.page_sizes : {};
  const size = (value: unknown, fallback: number) =>
    Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100
      ? (value as number)
      : fallback;
  const flags = isObject(stored.flags) ? stored.flags : {};
  const flag = (key: keyof SiteConfigDto['flags']) =>
    typeof flags[key] === 'boolean' ? (flags[key] as boolean) : d.flags[key];
  const contact = isObject(stored.contact) ? stored.contact : {};
  const social = isObject(contact.social) ? contact.social : {};
  const company = isObject(stored.company) ? stored.company : {};
  const defaultLocale = locales.length ? locales : d.locales;
  return {
    default_timezone:
      typeof timezone === 'string' && TIME_ZONES.has(timezone) ? timezone : d.default_timezone,
    locales: defaultLocale,
    default_locale: defaultLocale.includes(stored.default_locale as 'fr')
      ? (stored.default_locale as 'fr' | 'en')
      : defaultLocale[0],
    allowed_phone_countries: countries.length ? countries : d.allowed_phone_countries,
    page_sizes: {
      professionals_desktop: size(pageSizes.professionals_desktop, d.page_sizes.professionals_desktop),
      professionals_mobile: size(pageSizes.professionals_mobile, d.page_sizes.professionals_mobile),
    },
    flags: {
      specialities_enabled: flag('specialities_enabled'),
      user_card_default: flag('user_card_default'),
      sponsorship: flag('sponsorship'),
      client_folders: flag('client_folders'),
    },
    contact: {
      phone: text(contact.phone),
      email: text(contact.email),
      social: {
        facebook: text(social.facebook),
        linkedin: text(social.linkedin),
        x: text(social.x),
        instagram: text(social.instagram),
      },
    },
    company: Object.fromEntries(
      COMPANY_FIELDS.map((field) => [field, text(company[field])]),
    ) as SiteCompanyDto,
    payment_commission_percent: commission(stored.payment_commission_percent),
  };
}

/** docs/product.md §3 site configuration: read by every UI, edited by administrators. */
@Injectable()
export class SiteConfigService {
  constructor(
    private readonly repository: SiteConfigRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<SiteConfigDto> {
    return readSiteConfig(await this.repository.all());
  }

  async getForAdmin(): Promise<AdminSiteConfigDto> {
    return { id: 'current', ...(await this.get()) };
  }

  async update(adminId: string, dto: UpdateSiteConfigDto): Promise<AdminSiteConfigDto> {
    if (dto.default_timezone !== undefined && !TIME_ZONES.has(dto.default_timezone))
      throw new DomainError('VALIDATION_FAILED', 'Fuseau horaire inconnu', 400);
    const saved = await this.transactions.run(async (tx) => {
      const before = readSiteConfig(await this.repository.lockAll(tx));
      const after: SiteConfigDto = {
        ...before,
        ...(dto.default_timezone !== undefined && { default_timezone: dto.default_timezone }),
        ...(dto.locales !== undefined && { locales: [...new Set(dto.locales)] }),
        ...(dto.default_locale !== undefined && { default_locale: dto.default_locale }),
        ...(dto.allowed_phone_countries !== undefined && {
          allowed_phone_countries: [...new Set(dto.allowed_phone_countries)],
        }),
        ...(dto.page_sizes !== undefined && { page_sizes: dto.page_sizes }),
        ...(dto.flags !== undefined && { flags: dto.flags }),
        ...(dto.contact !== undefined && {
          contact: readSiteConfig({ contact: dto.contact }).contact,
        }),
        ...(dto.company !== undefined && { company: readSiteConfig({ company: dto.company }).company }),
        ...(dto.payment_commission_percent !== undefined && {
          payment_commission_percent: dto.payment_commission_percent,
        }),
      };
      if (!after.locales.includes(after.default_locale))
        throw new DomainError(
          'VALIDATION_FAILED',
          'La langue par défaut doit faire partie des langues proposées',
          400,
        );
      for (const [key, value] of Object.entries(after)) {
        if (JSON.stringify(value) !== JSON.stringify(before[key as keyof SiteConfigDto]))
          await this.repository.upsert(tx, key, value);
      }
      await this.audit.record(tx, {
        adminId,
        action: 'update',
        resource: 'site-config',
        resourceId: 'current',
        before,
        after,
      });
      return after;
    });
    return { id: 'current', ...saved };
  }
}
