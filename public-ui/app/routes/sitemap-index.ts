import { publicUrl } from '../lib/config.server';
import { sitemapIndexXml, xmlResponse } from '../lib/sitemap';

/** /sitemap.xml: the index of the sitemaps by type. */
export function loader() {
  return xmlResponse(sitemapIndexXml(publicUrl()));
}
