import { data, Form, useNavigation } from 'react-router';
import {
  appointmentModesPhrase,
  CIVILITIES,
  CIVILITY_LABELS,
  frenchMessageFor,
  MESSAGES_FR,
  ofOffice,
  officeIdentifierOf,
} from '@rdv/sectors';
import type { Route } from './+types/registration-request';
import type { Schemas } from '@rdv/api-client';
import { serverApi, visitorAddress } from '../lib/api.server';
import { currentSector } from '../lib/config.server';
import {
  readRegistration,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationRequest,
} from '../lib/registration';
import { rootDataFromMatches, useSector } from '../lib/root-data';
import { pageMeta } from '../lib/seo';

export function meta({ matches }: Route.MetaArgs) {
  const { sector } = rootDataFromMatches(matches);
  return pageMeta(matches, {
    title: `Vous êtes ${sector.words.singular} ? Rejoignez-nous`,
    description: `Inscrivez-vous : 139 € HT par mois, essai de 6 mois à 69 € HT par mois sans engagement.`,
    path: '/demande-inscription',
  });
}

/** A colleague's referral link (/demande-inscription?parrain=CODE) fills the sponsorship code. */
export function loader({ request }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get('parrain') ?? '';
  return { referralCode: /^[A-Za-z0-9-]{4,20}$/.test(code) ? code.toUpperCase() : '' };
}

type ActionResult =
  { ok: true } | { ok: false; errors: RegistrationErrors; formError?: string; values: RegistrationRequest };

