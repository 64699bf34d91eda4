import { describe, expect, it } from 'vitest';
import { pageMeta } from './seo';
import { rootData } from '../test-support';

const matches = [{ id: 'root', loaderData: rootData() }];

describe('pageMeta', () => {
  it('adds the product name to a short title (pageTitle rule of docs/product.md §2)', () => {
    const tags = pageMeta(matches, {
      title: 'Mentions légales',
      description: 'd',
      path: '/mentions-legales',
    });
    expect(tags).toContainEqual({ title: 'Mentions légales | RDV Avocat' });
  });

  it('keeps a title of 55 characters or more as it is', () => {
    const long = 'Avocats en droit de la famille à Saint-Denis (Seine-Saint-Denis)';
    expect(long.length).toBeGreaterThanOrEqual(55);
    expect(pageMeta(matches, { title: long, description: 'd' })).toContainEqual({ title: long });
  });

  it('gives a meta description and a canonical URL on PUBLIC_URL', () => {
    const tags = pageMeta(matches, { title: 'CGU', description: 'Règles du service', path: '/cgu' });
    expect(tags).toContainEqual({ name: 'description', content: 'Règles du service' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://rdv.example/cgu' });
  });

  it('uses the sector product name', () => {
    const notary = [{ id: 'root', loaderData: rootData('notary') }];
    expect(pageMeta(notary, { title: 'CGU', description: 'd' })).toContainEqual({
      title: 'CGU | RDV Notaire',
    });
  });
});
