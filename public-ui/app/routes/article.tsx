import { Link, redirect } from 'react-router';
import type { Route } from './+types/article';
import { currentSector } from '../lib/config.server';
import { apiPage } from '../lib/directory.server';
import { dateLong, paths } from '../lib/directory';
import { breadcrumbJsonLd } from '../lib/jsonld';
import { rootDataFromMatches, useSector } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { Breadcrumbs } from '../components/Breadcrumbs';

export async function loader({ params }: Route.LoaderArgs) {
  const article = await apiPage((api) =>
    api.GET('/api/v1/articles/{idOrSlug}', { params: { path: { idOrSlug: params.articleId } } }),
  );
  // Reached by its numeric id (or an old slug): one URL per article, the slug.
  if (params.articleId !== article.slug)
    throw redirect(paths(currentSector().routes).article(article.slug), 301);
  return { article };
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { sector, publicUrl } = rootDataFromMatches(matches);
  const { article } = loaderData;
  const to = paths(sector.routes);
  const fallback = article.excerpt ?? plainText(article.content);
  const description =
    article.seoDescription ?? (fallback.length > 160 ? `${fallback.slice(0, 157)}…` : fallback);
  const url = `${publicUrl}${to.article(article.slug)}`;
  return [
    ...pageMeta(matches, { title: article.title, description, path: to.article(article.slug) }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: article.title,
        description,
        datePublished: article.publishedAt,
        dateModified: article.updatedAt,
        inLanguage: 'fr-FR',
        mainEntityOfPage: url,
        ...(article.author ? { author: { '@type': 'Person', name: article.author } } : {}),
        publisher: { '@type': 'Organization', name: sector.productName, url: `${publicUrl}/` },
      },
    },
    {
      'script:ld+json': breadcrumbJsonLd(publicUrl, [
        { name: 'Accueil', path: '/' },
        { name: 'Guide des démarches', path: to.guide },
        { name: article.title, path: to.article(article.slug) },
      ]),
    },
  ];
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const sector = useSector();
  const to = paths(sector.routes);
  const { article } = loaderData;
  return (
    <div className="container page">
      <Breadcrumbs
        items={[
          { name: 'Accueil', path: '/' },
          { name: 'Guide des démarches', path: to.guide },
          { name: article.title, path: to.article(article.slug) },
        ]}
      />
      <article className="card article">
        <h1>{article.title}</h1>
        <p className="muted article__meta">
          Publié le <time dateTime={article.publishedAt}>{dateLong(article.publishedAt)}</time>
          {article.author ? ` par ${article.author}` : ''}
        </p>
        {/* Written by the administrators in the back office (trusted HTML). */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: article.content }} />
      </article>
      <section className="card card--accent article__cta" aria-labelledby="article-cta">
        <h2 id="article-cta">Besoin {sector.words.indefinite.replace(/^un /, 'd’un ')} ?</h2>
        <p>Trouvez {sector.words.indefinite} près de chez vous et prenez rendez-vous en ligne.</p>
        <p>
          <Link to={to.directory} className="button button--primary">
            Trouver {sector.words.indefinite}
          </Link>
        </p>
      </section>
    </div>
  );
}
