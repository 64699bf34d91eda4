import { describe, expect, it } from 'vitest';
import { parseSitemapFileName, sitemapIndexXml, urlsetXml } from './sitemap';

describe('sitemaps', () => {
  it('indexes one sitemap per type under /sitemaps/', () => {
    const xml = sitemapIndexXml('https://rdv.example');
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const kind of ['pages', 'profiles', 'cities', 'offices', 'articles']) {
      expect(xml).toContain(`<sitemap><loc>https://rdv.example/sitemaps/${kind}.xml</loc></sitemap>`);
    }
  });

  it('lists the API entries as absolute URLs with their last modification, XML-escaped', () => {
    const xml = urlsetXml(
      'https://rdv.example',
      [
        { path: '/avocats/lyon', lastmod: '2026-11-20T10:00:00.000Z' },
        { path: '/avocats/lyon/droit-penal', lastmod: '2026-11-21T10:00:00.000Z' },
        { path: '/avocat/o-brien&co', lastmod: '2026-11-21T10:00:00.000Z' },
      ],
      ['/avocats'],
    );
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(xml).toContain('<url><loc>https://rdv.example/avocats</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://rdv.example/avocats/lyon</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></url>',
    );
    expect(xml).toContain('<loc>https://rdv.example/avocats/lyon/droit-penal</loc>');
    expect(xml).toContain('<loc>https://rdv.example/avocat/o-brien%26co</loc>');
  });

  it('splits the profiles in numbered files: profiles.xml first, then profiles-2.xml...', () => {
    const xml = sitemapIndexXml('https://rdv.example', ['pages', 'profiles', 'cities'], 3);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://rdv.example/sitemaps/pages.xml',
      'https://rdv.example/sitemaps/profiles.xml',
      'https://rdv.example/sitemaps/profiles-2.xml',
      'https://rdv.example/sitemaps/profiles-3.xml',
      'https://rdv.example/sitemaps/cities.xml',
    ]);
    expect(parseSitemapFileName('profiles.xml')).toEqual({ kind: 'profiles', file: 1 });
    expect(parseSitemapFileName('profiles-12.xml')).toEqual({ kind: 'profiles', file: 12 });
    for (const name of ['profiles-1.xml', 'profiles-01.xml', 'cities-2.xml', 'users.xml', 'profiles.xml.gz'])
      expect(parseSitemapFileName(name)).toBeNull();
  });
});
