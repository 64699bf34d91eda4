import type { Schemas } from '@rdv/api-client';

/** docs/product.md §3 site configuration as GET /api/v1/site-config answers it. */
export type SiteConfig = Schemas['SiteConfigDto'];

/** A dotted path of the configuration (`company.name`, `contact.email`): its text, or null when not filled. */
export function siteConfigText(config: SiteConfig | null | undefined, path: string): string | null {
  let value: unknown = config;
  for (const key of path.split('.')) {
    if (!value || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' && value.trim() ? value : null;
}

/**
 * What every page's footer shows of the configuration: contact, social links and the company's name. The root
 * loader sends only this to the browser (it is in every page's hydration data); the legal pages read the rest.
 */
export interface FooterConfig {
  contact?: SiteConfig['contact'] | null;
  company?: { name?: string | null } | null;
}

export function footerConfig(config: SiteConfig | null | undefined): FooterConfig | null {
  if (!config) return null;
  return { contact: config.contact, company: { name: config.company?.name ?? null } };
}
