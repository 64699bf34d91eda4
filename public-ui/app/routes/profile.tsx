import { lazy, Suspense } from 'react';
import { data, Link } from 'react-router';
import type { Route } from './+types/profile';
import { visitorAddress } from '../lib/api.server';
import { callApi, readAttendeeToken } from '../lib/attendee-session.server';
import { apiCall, apiPage } from '../lib/directory.server';
import { fullName, languageName, paths, type Profile } from '../lib/directory';
import { breadcrumbJsonLd, professionalJsonLd } from '../lib/jsonld';
import { rootDataFromMatches, useSector } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { ofOffice, wordsFor } from '@rdv/sectors';
import { Avatar } from '../components/Avatar';
import { BookingEntry } from '../components/BookingEntry';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { Modes } from '../components/Modes';
import { MotivePrices } from '../components/MotivePrices';
import { PhoneReveal, type PhoneRevealResult } from '../components/PhoneReveal';
import type { SlotAlertResult } from '../components/SlotAlertForm';
import { NoOnlineBooking, ProfessionalCard } from '../components/ProfessionalCard';
import { PUBLIC_PAGE_CACHE } from '../lib/http-cache';

// The map (components/map) is a module of its own, loaded once the page is live: none of it is in the first load.
// A module that does not load leaves the page without its map, never broken.
const PlaceMap = lazy(() => import('../components/map/PlaceMap').catch(() => ({ default: () => null })));

