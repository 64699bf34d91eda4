import { data, Form, Link, useNavigation, useSearchParams } from 'react-router';
import { MESSAGES_FR } from '@rdv/sectors';
import type { Route } from './+types/appointment';
import { callApi } from '../lib/attendee-session.server';
import { currentSector } from '../lib/config.server';
import { modeLabel, professionalName, statusLabel } from '../lib/appointments';
import { dateAtTime, time } from '../lib/dates';
import { useSector } from '../lib/root-data';
import { pageMeta } from '../lib/seo';

const refPath = (ref: string) => `/api/v1/appointments/${encodeURIComponent(ref)}`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const answer = await callApi(request, (api) =>
    api.GET('/api/v1/appointments/{refAppointment}', {
      params: { path: { refAppointment: params.refAppointment } },
    }),
  );
  if (answer.status === 404 || answer.status === 400) throw data(null, { status: 404 });
  if (!answer.ok) throw data(null, { status: 503 });
  return { appointment: answer.body };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Mon rendez-vous',
    description: 'Le détail de votre rendez-vous.',
    noindex: true,
  });
}

type ActionResult = { cancelled: true; message: string } | { cancelled: false; error: string };

/** The attendee cancels (POST /api/v1/appointments/{ref}/cancel); the reference is the authority. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const reason = String(form.get('reason') ?? '')
    .trim()
    .slice(0, 1000);
  const answer = await callApi(request, (api) =>
    api.POST('/api/v1/appointments/{refAppointment}/cancel', {
      params: { path: { refAppointment: params.refAppointment } },
      body: reason ? { reason } : {},
    }),
  );
  if (answer.ok) {
    return {
      cancelled: true,
      message: MESSAGES_FR.appointmentCancelled(currentSector().words.definite),
    } satisfies ActionResult;
  }
  return data<ActionResult>(
    { cancelled: false, error: answer.message ?? MESSAGES_FR.unexpectedError },
    { status: answer.status === 404 ? 404 : 400 },
  );
}

export default function AppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const sector = useSector();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { appointment: a } = loaderData;
  const result = actionData as ActionResult | undefined;
  const cancelledNow = result?.cancelled === true;
  const status = cancelledNow ? 'cancelled' : a.status;
  const confirming = params.has('annulation') && a.cancellable && !cancelledNow;
  const tz = a.timezone;
  const pro = professionalName(a.professional, sector);
  const icsHref = `${refPath(a.refAppointment)}/ics`;
  const submitting = navigation.state === 'submitting';

  return (
    <div className="container page page--narrow">
      <h1>Mon rendez-vous</h1>
      {cancelledNow && (
        <p className="notice notice--success" role="status">
          {result.message}
        </p>
      )}
      <article className="card appointment" aria-labelledby="appointment-title">
        <p className={`status-badge status-badge--${status}`}>{statusLabel(status)}</p>
        <h2 id="appointment-title" className="appointment__when">
          {dateAtTime(a.start, tz)}
          <span className="appointment__until"> – {time(a.end, tz)}</span>
        </h2>
        <dl className="details">
          <div>
            <dt>Avec</dt>
            <dd>
              <a href={`/${sector.routes.profile}/${a.professional.userUri}`}>{pro}</a>
              {a.professional.office && <span className="details__sub">{a.professional.office}</span>}
            </dd>
          </div>
          {a.motive && (
            <div>
              <dt>Motif</dt>
              <dd>{a.motive.title}</dd>
            </div>
          )}
          <div>
            <dt>Mode</dt>
            <dd>{modeLabel(a.mode, sector)}</dd>
          </div>
          {a.mode === 'in_person' && a.location && (
            <div>
              <dt>Adresse</dt>
              <dd>
                {a.location}{' '}
                <a
                  className="details__sub"
                  href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(a.location)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Voir sur la carte
                </a>
              </dd>
            </div>
          )}
          {a.mode === 'visio' && (
            <div>
              <dt>Lien de visio</dt>
              <dd>
                {a.visioUrl && (status === 'confirmed' || status === 'pending') ? (
                  <a href={a.visioUrl} target="_blank" rel="noopener noreferrer">
                    Rejoindre la visio
                  </a>
                ) : (
                  <span className="details__sub">
                    Le lien sera disponible une fois le rendez-vous confirmé.
                  </span>
                )}
              </dd>
            </div>
          )}
          {a.mode === 'phone' && (
            <div>
              <dt>Téléphone</dt>
              <dd>
                {status === 'confirmed' && a.professional.telephone ? (
                  <a href={`tel:${a.professional.telephone}`}>{a.professional.telephone}</a>
                ) : (
                  <span className="details__sub">
                    {sector.words.definite.charAt(0).toUpperCase() + sector.words.definite.slice(1)} vous
                    appellera à l’heure du rendez-vous.
                  </span>
                )}
              </dd>
            </div>
          )}
          {a.notes && (
            <div>
              <dt>Votre message</dt>
              <dd className="details__pre">{a.notes}</dd>
            </div>
          )}
          {status === 'refused' && a.refusalReason && (
            <div>
              <dt>Raison du refus</dt>
              <dd>{a.refusalReason}</dd>
            </div>
          )}
        </dl>
        {status === 'pending' && (
          <p className="form__hint">
            Votre demande a été transmise. Vous recevrez un email de confirmation dès que{' '}
            {sector.words.definite} l’aura validée.
          </p>
        )}
        {(status === 'pending' || status === 'confirmed') && (
          <div className="appointment__actions">
            <a className="button button--secondary" href={icsHref} download>
              Ajouter à mon agenda
            </a>
            {a.cancellable && !confirming && (
              <Link to="?annulation" className="button button--ghost" preventScrollReset>
                Annuler le rendez-vous
              </Link>
            )}
          </div>
        )}
      </article>

      {confirming && (
        <section className="card card--warning" aria-labelledby="cancel-title">
          <h2 id="cancel-title">Annuler ce rendez-vous ?</h2>
          <p>
            {sector.words.definite.charAt(0).toUpperCase() + sector.words.definite.slice(1)} sera informé de
            l’annulation. Le créneau sera libéré.
          </p>
          <Form method="post" className="form" replace>
            {result && !result.cancelled && (
              <p className="notice notice--error" role="alert">
                {result.error}
              </p>
            )}
            <div className="field">
              <label htmlFor="cancel-reason">
                Raison <span className="field__optional">(facultatif)</span>
              </label>
              <textarea id="cancel-reason" name="reason" rows={3} maxLength={1000} />
            </div>
            <div className="form__actions">
              <button type="submit" className="button button--danger" disabled={submitting}>
                {submitting ? 'Annulation…' : 'Oui, annuler le rendez-vous'}
              </button>
              <Link to="." replace className="button button--ghost" preventScrollReset>
                Non, garder le rendez-vous
              </Link>
            </div>
          </Form>
        </section>
      )}

      <p className="page__foot">
        <Link to="/participant/mes-rdvs">Voir tous mes rendez-vous</Link>
      </p>
    </div>
  );
}
