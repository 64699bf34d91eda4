import { publicUrl } from '../lib/config.server';
import { fetchProfileSitemapFiles } from '../lib/directory.server';
import { SITEMAP_KINDS, sitemapIndexXml, xmlResponse } from '../lib/sitemap';

/**
 * /sitemap.xml: the index of the sitemaps by type, the profiles in as many files as the API says. When the API
 * does not answer, the index still lists every type with the first profiles file, and is not cached, so the next
 * crawl gets every file.
 */
export async function loader() {
  const files = await fetchProfileSitemapFiles();
  const xml = sitemapIndexXml(publicUrl(), SITEMAP_KINDS, files ?? 1);
  return files === null ? xmlResponse(xml, 'no-store') : xmlResponse(xml);
}
