import type { SitemapEntry } from './directory';

/** The sitemaps of the index, one per type: the API's /api/v1/sitemap/{type} data, plus the fixed pages. */
export const API_SITEMAP_KINDS = ['profiles', 'cities', 'offices', 'articles'] as const;
export const SITEMAP_KINDS = ['pages', ...API_SITEMAP_KINDS] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

function isSitemapKind(value: string): value is SitemapKind {
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

/**
 * The file name of one sitemap: `{kind}.xml`, and for the profiles, split in numbered files (the protocol allows
 * 50,000 URLs per file), `profiles.xml` for the first (the name the single file had) then `profiles-2.xml`...
 */
function sitemapFileName(kind: string, file = 1): string {
  return file === 1 ? `${kind}.xml` : `${kind}-${file}.xml`;
}

/** The kind and file number of a sitemap file name, or null when there is no such sitemap. */
export function parseSitemapFileName(name: string): { kind: SitemapKind; file: number } | null {
  const match = /^([a-z]+)(?:-([1-9][0-9]{0,5}))?\.xml$/.exec(name);
  if (!match || !isSitemapKind(match[1])) return null;
  const file = match[2] ? Number(match[2]) : 1;
  // Only the profiles are split; their first file is profiles.xml, never profiles-1.xml (one URL per file).
  if (match[2] && (match[1] !== 'profiles' || file < 2)) return null;
  return { kind: match[1], file };
}

/** `<sitemapindex>` pointing at /sitemaps/{kind}.xml, and at every file of the profiles (`profileFiles` of them). */
export function sitemapIndexXml(
  publicUrl: string,
  kinds: readonly string[] = SITEMAP_KINDS,
  profileFiles = 1,
): string {
  const names = kinds.flatMap((kind) =>
    kind === 'profiles'
      ? Array.from({ length: profileFiles }, (_, i) => sitemapFileName(kind, i + 1))
      : [sitemapFileName(kind)],
  );
  const items = names.map(
    (name) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/${name}`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export function xmlResponse(body: string, cacheControl = 'public, max-age=3600'): Response {
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': cacheControl },
  });
}
