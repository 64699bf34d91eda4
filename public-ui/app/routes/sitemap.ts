import { data } from 'react-router';
import type { Route } from './+types/sitemap';
import { currentSector, publicUrl } from '../lib/config.server';
import { fetchSitemapEntries } from '../lib/directory.server';
import { paths } from '../lib/directory';
import { isSitemapKind, urlsetXml, xmlResponse } from '../lib/sitemap';

/** /sitemaps/{profiles|cities|offices|articles}.xml from GET /api/v1/sitemap/{type}. */
export async function loader({ params }: Route.LoaderArgs) {
  const match = /^([a-z]+)\.xml$/.exec(params.file);
  if (!match || !isSitemapKind(match[1])) throw data(null, { status: 404 });
  const kind = match[1];
  const to = paths(currentSector().routes);
  const entries = await fetchSitemapEntries(kind);
  const extra =
    kind === 'cities'
      ? ['/', to.directory, '/domaines-de-competences', '/service-avis', '/demande-inscription']
      : kind === 'articles'
        ? [to.guide]
        : [];
  return xmlResponse(urlsetXml(publicUrl(), entries, extra));
}
