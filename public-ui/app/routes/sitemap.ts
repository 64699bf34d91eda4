import { data } from 'react-router';
import type { Route } from './+types/sitemap';
import { currentSector, publicUrl } from '../lib/config.server';
import { fetchSitemapEntries } from '../lib/directory.server';
import { paths } from '../lib/directory';
import { parseSitemapFileName, urlsetXml, xmlResponse } from '../lib/sitemap';

/**
 * /sitemaps/{profiles|cities|offices|articles}.xml from GET /api/v1/sitemap/{type}; the profiles' next files,
 * /sitemaps/profiles-{n}.xml, from GET /api/v1/sitemap/profiles?file={n}; /sitemaps/pages.xml: the fixed pages.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const parsed = parseSitemapFileName(params.file);
  if (!parsed) throw data(null, { status: 404 });
  const { kind, file } = parsed;
  const to = paths(currentSector().routes);
  if (kind === 'pages') {
    // The site's fixed pages (the legal pages are left out: nothing to search for there).
    const pages = [
      '/',
      to.directory,
      to.guide,
      '/domaines-de-competences',
      '/service-avis',
      '/demande-inscription',
    ];
    return xmlResponse(urlsetXml(publicUrl(), [], pages));
  }
  return xmlResponse(urlsetXml(publicUrl(), await fetchSitemapEntries(kind, file)));
}