export async function loader({ params, request }: Route.LoaderArgs) {
  const profile = await apiPage((api) =>
    api.GET('/api/v1/professionals/{userUri}', { params: { path: { userUri: params.userUri } } }),
  );
  const slot = new URL(request.url).searchParams.get('creneau');
  // The professional asked search engines not to index the profile: the header says it to every crawler,
  // including those that never parse the HTML (the meta below says it too).
  return data(
    { profile, selectedSlot: slot && slot.length <= 40 ? slot : null },
    profile.indexable ? undefined : { headers: { 'X-Robots-Tag': 'noindex' } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  // Shared caches may keep the page for anonymous visitors (lib/http-cache.ts), with the loader's X-Robots-Tag.
  const headers = new Headers(loaderHeaders);
  headers.set('Cache-Control', PUBLIC_PAGE_CACHE);
  return headers;
}

/** "Afficher le numéro": counts a call through the API, with the visitor's address. */
export async function action({
  params,
  request,
}: Route.ActionArgs): Promise<PhoneRevealResult & SlotAlertResult> {
  const form = await request.formData();
  if (form.get('intent') === 'slot-alert') return slotAlert(form, request);
  if (form.get('intent') !== 'reveal-phone') throw data(null, { status: 400 });
  const answer = await apiCall(
    (api) =>
      api.POST('/api/v1/professionals/{userUri}/phone-reveal', {
        params: { path: { userUri: params.userUri } },
      }),
    { forwardedFor: visitorAddress(request) },
  );
  if (answer.status === 200 && answer.body?.telephone) return { telephone: answer.body.telephone };
  if (answer.status === 404) return { error: 'Aucun numéro n’est disponible pour le moment.' };
  if (answer.status === 429) return { error: 'Trop de demandes, veuillez réessayer dans quelques minutes.' };
  return { error: 'Le numéro n’a pas pu être affiché, veuillez réessayer.' };
}

/** "Me prévenir": the wait for an earlier slot, through the API (which validates and answers in French). */
async function slotAlert(form: FormData, request: Request): Promise<SlotAlertResult> {
  // A signed-in client is sent along: their verified phone gets the alert by SMS too.
  const answer = await callApi(
    request,
    (api) =>
      api.POST('/api/v1/users/{id}/slot-alerts', {
        params: { path: { id: String(form.get('userId') ?? '') } },
        body: { email: String(form.get('email') ?? '').trim(), before: String(form.get('before') ?? '') },
      }),
    { token: readAttendeeToken(request) },
  );
  if (answer.ok) return { alertMessage: answer.body.message };
  return { alertError: answer.message ?? 'L’alerte n’a pas pu être enregistrée, veuillez réessayer.' };
}

function crumbs(sectorPlural: string, to: ReturnType<typeof paths>, profile: Profile) {
  const plural = sectorPlural.charAt(0).toUpperCase() + sectorPlural.slice(1);
  return [
    { name: 'Accueil', path: '/' },
    { name: plural, path: to.directory },
    ...(profile.city ? [{ name: profile.city.name, path: to.city(profile.city.cityUri) }] : []),
    { name: fullName(profile), path: to.profile(profile.userUri) },
  ];
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { sector, publicUrl } = rootDataFromMatches(matches);
  const { profile } = loaderData;
  const to = paths(sector.routes);
  const name = fullName(profile);
  const where = profile.city ? ` à ${profile.city.name}` : '';
  // This page names one professional: "Claire Martin, avocate à Lyon".
  const singular = wordsFor(sector, profile.civility).singular;
  const title = `${name}, ${singular}${where}`;
  const domains = profile.specialities
    .map((s) => s.name)
    .slice(0, 3)
    .join(', ');
  const role = profile.presentation_title ?? singular;
  // "Avocate au barreau de Paris" already says where.
  const roleWhere = profile.city && role.includes(profile.city.name) ? role : `${role}${where}`;
  const description = `${name}, ${roleWhere}. ${
    domains ? `${sector.specialitiesLabel} : ${domains}. ` : ''
  }${profile.accepts_online_booking ? 'Prenez rendez-vous en ligne.' : 'Coordonnées et informations pratiques.'}`;
  return [
    ...pageMeta(matches, {
      title,
      description: description.length > 160 ? `${description.slice(0, 157)}…` : description,
      path: to.profile(profile.userUri),
      // The professional asked search engines not to index the profile.
      noindex: !profile.indexable,
    }),
    { 'script:ld+json': professionalJsonLd(sector, publicUrl, profile) },
    { 'script:ld+json': breadcrumbJsonLd(publicUrl, crumbs(sector.words.plural, to, profile)) },
  ];
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const sector = useSector();
  const to = paths(sector.routes);
  const { profile, selectedSlot } = loaderData;
  const office = profile.office;
  // where in-person appointments take place: the professional's own address, else the office's (API)
  const address = profile.address;
  const others = profile.otherOnlineInCity;
  const words = wordsFor(sector, profile.civility);
  return (
    <div className="container page">
      <Breadcrumbs items={crumbs(sector.words.plural, to, profile)} />
      <div className="profile">
        <section className="card profile__intro" aria-labelledby="profile-name">
          <div className="profile__head">
            <Avatar person={profile} large eager />
            <div>
              <h1 id="profile-name" className="profile__name">
                {fullName(profile)}
              </h1>
              <p className="profile__title">
                {profile.presentation_title ??
                  words.singular.charAt(0).toUpperCase() + words.singular.slice(1)}
              </p>
              {office && (
                <p className="profile__office">
                  <Link to={to.office(office.teamUri)}>{office.name}</Link>
                  {profile.city && <span> · {profile.city.name}</span>}
                </p>
              )}
            </div>
          </div>
          <Modes modes={profile.modes} sector={sector} />
          {profile.hasPhone && <PhoneReveal revealed={actionData} />}
        </section>

        <aside className="profile__side" aria-label="Rendez-vous">
          {profile.accepts_online_booking ? (
            <BookingEntry
              professional={profile}
              sector={sector}
              selectedSlot={selectedSlot}
              slotAlert={actionData}
            />
          ) : (
            <section className="card booking-entry" aria-labelledby="booking-title" id="prendre-rendez-vous">
              <h2 id="booking-title">Prendre rendez-vous</h2>
              <NoOnlineBooking
                sector={sector}
                civility={profile.civility}
                othersHref={others && others.count > 0 ? to.city(others.city.cityUri) : null}
                cityName={others?.city.name}
              />
            </section>
          )}
        </aside>

        {profile.presentation && (
          <section className="card profile__block" aria-labelledby="presentation-title">
            <h2 id="presentation-title">Présentation</h2>
            <div className="prose">
              {profile.presentation.split(/\n{2,}/).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </section>
        )}

        <section className="card profile__block" aria-labelledby="details-title">
          <h2 id="details-title">Informations</h2>
          <dl className="facts">
            {profile.specialities.length > 0 && (
              <div>
                <dt>{sector.specialitiesLabel}</dt>
                <dd>
                  <ul className="chips">
                    {profile.specialities.map((s) => (
                      <li key={s.slug} className="chip">
                        {profile.city ? (
                          <Link to={to.city(profile.city.cityUri, s.slug)}>{s.name}</Link>
                        ) : (
                          s.name
                        )}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
            {sector.hasBar && profile.bar && (
              <div>
                <dt>Barreau</dt>
                <dd>{profile.bar}</dd>
              </div>
            )}
            {profile.spoken_languages.length > 0 && (
              <div>
                <dt>Langues parlées</dt>
                <dd>{profile.spoken_languages.map(languageName).join(', ')}</dd>
              </div>
            )}
            {(office || address) && (
              <div>
                <dt>Adresse {ofOffice(sector)}</dt>
                <dd>
                  <address>
                    {office && <Link to={to.office(office.teamUri)}>{office.name}</Link>}
                    {address?.street && (
                      <>
                        {office && <br />}
                        {address.street}
                      </>
                    )}
                    {address && (address.postalCode || address.city) && (
                      <>
                        <br />
                        {[address.postalCode, address.city?.name].filter(Boolean).join(' ')}
                      </>
                    )}
                  </address>
                </dd>
              </div>
            )}
            {profile.accepts_online_booking && profile.motives.length > 0 && (
              <div>
                <dt>Motifs de rendez-vous</dt>
                <dd>
                  <MotivePrices motives={profile.motives} label="Motifs de rendez-vous" />
                </dd>
              </div>
            )}
            {profile.feesInfo && (
              <div>
                <dt>{sector.feesLabel}</dt>
                <dd className="profile__fees">{profile.feesInfo}</dd>
              </div>
            )}
            {sector.legalAid && profile.acceptsLegalAid && (
              <div>
                <dt>Aide juridictionnelle</dt>
                <dd>Acceptée</dd>
              </div>
            )}
          </dl>
          {(office || address) && (
            <Suspense>
              <PlaceMap
                title={`Plan : adresse ${ofOffice(sector)}`}
                places={[
                  {
                    item: profile,
                    id: profile._id,
                    label: `Adresse ${ofOffice(sector)} de ${fullName(profile)}`,
                  },
                  office && { item: office, id: office._id, label: office.name },
                ]}
              />
            </Suspense>
          )}
        </section>
      </div>

      {others && others.items.length > 0 && (
        <section className="others" aria-labelledby="others-title">
          <h2 id="others-title">
            D’autres {sector.words.plural} à {others.city.name} prennent rendez-vous en ligne
          </h2>
          <ul className="results__list results__list--grid">
            {others.items.map((pro) => (
              <li key={pro._id} className="results__item">
                <ProfessionalCard pro={pro} sector={sector} headingLevel={3} />
              </li>
            ))}
          </ul>
          {others.count > others.items.length && (
            <p>
              <Link to={to.city(others.city.cityUri)} className="button button--secondary">
                Voir les {others.count} {sector.words.plural} à {others.city.name}
              </Link>
            </p>
          )}
        </section>
      )}
    </div>
  );
}
