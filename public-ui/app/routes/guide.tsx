import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/guide';
import { currentSector } from '../lib/config.server';
import { apiCall } from '../lib/directory.server';
import { dateLong, pageHref, paths, readPage } from '../lib/directory';
import { breadcrumbJsonLd } from '../lib/jsonld';
import { rootDataFromMatches, useSector } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { Pagination } from '../components/Pagination';

const PER_PAGE = 12;

export function guideTitle(yours: string): string {
  return `Guide des démarches auprès de ${yours}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const to = paths(currentSector().routes);
  const page = readPage(new URL(request.url));
  if (page === 1 || Number.isNaN(page)) throw redirect(to.guide, 301);
  const current = page ?? 1;
  const answer = await apiCall((api) =>
    api.GET('/api/v1/articles', { params: { query: { page: current, perPage: PER_PAGE } } }),
  );
  if (answer.status !== 200 || !answer.body) throw data(null, { status: answer.status === 400 ? 404 : 503 });
  const totalPages = Math.max(1, Math.ceil(answer.body.total / PER_PAGE));
  if (current > totalPages) throw data(null, { status: 404 });
  return { articles: answer.body.items, page: current, totalPages };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { sector, publicUrl } = rootDataFromMatches(matches);
  const to = paths(sector.routes);
  const page = loaderData?.page ?? 1;
  return [
    ...pageMeta(matches, {
      title: guideTitle(sector.words.yours) + (page > 1 ? ` – page ${page}` : ''),
      description: `Conseils pratiques pour préparer un rendez-vous avec ${sector.words.yours} : coûts, documents, déroulement et démarches.`,
      path: pageHref(to.guide, page),
    }),
    {
      'script:ld+json': breadcrumbJsonLd(publicUrl, [
        { name: 'Accueil', path: '/' },
        { name: 'Guide des démarches', path: to.guide },
      ]),
    },
  ];
}

export default function Guide({ loaderData }: Route.ComponentProps) {
  const sector = useSector();
  const to = paths(sector.routes);
  const { articles, page, totalPages } = loaderData;
  return (
    <div className="container page">
      <Breadcrumbs
        items={[
          { name: 'Accueil', path: '/' },
          { name: 'Guide des démarches', path: to.guide },
        ]}
      />
      <h1>{guideTitle(sector.words.yours)}</h1>
      <p className="page__lead">
        Nos articles pour préparer votre rendez-vous et savoir ce que {sector.words.yours} peut faire pour
        vous.
      </p>
      {articles.length === 0 ? (
        <p className="notice" role="status">
          Aucun article n’est publié pour le moment.
        </p>
      ) : (
        <ul className="article-list">
          {articles.map((a) => (
            <li key={a._id} className="card article-teaser">
              <h2 className="article-teaser__title">
                <Link to={to.article(a.slug)}>{a.title}</Link>
              </h2>
              <p className="muted article-teaser__meta">
                <time dateTime={a.publishedAt}>{dateLong(a.publishedAt)}</time>
                {a.author ? ` · ${a.author}` : ''}
              </p>
              {a.excerpt && <p>{a.excerpt}</p>}
            </li>
          ))}
        </ul>
      )}
      <Pagination path={to.guide} page={page} totalPages={totalPages} />
    </div>
  );
}
