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