/** Forwards the request to the API; works without JavaScript (plain form POST to this page). */
export async function action({ request }: Route.ActionArgs) {
  const values = readRegistration(await request.formData());
  const errors = validateRegistration(values, currentSector());
  if (Object.keys(errors).length > 0) {
    return data<ActionResult>({ ok: false, errors, values }, { status: 400 });
  }
  try {
    const { error, response } = await serverApi({
      // Only the address the gateway derived from the socket (X-Client-IP): the API limits
      // registration requests per address, and a raw X-Forwarded-For would let the client choose it.
      forwardedFor: visitorAddress(request),
      timeoutMs: 8_000,
    }).POST('/api/v1/registration-requests', {
      // The API validates civility against its list and answers in French.
      body: {
        ...values,
        civility: values.civility as Schemas['CreateRegistrationRequestDto']['civility'],
        // Most applicants come without a referral link: no empty code sent.
        referral_code: values.referral_code || undefined,
      },
    });
    if (response.ok) return { ok: true } satisfies ActionResult;
    const body = error as { message?: unknown } | undefined;
    const message = Array.isArray(body?.message)
      ? body.message.join('. ')
      : (body?.message as string | undefined);
    const formError =
      response.status >= 500 || response.status === 404
        ? MESSAGES_FR.unexpectedError
        : frenchMessageFor(message, currentSector());
    if (response.status >= 500 || response.status === 404) {
      console.error(`[public-ui] POST /api/v1/registration-requests answered ${response.status}`);
    }
    return data<ActionResult>(
      { ok: false, errors: {}, formError, values },
      { status: response.status === 429 ? 429 : 400 },
    );
  } catch (error) {
    console.error(
      `[public-ui] POST /api/v1/registration-requests failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return data<ActionResult>(
      {
        ok: false,
        errors: {},
        formError: MESSAGES_FR.serviceUnavailable,
        values,
      },
      { status: 503 },
    );
  }
}

const BENEFITS = [
  'Moins de secrétariat téléphonique',
  'Jusqu’à 10 nouveaux dossiers par mois',
  '30 % de temps en moins à organiser vos rendez-vous',
  'Un profil personnalisé visible',
];

export default function RegistrationRequestPage({ actionData, loaderData }: Route.ComponentProps) {
  const sector = useSector();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const result = actionData as ActionResult | undefined;
  const failed = result && !result.ok ? result : undefined;
  const errors = failed?.errors ?? {};
  const values = failed?.values;

  const fieldProps = (name: keyof RegistrationRequest) => ({
    id: `ri-${name}`,
    name,
    defaultValue: values?.[name] ?? (name === 'referral_code' ? (loaderData?.referralCode ?? '') : ''),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `ri-${name}-error` : undefined,
  });
  const fieldError = (name: keyof RegistrationRequest) =>
    errors[name] ? (
      <p id={`ri-${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className="container page">
      <h1>
        Vous êtes {sector.words.singular} ? Rejoignez {sector.productName}
      </h1>
      <p className="page__lead">
        Vos clients prennent rendez-vous en ligne, {appointmentModesPhrase(sector)}, et vous validez chaque
        demande depuis votre agenda.
      </p>

      <div className="offer">
        <section className="card offer__price" aria-labelledby="offer-title">
          <h2 id="offer-title">Notre offre</h2>
          <p className="price">
            <span className="price__amount">139 €</span> HT par mois
          </p>
          <p className="price__trial">
            Essai de 6 mois à <strong>69 € HT par mois</strong>, sans engagement.
          </p>
          <ul className="benefits">
            {BENEFITS.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </section>

        <section className="card" aria-labelledby="form-title">
          <h2 id="form-title">Demande d’inscription</h2>
          {result?.ok ? (
            <p className="notice notice--success" role="status">
              Merci ! Votre demande d’inscription a bien été envoyée. Notre équipe vous recontacte très vite
              pour activer votre profil.
            </p>
          ) : (
            <Form method="post" className="form">
              {failed?.formError && (
                <p className="notice notice--error" role="alert">
                  {failed.formError}
                </p>
              )}
              <p className="form__hint">Les champs marqués d’un astérisque (*) sont obligatoires.</p>
              <fieldset className="field field--radios">
                <legend>Civilité *</legend>
                {CIVILITIES.map((c) => (
                  <label key={c} className="radio">
                    <input
                      type="radio"
                      name="civility"
                      value={c}
                      required
                      defaultChecked={values?.civility === c}
                    />
                    {CIVILITY_LABELS[c]}
                  </label>
                ))}
                {fieldError('civility')}
              </fieldset>
              <div className="form__row">
                <div className="field">
                  <label htmlFor="ri-first_name">Prénom *</label>
                  <input {...fieldProps('first_name')} type="text" autoComplete="given-name" required />
                  {fieldError('first_name')}
                </div>
                <div className="field">
                  <label htmlFor="ri-last_name">Nom *</label>
                  <input {...fieldProps('last_name')} type="text" autoComplete="family-name" required />
                  {fieldError('last_name')}
                </div>
              </div>
              <div className="form__row">
                <div className="field">
                  <label htmlFor="ri-email">Email *</label>
                  <input {...fieldProps('email')} type="email" autoComplete="email" required />
                  {fieldError('email')}
                </div>
                <div className="field">
                  <label htmlFor="ri-phone">Téléphone *</label>
                  <input {...fieldProps('phone')} type="tel" autoComplete="tel" required />
                  {fieldError('phone')}
                </div>
              </div>
              <div className="field">
                <label htmlFor="ri-officeName">Nom {ofOffice(sector)}</label>
                <input {...fieldProps('officeName')} type="text" autoComplete="organization" />
                {fieldError('officeName')}
              </div>
              <div className="form__row">
                <div className="field">
                  <label htmlFor="ri-officeNumber">{officeIdentifierOf(sector).label}</label>
                  <input {...fieldProps('officeNumber')} type="text" inputMode="numeric" autoComplete="off" />
                  {fieldError('officeNumber')}
                </div>
                <div className="field">
                  <label htmlFor="ri-city">Ville *</label>
                  <input {...fieldProps('city')} type="text" autoComplete="address-level2" required />
                  {fieldError('city')}
                </div>
              </div>
              <div className="field">
                <label htmlFor="ri-message">Message</label>
                <textarea {...fieldProps('message')} rows={4} maxLength={2000} />
                {fieldError('message')}
              </div>
              <div className="field">
                <label htmlFor="ri-referral_code">Code de parrainage</label>
                <input {...fieldProps('referral_code')} type="text" autoComplete="off" maxLength={20} />
                {fieldError('referral_code')}
              </div>
              <button type="submit" className="button button--primary" disabled={submitting}>
                {submitting ? 'Envoi en cours…' : 'Envoyer ma demande'}
              </button>
            </Form>
          )}
        </section>
      </div>
    </div>
  );
}
