import type { SitemapEntry } from './directory';

/** The sitemaps of the index, one per type: the API's /api/v1/sitemap/{type} data, plus the fixed pages. */
export const API_SITEMAP_KINDS = ['profiles', 'cities', 'offices', 'articles'] as const;
export const SITEMAP_KINDS = ['pages', ...API_SITEMAP_KINDS] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export function isSitemapKind(value: string): value is SitemapKind {
  return (SITEMAP_KINDS as readonly string[]).includes(value);
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Path segments percent-encoded once (the API sends readable slugs). */
function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
    .join('/');
}

/** `<urlset>` of one sitemap. `extra` are static pages added at the top (e.g. the directory). */
export function urlsetXml(publicUrl: string, entries: SitemapEntry[], extra: string[] = []): string {
  const urls = [
    ...extra.map((path) => `<url><loc>${escapeXml(publicUrl + encodePath(path))}</loc></url>`),
    ...entries.map(
      (e) =>
        `<url><loc>${escapeXml(publicUrl + encodePath(e.path))}</loc>${
          e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''
        }</url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** `<sitemapindex>` pointing at /sitemaps/{kind}.xml. */
export function sitemapIndexXml(publicUrl: string, kinds: readonly string[] = SITEMAP_KINDS): string {
  const items = kinds.map(
    (kind) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/${kind}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
