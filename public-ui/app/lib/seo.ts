import { pageTitle } from '@rdv/sectors';
import { rootDataFromMatches } from './root-data';

export interface PageMeta {
  /** Title without the product name; pageTitle() adds it when the spec says so. */
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. `/cgu`. Omit for pages that must not be indexed. */
  path?: string;
  noindex?: boolean;
}

/**
 * Meta tags of a page: title (docs/product.md §2 rule through pageTitle), description, canonical link
 * and the Open Graph basics. Used by every route's `meta` export.
 */
export function pageMeta(matches: ReadonlyArray<unknown>, page: PageMeta) {
  const { sector, publicUrl } = rootDataFromMatches(matches);
  const title = pageTitle(page.title, sector.productName);
  const tags: Array<Record<string, string>> = [
    { title },
    { name: 'description', content: page.description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:site_name', content: sector.productName },
  ];
  if (page.path !== undefined) {
    const href = `${publicUrl}${page.path === '/' ? '/' : page.path}`;
    tags.push({ tagName: 'link', rel: 'canonical', href });
    tags.push({ property: 'og:url', content: href });
  }
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
