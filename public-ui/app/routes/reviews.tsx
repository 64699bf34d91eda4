import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/reviews';
import { apiCall } from '../lib/directory.server';
import { dateLong, pageHref, paths, readPage } from '../lib/directory';
import { aggregateRatingJsonLd, breadcrumbJsonLd } from '../lib/jsonld';
import { rootDataFromMatches, useSector } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { Pagination } from '../components/Pagination';

const PER_PAGE = 20;
const PATH = '/service-avis';

export async function loader({ request }: Route.LoaderArgs) {
  const page = readPage(new URL(request.url));
  if (page === 1 || Number.isNaN(page)) throw redirect(PATH, 301);
  const current = page ?? 1;
  const answer = await apiCall((api) =>
    api.GET('/api/v1/reviews', { params: { query: { page: current, perPage: PER_PAGE } } }),
  );
  if (answer.status !== 200 || !answer.body) throw data(null, { status: answer.status === 400 ? 404 : 503 });
  const totalPages = Math.max(1, Math.ceil(answer.body.total / PER_PAGE));
  if (current > totalPages) throw data(null, { status: 404 });
  return { reviews: answer.body, page: current, totalPages };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { sector, publicUrl } = rootDataFromMatches(matches);
  const page = loaderData?.page ?? 1;
  const aggregate = loaderData?.reviews.aggregate;
  const rating = aggregateRatingJsonLd(aggregate);
  return [
    ...pageMeta(matches, {
      title: `Avis des clients${page > 1 ? ` – page ${page}` : ''}`,
      description:
        aggregate && aggregate.ratingCount > 0
          ? `${aggregate.ratingValue.toLocaleString('fr-FR')}/5 sur ${aggregate.ratingCount} avis : ce que les clients disent des rendez-vous pris sur ${sector.productName}.`
          : `Les avis des clients sur les rendez-vous pris sur ${sector.productName}.`,
      path: pageHref(PATH, page),
    }),
    // Only reviews collected by the product, and only when there is at least one.
    ...(rating
      ? [
          {
            'script:ld+json': {
              '@context': 'https://schema.org',
              '@type': 'Organization',
              name: sector.productName,
              url: `${publicUrl}/`,
              aggregateRating: rating,
            },
          },
        ]
      : []),
    {
      'script:ld+json': breadcrumbJsonLd(publicUrl, [
        { name: 'Accueil', path: '/' },
        { name: 'Avis des clients', path: PATH },
      ]),
    },
  ];
}

function Stars({ value }: { value: number }) {
  const rounded = Math.round(value);
  return (
    <span className="stars" role="img" aria-label={`${value.toLocaleString('fr-FR')} sur 5`}>
      {'★★★★★'.slice(0, rounded)}
      <span className="stars__off">{'★★★★★'.slice(rounded)}</span>
    </span>
  );
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const sector = useSector();
  const to = paths(sector.routes);
  const { reviews, page, totalPages } = loaderData;
  const { aggregate } = reviews;
  return (
    <div className="container page">
      <Breadcrumbs
        items={[
          { name: 'Accueil', path: '/' },
          { name: 'Avis des clients', path: PATH },
        ]}
      />
      <h1>Avis des clients</h1>
      <p className="page__lead">
        Les avis sont déposés par des clients après un rendez-vous pris sur {sector.productName}, puis
        vérifiés avant publication.
      </p>
      {aggregate.ratingCount > 0 && (
        <section className="card rating-summary" aria-label="Note moyenne">
          <p className="rating-summary__value">
            {aggregate.ratingValue.toLocaleString('fr-FR', { minimumFractionDigits: 1 })}
            <span className="rating-summary__max">/5</span>
          </p>
          <div>
            <Stars value={aggregate.ratingValue} />
            <p className="muted">{aggregate.ratingCount} avis publiés</p>
          </div>
        </section>
      )}
      {reviews.items.length === 0 ? (
        <p className="notice" role="status">
          Aucun avis n’est encore publié.
        </p>
      ) : (
        <ul className="review-list">
          {reviews.items.map((r) => (
            <li key={r._id} className="card review">
              <div className="review__head">
                <Stars value={r.rating} />
                <span className="muted">
                  {r.authorName ?? 'Client'} · <time dateTime={r.publishedAt}>{dateLong(r.publishedAt)}</time>
                </span>
              </div>
              {r.comment && <p className="review__comment">{r.comment}</p>}
              {r.professional && (
                <p className="review__pro">
                  Rendez-vous avec{' '}
                  <Link to={to.profile(r.professional.userUri)}>
                    {r.professional.first_name} {r.professional.last_name}
                  </Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination path={PATH} page={page} totalPages={totalPages} />
    </div>
  );
}
