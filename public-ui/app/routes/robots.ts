import { publicUrl } from '../lib/config.server';

/** Account, booking and back-office areas stay out of search engines (SEO). */
export function loader() {
  const body = [
    'User-agent: *',
    'Disallow: /admin/',
    'Disallow: /user/',
    'Disallow: /participant/',
    'Disallow: /appointments/',
    'Disallow: /events-responses/',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl()}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
